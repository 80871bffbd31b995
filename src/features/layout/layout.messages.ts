import { defineMessages, params } from '../../shared/i18n/messages';

/** The header bar (in the login page's chunk: only what the bar itself shows). */
export const layoutMessages = defineMessages('layout', {
  language: 'Language',
  skipToContent: 'Skip to content',
  brandName: 'Youngengineer Online',
  home: ' (home)',
  pageNavigation: 'Page',
  /** "Go back", with "Go" hidden on phones: {go} is where the word goes. */
  goBack: params('{go} back'),
  go: 'Go',
  greeting: params('Hi {name}'),
});
