import { defineMessages } from '../../shared/i18n/messages';

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
