import { defineMessages, params } from '../../shared/i18n/messages';

/**
 * The sign-up forms' labels and validation messages: a student's (its typo kept, as the older
 * portal wrote it: 'Enter Vaild Eail') and a franchise owner's.
 */
export const studentFormMessages = defineMessages('rosterStudentForm', {
  teacherIdLabel: 'Franchise Owner',
  studentFirstNameLabel: 'Student First Name',
  studentLastNameLabel: 'Student Last Name',
  parentNameLabel: 'Parent Name',
  parentEmailLabel: 'Parent Email',
  phoneLabel: 'Phone',
  programLabel: 'Program',
  startDateLabel: 'Lesson Start Date',
  endDateLabel: 'Lesson End Date',
  numberOfLessonsLabel: 'Number Of Lessons',
  chooseProgram: 'Select Program',
  teacherId: 'Select Franchise Owner',
  studentFirstName: 'Enter Student First Name',
  studentLastName: 'Enter Student Last Name',
  parentName: 'Enter Parent Name',
  parentEmail: 'Enter Parent Email',
  parentEmailFormat: 'Enter Vaild Eail',
  phone: 'Enter Phone',
  program: 'Select Program',
  startDate: 'Enter Lesson Start Date',
  endDate: 'Enter Lesson End Date',
  endBeforeStart: 'The end date is before the start date',
  numberOfLessons: 'Enter Number Of Lessons',
  numberOfLessonsRange: params('Number Of Lessons must be a whole number from 1 to {max}'),
  // The franchise owner form.
  ownerFirstNameLabel: 'First Name',
  ownerLastNameLabel: 'Last Name',
  ownerEmailLabel: 'Email',
  ownerCountryLabel: 'Country',
  ownerStateLabel: 'State',
  ownerTerritoryLabel: 'Territory',
  ownerFirstName: 'Enter First Name',
  ownerLastName: 'Enter Last Name',
  ownerEmail: 'Enter Email',
  ownerEmailFormat: 'Enter a valid email address',
  ownerCountry: 'Enter Country',
  ownerState: 'Enter State',
  ownerTerritory: 'Enter Territory',
});
