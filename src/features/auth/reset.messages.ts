import { count } from '../../shared/i18n/count';
import { defineMessages } from '../../shared/i18n/messages';

/** The password reset page: its form, its checks and the answers it shows. */
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
