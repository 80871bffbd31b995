/**
 * Keys whose values never leave the browser in a report's log (replaced by "[redacted]"): secrets
 * (also redacted for Redux DevTools) and people's personal data: names, e-mail addresses and phone
 * numbers of children, parents and staff. The server refuses a log in which one of them still has a value.
 * Its own module: the app's start (DevTools and the action log's redaction) needs only this list.
 */
export const REPORT_SECRET_KEYS = [
  'token',
  'jwt',
  'accessToken',
  'refreshToken',
  'password',
  'newPassword',
  'currentPassword',
  'oldPassword',
  'confirmPassword',
  'passwordConfirmation',
  'authKey',
  'AUTH_KEY',
  'unlockCode',
  'enteredCode',
  'lesson_password',
  'lessonPassword',
  // A printed sign-in card's link carries its token.
  'signInLink',
] as const;
