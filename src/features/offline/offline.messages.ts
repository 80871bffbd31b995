import { defineMessages } from '../../shared/i18n/messages';

export const offlineMessages = defineMessages('offline', {
  banner: 'You are offline. Lessons you have opened still work.',
});
