import { defineMessages, params } from '../../shared/i18n/messages';

/** The gear menu and the terms check (docs/spec/portal-spec.md section 2: the menus word for word); signed-in pages only. */
export const menuMessages = defineMessages('layoutMenu', {
  menu: 'Menu',
  franchiseOwners: 'Franchise Owners',
  allStudentsList: 'All Students List',
  signUpNewFranchise: 'Sign Up New Franchise',
  buildingInstructions: 'Building Instructions',
  lessonPlans: 'Lesson Plans',
  auditLog: 'Audit log',
  qaInbox: 'QA inbox',
  contentStudio: 'Content studio',
  studentsList: 'Students List',
  signUpNewStudent: 'Sign Up New Student',
  classes: 'Classes',
  timetable: 'Timetable',
  classNow: 'Class now',
  renewalsDue: 'Renewals due',
  monthlyReport: 'Monthly report',
  myAccount: 'My account',
  termsOfUse: 'Terms of use',
  reportProblem: 'Report a problem',
  logOut: 'Log out',
  termsChanged: 'The terms of use have changed',
  /** {terms} is the link to the terms of use (termsLink). */
  readTermsAgain: params('Please read the {terms} again and agree to them to go on using Youngengineer Online.'),
  termsLink: 'terms of use',
  agreeToTerms: params('I agree to the {terms}'),
  mustAgree: 'you must agree to the terms of use',
  saving: 'Saving…',
  continue: 'Continue',
  agreementNotSaved: params('Your agreement could not be saved. {reason}'),
});
