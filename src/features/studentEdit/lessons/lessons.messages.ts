import { count } from '../../../shared/i18n/count';
import { defineMessages, params } from '../../../shared/i18n/messages';

/** The Lessons section of a student's page: lessons used and left, the attendance list, and Renew. */
export const lessonsMessages = defineMessages('studentLessons', {
  loading: "Loading the student's lessons",
  what: "the student's lessons",
  usedOfTotal: count(params({ one: '{used} of {count} lesson used', other: '{used} of {count} lessons used' })),
  left: count({ one: '{count} left', other: '{count} left' }),
  overBought: count({ one: '{count} more than bought', other: '{count} more than bought' }),
  packageDates: params('From {start} to {end}'),
  countsHeld: 'Every lesson held counts, whether or not the child came.',
  countsAttended: 'A lesson counts when the child comes (present or late).',
  attendance: 'Attendance',
  noMeetings: 'No lessons since the start date yet.',
  meetingWhen: params('{date}, {time}'),
  present: 'Present',
  absent: 'Absent',
  late: 'Late',
  notMarked: 'Not marked',
  cancelled: 'Cancelled',
  counted: 'Counted',
  notCounted: 'Not counted',
  // Renew.
  renew: 'Renew',
  renewForm: 'Renew the lessons',
  addLessons: 'Lessons to add',
  newEndDate: 'New end date',
  renewing: 'Renewing…',
  cancel: 'Cancel',
  renewed: params('Renewed: {total} lessons until {end}.'),
  notRenewed: 'The lessons were not renewed',
  renewEnded: "The lessons were not renewed: this student's lessons were ended. Re-activate the student in Details first, then renew.",
  addLessonsRange: params('Enter a whole number from 1 to {max}'),
  endDateMissing: 'Enter the new end date',
  endDateTooEarly: params('The new end date cannot be before {date}'),
});
