import { defineMessages, params } from '../../shared/i18n/messages';

/** A student's page: its frame and the titles of its sections (each section's own texts are its feature's). */
export const studentPageMessages = defineMessages('rosterStudent', {
  loading: 'Loading the student',
  what: 'the student',
  title: 'Student',
  noSuchStudent: 'There is no such student on your lists.',
  goHome: 'Go to the start page',
  parent: params('parent {name}'),
  sectionDetails: 'Details',
  sectionLessons: 'Lessons',
  sectionProgress: 'Progress',
  sectionSignIn: 'Sign-in',
  sectionFamily: 'Family',
  sectionData: "The child's data",
});
