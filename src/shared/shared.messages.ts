import { defineMessages, params } from './i18n/messages';

/** failureMessage.ts: what kind of trouble it was and what the user can do. */
export const failureTexts = defineMessages('sharedFailure', {
  needsInternet: 'This needs the internet. Try again when you are back online.',
  checkWifi: 'Check the Wi-Fi connection, then try again.',
  server: 'Something went wrong on our side, not yours. Please try again in a few minutes.',
  expired: 'Your session has ended. Please sign in again.',
  forbidden: 'Your account is not allowed to see this.',
  tooManyRequests: 'Too many requests. Wait a minute, then try again.',
  tryAgain: 'Please try again.',
});

/** The shared states (src/shared/ui): loading, load failures, the error screen. */
export const uiTexts = defineMessages('sharedUi', {
  /** {what} is the caller's own text: "the students", "the preview". */
  couldNotLoad: params('We could not load {what}'),
  tryAgain: 'Try again',
  loading: 'Loading',
  /** A status read out while something loads: "Loading the models…". */
  loadingLabel: params('{label}…'),
  somethingWentWrong: 'Something went wrong',
  pageNotShown: 'This page could not be shown. Check the connection and try again.',
  goToStart: 'Go to the start page',
  reportProblem: 'Report a problem',
});
