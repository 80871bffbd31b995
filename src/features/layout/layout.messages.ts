import { defineMessages } from '../../shared/i18n/messages';

export const layoutMessages = defineMessages('layout', {
  language: 'Language',
});
