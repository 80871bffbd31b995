import { count } from '../../shared/i18n/count';
import { defineMessages, params } from '../../shared/i18n/messages';

/** An owner's side of families: the student page's section and the students list's notice. */
export const familyOwnerTexts = defineMessages('familyOwner', {
  language: 'Family’s language',
  languageHint: 'The language of the family’s mails: the sign-in link and the summary. The parent can change it too.',
  noParentEmail: 'No parent e-mail: add one under Details to give the family a page and mails.',
  loading: 'Loading the family’s language',
  what: 'the family’s language',
  saving: 'Saving…',
  saved: 'Saved.',
  notSaved: params('Not saved. {reason}'),
  erasureAsked: params('The family asked on {date} to erase this child’s data. Erase it under “The child’s data” below to confirm.'),
  noticeCount: count({ one: '{count} family asked to erase their child’s data', other: '{count} families asked to erase their child’s data' }),
});
