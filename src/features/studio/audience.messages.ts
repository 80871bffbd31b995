import { defineMessages, params } from '../../shared/i18n/messages';

/** Who sees a program, and the administrators' setting about students' programs. */
export const audienceMessages = defineMessages('studioAudience', {
  audienceLabel: 'Who sees it',
  audienceOf: params('Who sees {title}'),
  audienceNotSaved: params('Not saved: {reason}'),
  everyone: 'Students and teachers',
  teachers: 'Teachers only',
  hidden: 'Hidden (only the studio)',
  audienceHint: 'Teachers only: franchise owners and administrators see it; students never do, not even by its address.',
  settingsHeading: "Students' programs",
  enrolledOnly: 'Students see only the program they are enrolled in',
  enrolledOnlyHint: "Off: students see every program for students, their own first. On: only the program named on the student's record.",
  settingsNotSaved: 'The setting was not saved. Please try again.',
  loadingSettings: 'Loading the settings',
});
