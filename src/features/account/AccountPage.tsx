/**
 * /account, for everyone signed in: change one's own password (current, new, repeated; shown or
 * hidden). What was typed stays when the change fails; the fields empty when it succeeds.
 */
import { useEffect, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useFormatters } from '../../shared/i18n/formatting';
import { useMessages } from '../../shared/i18n/messages';
import { useAppDispatch, useAppSelector } from '../../shared/storeHooks';
import { space } from '../../shared/theme';
import { Button } from '../../shared/ui/Button';
import { NarrowCard } from '../../shared/ui/Card';
import { FormStack, TextField, verbatimInput } from '../../shared/ui/Field';
import { LeaveGuard } from '../../shared/ui/LeaveGuard';
import { Message } from '../../shared/ui/Message';
import { Subtitle, Title } from '../../shared/ui/Text';
import { PASSWORD_RULES } from '../../../contract';
import { accountMessages } from './account.messages';
import { checkFields, problemText, serverErrors, type FieldProblems, type PasswordFields } from './passwordChecks';
import { accountActions, selectAccount } from './accountSlice';

const ShowToggle = styled.label`
  display: flex;
  align-items: center;
  gap: ${space(2)};
  min-height: ${({ theme }) => theme.touchTarget}px;
  input {
    width: 20px;
    height: 20px;
  }
`;

const EMPTY: PasswordFields = { current: '', next: '', repeat: '' };

export default function AccountPage() {
  const dispatch = useAppDispatch();
  const t = useMessages(accountMessages);
  const format = useFormatters();
  const { status, error } = useAppSelector(selectAccount);
  const [fields, setFields] = useState<PasswordFields>(EMPTY);
  const [shown, setShown] = useState(false);
  const [checked, setChecked] = useState<FieldProblems>({});

  useEffect(() => {
    dispatch(accountActions.opened());
  }, [dispatch]);
  useEffect(() => {
    if (status === 'done') setFields(EMPTY);
  }, [status]);

  const working = status === 'working';
  const fromServer = status === 'failed' ? serverErrors(error, t) : { fields: {}, form: null };
  const problems: FieldProblems = { ...fromServer.fields, ...checked };
  const errorOf = (key: keyof PasswordFields) => {
    const problem = problems[key];
    return problem ? problemText(problem, t, format) : null;
  };
  const set = (key: keyof PasswordFields) => (value: string) => {
    setFields((f) => ({ ...f, [key]: value }));
    setChecked((c) => ({ ...c, [key]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (working) return;
    const found = checkFields(fields);
    setChecked(found);
    if (Object.values(found).some(Boolean)) {
      document.getElementById(`account-${Object.keys(found)[0]}`)?.focus();
      return;
    }
    dispatch(accountActions.passwordChangeSubmitted({ currentPassword: fields.current, newPassword: fields.next }));
  };

  const type = shown ? 'text' : 'password';
  return (
    <NarrowCard aria-labelledby="account-title">
      <Title id="account-title">{t.title}</Title>
      <Subtitle>{t.subtitle}</Subtitle>
      {status === 'done' && (
        <Message $tone="success" role="status">
          <p>{t.changed}</p>
        </Message>
      )}
      {fromServer.form && (
        <Message $tone="error" role="alert">
          <p>{fromServer.form}</p>
        </Message>
      )}
      <FormStack onSubmit={submit} noValidate aria-label={t.subtitle}>
        <TextField
          id="account-current"
          label={t.current}
          type={type}
          autoComplete="current-password"
          {...verbatimInput}
          value={fields.current}
          onValueChange={set('current')}
          error={errorOf('current')}
        />
        <TextField id="account-next" label={t.next({ count: format.number(PASSWORD_RULES.minLength) })} type={type} autoComplete="new-password" {...verbatimInput} value={fields.next} onValueChange={set('next')} error={errorOf('next')} />
        <TextField id="account-repeat" label={t.repeat} type={type} autoComplete="new-password" {...verbatimInput} value={fields.repeat} onValueChange={set('repeat')} error={errorOf('repeat')} />
        <ShowToggle>
          <input type="checkbox" checked={shown} onChange={(event) => setShown(event.target.checked)} />
          {t.show}
        </ShowToggle>
        <Button type="submit" aria-disabled={working}>
          {working ? t.changing : t.change}
        </Button>
      </FormStack>
      <LeaveGuard unsaved={Object.values(fields).some((value) => value !== '')} saving={working} />
    </NarrowCard>
  );
}
