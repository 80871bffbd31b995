import { defineMessages, params } from '../../shared/i18n/messages';

/** /account: change one's own password. */
export const accountMessages = defineMessages('account', {
  title: 'My account',
  subtitle: 'Change your password',
  changed: 'Your password is changed. Other devices signed in to your account will ask for the new password.',
  current: 'Current password',
  next: params('New password (at least {count} characters)'),
  repeat: 'New password again',
  show: 'Show the passwords',
  changing: 'Changing…',
  change: 'Change password',
  enterCurrent: 'Enter your current password.',
  atLeast: params('Use at least {count} characters.'),
  atMost: params('Use at most {count} characters.'),
  notTheCurrent: 'Choose a password other than the current one.',
  notTheSame: 'The two new passwords are not the same.',
  wrongCurrent: 'That is not your current password.',
  refused: 'The server did not accept this password. Choose another one.',
  notAvailable: 'Changing the password is not available on this site.',
  notChanged: params('Your password was not changed. {reason}'),
});
