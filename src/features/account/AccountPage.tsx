/**
 * /account, for everyone signed in: change one's own password (current, new, repeated; shown or
 * hidden). What was typed stays when the change fails; the fields empty when it succeeds.
 */
import { useEffect, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useLazyFeature } from '../../shared/lazyFeature';
import { useAppDispatch, useAppSelector } from '../../shared/storeHooks';
import { space } from '../../shared/theme';
import { Button } from '../../shared/ui/Button';
import { NarrowCard } from '../../shared/ui/Card';
import { FormStack, TextField, verbatimInput } from '../../shared/ui/Field';
import { Message } from '../../shared/ui/Message';
import { Subtitle, Title } from '../../shared/ui/Text';
import { accountFeature } from './accountFeature';
import { checkFields, serverErrors, type FieldErrors, type PasswordFields } from './accountMessages';
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
  useLazyFeature(accountFeature);
  const dispatch = useAppDispatch();
  const { status, error } = useAppSelector(selectAccount);
  const [fields, setFields] = useState<PasswordFields>(EMPTY);
  const [shown, setShown] = useState(false);
  const [checked, setChecked] = useState<FieldErrors>({});

  useEffect(() => {
    dispatch(accountActions.opened());
  }, [dispatch]);
  useEffect(() => {
    if (status === 'done') setFields(EMPTY);
  }, [status]);

  const working = status === 'working';
  const fromServer = status === 'failed' ? serverErrors(error) : { fields: {}, form: null };
  const errors: FieldErrors = { ...fromServer.fields, ...checked };
  const set = (key: keyof PasswordFields) => (value: string) => {
    setFields((f) => ({ ...f, [key]: value }));
    setChecked((c) => ({ ...c, [key]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (working) return;
    const problems = checkFields(fields);
    setChecked(problems);
    if (Object.values(problems).some(Boolean)) {
      document.getElementById(`account-${Object.keys(problems)[0]}`)?.focus();
      return;
    }
    dispatch(accountActions.passwordChangeSubmitted({ currentPassword: fields.current, newPassword: fields.next }));
  };

  const type = shown ? 'text' : 'password';
  return (
    <NarrowCard aria-labelledby="account-title">
      <Title id="account-title">My account</Title>
      <Subtitle>Change your password</Subtitle>
      {status === 'done' && (
        <Message $tone="success" role="status">
          <p>Your password is changed. Other devices signed in to your account will ask for the new password.</p>
        </Message>
      )}
      {fromServer.form && (
        <Message $tone="error" role="alert">
          <p>{fromServer.form}</p>
        </Message>
      )}
      <FormStack onSubmit={submit} noValidate aria-label="Change your password">
        <TextField
          id="account-current"
          label="Current password"
          type={type}
          autoComplete="current-password"
          {...verbatimInput}
          value={fields.current}
          onValueChange={set('current')}
          error={errors.current ?? null}
        />
        <TextField id="account-next" label="New password (at least 8 characters)" type={type} autoComplete="new-password" {...verbatimInput} value={fields.next} onValueChange={set('next')} error={errors.next ?? null} />
        <TextField id="account-repeat" label="New password again" type={type} autoComplete="new-password" {...verbatimInput} value={fields.repeat} onValueChange={set('repeat')} error={errors.repeat ?? null} />
        <ShowToggle>
          <input type="checkbox" checked={shown} onChange={(event) => setShown(event.target.checked)} />
          Show the passwords
        </ShowToggle>
        <Button type="submit" aria-disabled={working}>
          {working ? 'Changing…' : 'Change password'}
        </Button>
      </FormStack>
    </NarrowCard>
  );
}
