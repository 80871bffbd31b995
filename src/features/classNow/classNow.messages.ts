import { defineMessages, params } from '../../shared/i18n/messages';

export const classNowMessages = defineMessages('classNow', {
  movedJustNow: 'moved just now',
  movedSecondsAgo: params('moved {seconds} s ago'),
  movedMinutesAgo: params('moved {minutes} min ago'),
  movedHoursAgo: params('moved {hours} h ago'),
  connecting: 'Connecting…',
  live: 'Live',
  reconnecting: 'Reconnecting…',
  notConnected: 'Not connected',
  stuck: 'Stuck',
  /** "Build, Step 4 of 12": the tab's name as the student saw it. */
  tabAndStep: params('{tab}, Step {step} of {steps}'),
  partAndStep: params('Part {part} of {parts}, Step {step} of {steps}'),
  step: params('Step {step} of {steps}'),
  markHelpedLabel: params('Mark helped: {name}'),
  markHelped: 'Mark helped',
  helpFailed: 'That did not go through. Try again.',
  isStuck: params('{name} is stuck on {lesson}, step {step}.'),
  title: 'Class now',
  classWhat: 'your class',
  loadingClass: 'Loading your class',
  noStudents: 'No students are in a lesson right now. They appear here as soon as they open a step.',
  studentsLabel: 'Students in a lesson',
});
