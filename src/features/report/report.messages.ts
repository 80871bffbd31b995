import { defineMessages, params } from '../../shared/i18n/messages';

export const reportMessages = defineMessages('report', {
  noteRequired: 'Write a few words about what happened.',
  title: 'Report a problem',
  sent: params('Report sent. Reference: {reference}'),
  queued: 'Saved; it will be sent when you are back online.',
  close: 'Close',
  crashNote: 'Something went wrong on this page. Its technical details will be attached to your report.',
  noteLabel: 'What happened?',
  hint: params(
    "{length} of {max} characters. Your report includes what you did in the portal recently (without passwords, codes or anyone's name or contact details), your browser and screen size.",
  ),
  attachPicture: 'Attach a picture of this page',
  notSent: params('The report could not be sent. {reason}'),
  cancel: 'Cancel',
  sending: 'Sending…',
  send: 'Send report',
  tooLarge: 'This report is too large to send. Leave out the picture and try again.',
  tooMany: 'You have sent many reports in a short time. Please try again in an hour.',
  unreadable: 'This report could not be read by the server. Please try again; if it happens again, call the office.',
  signInFirst: 'Please sign in, then send the report again.',
});
