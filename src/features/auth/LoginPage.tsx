import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { paths } from '../../shared/paths';
import { useAppDispatch, useAppSelector } from '../../shared/storeHooks';
import { selectLoginFailed, selectLoginStatus } from './authSelectors';
import { authActions } from './authSlice';
import { Card, describedBy, Field, Form, FormAlert, Input, Lead, Links, PrimaryButton, Studs, Title } from './authUi';
import { loginMessages, validateLogin } from './loginRules';

const CheckRow = styled.div`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space[2]}px;

  input {
    width: 24px;
    height: 24px;
    margin: 0;
    flex: none;
    accent-color: ${({ theme }) => theme.colors.brand};
  }
`;

type Problem = 'username' | 'password' | 'terms';

/** '/' when signed out: username or e-mail, password, terms checkbox (portal-spec.md sections 2, 5). */
export default function LoginPage() {
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectLoginStatus);
  const failed = useAppSelector(selectLoginFailed);
  const submitting = status === 'submitting';

  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const refs = {
    username: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
    terms: useRef<HTMLInputElement>(null),
  };

  useEffect(() => {
    dispatch(authActions.loginPageOpened());
  }, [dispatch]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const first = validateLogin({ username, password, agreed });
    setProblem(first);
    if (first !== null) {
      refs[first].current?.focus();
      return;
    }
    dispatch(authActions.loginSubmitted({ username: username.trim(), password }));
  };

  const errorFor = (field: Problem) => (problem === field ? loginMessages[field] : null);

  return (
    <Card aria-labelledby="login-title">
      <Studs />
      <Title id="login-title">Welcome to Youngengineer Online</Title>
      <Lead>Sign in to build, learn and play.</Lead>
      <Form onSubmit={onSubmit} noValidate>
        <Field id="login-username" label="Username or e-mail" error={errorFor('username')}>
          <Input
            ref={refs.username}
            id="login-username"
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            value={username}
            onChange={(event) => setUsername(event.target.value)}
            {...describedBy('login-username', errorFor('username'))}
          />
        </Field>
        <Field id="login-password" label="Password" error={errorFor('password')}>
          <Input
            ref={refs.password}
            id="login-password"
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            {...describedBy('login-password', errorFor('password'))}
          />
        </Field>
        <div>
          <CheckRow>
            <input
              ref={refs.terms}
              id="login-terms"
              type="checkbox"
              checked={agreed}
              onChange={(event) => setAgreed(event.target.checked)}
              {...describedBy('login-terms', errorFor('terms'))}
            />
            <label htmlFor="login-terms">
              I agree to the <Link to={paths.termsOfUse.href()}>terms of use</Link>
            </label>
          </CheckRow>
          {problem === 'terms' && (
            <FormAlertInline id="login-terms-error" role="alert">
              {loginMessages.terms}
            </FormAlertInline>
          )}
        </div>
        {failed && problem === null && <FormAlert role="alert">{loginMessages.failed}</FormAlert>}
        <PrimaryButton type="submit" disabled={submitting}>
          {submitting ? 'Signing in…' : 'Sign in'}
        </PrimaryButton>
        <Links>
          <Link to={paths.passwordReset.href()}>Forgot password?</Link>
        </Links>
      </Form>
    </Card>
  );
}

const FormAlertInline = styled.p`
  margin: ${({ theme }) => theme.space[1]}px 0 0;
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;
