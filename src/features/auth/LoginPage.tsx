import { useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import styled from 'styled-components';
import { selectCapabilities } from '../../entities/config/configSlice';
import { paths } from '../../shared/paths';
import { Button } from '../../shared/ui/Button';
import { NarrowCard, Studs } from '../../shared/ui/Card';
import { controlProps, ErrorText, FormStack, TextField, verbatimInput } from '../../shared/ui/Field';
import { Subtitle, Title } from '../../shared/ui/Text';
import { useAppDispatch, useAppSelector } from '../../shared/storeHooks';
import { selectIdleSignOut, selectLoginRefusal, selectLoginStatus } from './authSelectors';
import { Message } from '../../shared/ui/Message';
import { authActions } from './authSlice';
import { safeReturnTo } from '../../entities/session/landingPath';
import { validateLogin } from './loginRules';
import { loginTexts } from './auth.messages';
import { useMessages } from '../../shared/i18n/messages';
import { slotted, SLOT } from '../../shared/ui/slot';
import { useAuthForm } from './useAuthForm';

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

/** '/' when signed out: username or e-mail, password, terms checkbox (docs/spec/portal-spec.md sections 2, 5). */
export default function LoginPage() {
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectLoginStatus);
  const submitting = status === 'submitting';
  const refusal = useAppSelector(selectLoginRefusal);
  const idle = useAppSelector(selectIdleSignOut);
  const returnTo = safeReturnTo(useLocation().state);
  const t = useMessages(loginTexts);
  // The parents' way in, where the portal backend offers it (a plain WordPress site has none).
  const parents = useAppSelector(selectCapabilities).familySignIn === true;

  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const refs = {
    username: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
    terms: useRef<HTMLInputElement>(null),
  };

  const onSubmit = useAuthForm(authActions.loginPageOpened, submitting, () => {
    const first = validateLogin({ username, password, agreed });
    setProblem(first);
    if (first !== null) {
      refs[first].current?.focus();
      return;
    }
    dispatch(authActions.loginSubmitted({ username: username.trim(), password, ...(returnTo ? { returnTo } : {}) }));
  });

  const errorFor = (field: Problem) => (problem === field ? t[field] : null);

  return (
    <NarrowCard aria-labelledby="login-title">
      <Studs />
      <Title id="login-title" $centered>{t.title}</Title>
      <Subtitle $centered>{t.subtitle}</Subtitle>
      {idle && (
        <Message $tone="info" role="status">
          <p>{t.idleSignedOut}</p>
        </Message>
      )}
      <FormStack onSubmit={onSubmit} noValidate>
        <TextField id="login-username" label={t.usernameLabel} error={errorFor('username')} ref={refs.username}
          name="username" autoComplete="username" {...verbatimInput} value={username} onValueChange={setUsername} />
        <TextField id="login-password" label={t.passwordLabel} error={errorFor('password')} ref={refs.password}
          name="password" type="password" autoComplete="current-password" value={password} onValueChange={setPassword} />
        <div>
          <CheckRow>
            <input
              ref={refs.terms}
              type="checkbox"
              checked={agreed}
              onChange={(event) => setAgreed(event.target.checked)}
              {...controlProps('login-terms', errorFor('terms'))}
            />
            <label htmlFor="login-terms">
              {slotted(t.agreeToTerms({ terms: SLOT }), <Link to={paths.termsOfUse.href()}>{t.termsLink}</Link>)}
            </label>
          </CheckRow>
          {problem === 'terms' && (
            <FormAlertInline id="login-terms-error" role="alert">
              {t.terms}
            </FormAlertInline>
          )}
        </div>
        {(status === 'failed' || status === 'lackedRole') && problem === null && <ErrorText role="alert">{t[refusal ?? status]}</ErrorText>}
        <Button $variant="brand" type="submit" disabled={submitting}>
          {submitting ? t.submitting : t.submit}
        </Button>
        <Subtitle $centered>
          <Link to={paths.passwordReset.href()}>{t.forgotPassword}</Link>
        </Subtitle>
        {parents && (
          <Subtitle $centered>
            <Link to={paths.familySignIn.href()}>{t.parent}</Link>
          </Subtitle>
        )}
      </FormStack>
    </NarrowCard>
  );
}

const FormAlertInline = styled(ErrorText)`
  margin-top: ${({ theme }) => theme.space[1]}px;
`;
