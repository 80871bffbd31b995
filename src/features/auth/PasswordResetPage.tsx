import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../shared/paths';
import { Button } from '../../shared/ui/Button';
import { NarrowCard, Studs } from '../../shared/ui/Card';
import { FormStack, TextField, verbatimInput } from '../../shared/ui/Field';
import { LeaveGuard } from '../../shared/ui/LeaveGuard';
import { Message } from '../../shared/ui/Message';
import { Subtitle, Title } from '../../shared/ui/Text';
import { useAppDispatch, useAppSelector } from '../../shared/storeHooks';
import { selectResetStatus } from './authSelectors';
import { authActions } from './authSlice';
import { selectResetErrorMessage } from './resetMessages';
import { resetTexts } from './reset.messages';
import { useMessages } from '../../shared/i18n/messages';
import { useAuthForm } from './useAuthForm';

/** /PasswordReset: one e-mail field, 'Get New Password', Enter submits (docs/spec/portal-spec.md sections 2, 5, 8). */
export default function PasswordResetPage() {
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectResetStatus);
  const t = useMessages(resetTexts);
  const serverError = useAppSelector(selectResetErrorMessage);
  const [email, setEmail] = useState('');
  const [empty, setEmpty] = useState(false);
  // The address a new password was asked for: sent, it is no longer work that leaving would lose.
  const [sentTo, setSentTo] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const submitting = status === 'submitting';

  const onSubmit = useAuthForm(authActions.passwordResetOpened, submitting, () => {
    if (email.trim() === '') {
      setEmpty(true);
      input.current?.focus();
      return;
    }
    setEmpty(false);
    setSentTo(email.trim());
    dispatch(authActions.passwordResetSubmitted({ email: email.trim() }));
  });

  const error = empty ? t.empty : status === 'failed' ? serverError : null;
  const unsaved = email.trim() !== '' && !(status === 'succeeded' && sentTo === email.trim());

  return (
    <NarrowCard aria-labelledby="reset-title">
      <Studs />
      <LeaveGuard unsaved={unsaved} saving={submitting} />
      <Title id="reset-title" $centered>{t.title}</Title>
      <Subtitle $centered>{t.subtitle}</Subtitle>
      <FormStack onSubmit={onSubmit} noValidate>
        <TextField id="reset-email" label={t.emailLabel} error={error} ref={input}
          name="email" type="email" inputMode="email" autoComplete="email" {...verbatimInput} value={email} onValueChange={setEmail} />
        {status === 'succeeded' && <Message $tone="success" role="status">{t.success}</Message>}
        <Button $variant="brand" type="submit" disabled={submitting}>
          {submitting ? t.submitting : t.submit}
        </Button>
        <Subtitle $centered>
          <Link to={paths.home.href()}>{t.backToSignIn}</Link>
        </Subtitle>
      </FormStack>
    </NarrowCard>
  );
}
