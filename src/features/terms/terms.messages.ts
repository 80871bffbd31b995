import { defineMessages, params } from '../../shared/i18n/messages';

/** /terms_of_use (the terms themselves are the CMS page's, shown as authored). */
export const termsMessages = defineMessages('terms', {
  goBack: 'Go Back',
  title: 'Terms of Use',
  loadFailed: params('The terms of use could not be loaded. {reason}'),
  tryAgain: 'Try again',
  loading: 'Loading the terms of use',
});
