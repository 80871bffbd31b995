import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '../../shared/paths';
import { useAppDispatch, useAppSelector } from '../../shared/storeHooks';
import { selectResetStatus } from './authSelectors';
import { authActions } from './authSlice';
import { Card, describedBy, Field, Form, FormSuccess, Input, Lead, Links, PrimaryButton, Studs, Title } from './authUi';
import { resetMessages, selectResetErrorMessage } from './resetMessages';

/** /PasswordReset: one e-mail field, 'Get New Password', Enter submits (portal-spec.md sections 2, 5, 8). */
export default function PasswordResetPage() {
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectResetStatus);
  const serverError = useAppSelector(selectResetErrorMessage);
  const [email, setEmail] = useState('');
  const [empty, setEmpty] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const submitting = status === 'submitting';

  useEffect(() => {
    dispatch(authActions.passwordResetOpened());
  }, [dispatch]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    if (email.trim() === '') {
      setEmpty(true);
      input.current?.focus();
      return;
    }
    setEmpty(false);
    dispatch(authActions.passwordResetSubmitted({ email: email.trim() }));
  };

  const error = empty ? resetMessages.empty : status === 'failed' ? serverError : null;

  return (
    <Card aria-labelledby="reset-title">
      <Studs />
      <Title id="reset-title">Forgot your password?</Title>
      <Lead>Enter the e-mail address of your account and we will send you a new password.</Lead>
      <Form onSubmit={onSubmit} noValidate>
        <Field id="reset-email" label="E-mail" error={error}>
          <Input
            ref={input}
            id="reset-email"
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            {...describedBy('reset-email', error)}
          />
        </Field>
        {status === 'succeeded' && <FormSuccess role="status">{resetMessages.success}</FormSuccess>}
        <PrimaryButton type="submit" disabled={submitting}>
          {submitting ? 'Sending…' : 'Get New Password'}
        </PrimaryButton>
        <Links>
          <Link to={paths.home.href()}>Back to sign in</Link>
        </Links>
      </Form>
    </Card>
  );
}
