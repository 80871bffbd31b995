import { count, defineMessages, params } from '../../shared/i18n/messages';
import { loginMessages } from './loginRules';

/** The login page (portal-spec.md sections 2, 5 and 8): the spec's messages word for word in English. */
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
});

/** The password reset page (portal-spec.md sections 5 and 8). */
export const resetTexts = defineMessages('authReset', {
  empty: 'Enter an email',
  invalidEmail: 'enter a valid email address',
  noAccount: 'There is no account with that email address',
  network: 'Could not reach the server. Check the connection and try again.',
  success: 'A new password has been sent to your email',
  server: 'Something went wrong on our side. Try again in a few minutes.',
  /** Another language than English: what a refusal the server worded itself says. */
  refused: 'The password of this account cannot be reset here. Ask your teacher or the site administrator.',
  tooManyRequests: count({ one: 'Too many requests, try again in {count} minute', other: 'Too many requests, try again in {count} minutes' }),
  title: 'Forgot your password?',
  subtitle: 'Enter the e-mail address of your account and we will send you a new password.',
  emailLabel: 'E-mail',
  submit: 'Get New Password',
  submitting: 'Sending…',
  backToSignIn: 'Back to sign in',
});

/** /card-sign-in: a sign-in card's QR code on a shared tablet. */
export const cardSignInTexts = defineMessages('authCardSignIn', {
  title: 'Sign in with your card',
  signingIn: 'Signing you in…',
  ended: 'Your lessons have ended, so this card no longer signs you in. Ask your teacher.',
  offline: 'The tablet is not connected. Check the Wi-Fi, then scan the card again.',
  tooManyTries: 'Too many tries. Wait a few minutes, then scan the card again.',
  voided: 'This card no longer works. Ask your teacher for a new card.',
  failed: 'Something went wrong. Please scan the card again.',
  noToken: 'Scan the QR code on your sign-in card to sign in.',
  withUsername: 'Sign in with a username instead',
});
