import { defineMessages } from '../i18n/messages';

/** LeaveGuard.tsx (its own group, so that the entry does not carry it): leaving a page whose typed or uploaded work is not saved yet. */
export const leaveTexts = defineMessages('sharedLeave', {
  title: 'Leave without saving?',
  body: 'What you typed or uploaded on this page is not saved yet. If you leave now, it is lost.',
  stay: 'Stay',
  leave: 'Leave without saving',
});
