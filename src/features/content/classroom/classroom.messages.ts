import { count } from '../../../shared/i18n/count';
import { defineMessages, params } from '../../../shared/i18n/messages';

/** Unlock for students (an owner's class) and I'm stuck (a student on a step). */
export const classroomMessages = defineMessages('contentClassroom', {
  unlockForStudents: 'Unlock for students',
  unlockForStudentsOf: params('Unlock for students: {title}'),
  dialogTitle: params('Unlock {title} for your students'),
  openFor: count(
    params({
      one: '{title} is open for {count} student. They find it open on any tablet.',
      other: '{title} is open for {count} students. They find it open on any tablet.',
    }),
  ),
  openForSomeAlready: count(
    params({
      one: '{title} is open for {count} student ({already} had it open already). They find it open on any tablet.',
      other: '{title} is open for {count} students ({already} had it open already). They find it open on any tablet.',
    }),
  ),
  noCodeNeeded: 'The children will not need the code for this model.',
  loadingStudents: 'Loading your students…',
  noStudents: 'You have no students yet.',
  studentsNotLoaded: params('Your students could not be loaded. {reason}'),
  whoGetsIt: 'Who gets it',
  allMyStudents: params('All my students ({count})'),
  chosenStudents: 'Only the students I choose',
  unlockFor: 'For',
  classMeetingNow: params('{name} (meeting now)'),
  unlockForClass: params('Unlock for {name}'),
  students: 'Students',
  nothingUnlocked: params('Nothing was unlocked. {reason}'),
  cancel: 'Cancel',
  unlocking: 'Unlocking…',
  unlockForAll: 'Unlock for all',
  unlockForChosen: params('Unlock for {count} chosen'),
  done: 'Done',
  stuck: "I'm stuck",
  teacherTold: 'Your teacher has been told',
  teacherNotTold: 'Your teacher could not be told. Try again.',
});
