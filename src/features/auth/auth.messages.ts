import { defineMessages, params } from '../../shared/i18n/messages';
import { loginMessages } from './loginRules';

/** The login page (docs/spec/portal-spec.md sections 2, 5 and 8): the spec's messages word for word in English. */
export const loginTexts = defineMessages('authLogin', {
  ...loginMessages,
  title: 'Welcome to Youngengineer Online',
  subtitle: 'Sign in to build, learn and play.',
  idleSignedOut: 'You were signed out because the tablet was not used for a while. Scan your card or sign in again.',
  usernameLabel: 'Username or e-mail',
  passwordLabel: 'Password',
  /** {terms} is the link to the terms of use (termsLink). */
  agreeToTerms: params('I agree to the {terms}'),
  termsLink: 'terms of use',
  submit: 'Sign in',
  submitting: 'Signing in…',
  forgotPassword: 'Forgot password?',
  parent: 'I’m a parent',
});
