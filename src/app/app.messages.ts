import { defineMessages, params } from '../shared/i18n/messages';

/** The document titles: "{where the user is} · Youngengineer Online" (documentTitle.tsx, routes.tsx). */
export const routeTitles = defineMessages('appRouteTitles', {
  site: 'Youngengineer Online',
  page: params('{where} · {site}'),
  selectProgram: 'Select Program',
  signIn: 'Sign in',
  forgotPassword: 'Forgot password',
  termsOfUse: 'Terms of Use',
  cardSignIn: 'Sign in with your card',
  studentsOf: params('Students of {userName}'),
  signUpNewStudent: 'Sign Up New Student',
  importStudents: 'Import students',
  printQr: 'Print QR',
  signInCards: 'Sign-in cards',
  classNow: 'Class now',
  student: 'Student',
  franchiseOwners: 'Franchise Owners',
  allStudentsList: 'All Students List',
  signUpNewFranchise: 'Sign Up New Franchise',
  auditLog: 'Audit log',
  qaInbox: 'QA inbox',
  contentStudio: 'Content studio',
  studioProgram: 'Program · Content studio',
  studioModel: 'Model · Content studio',
  studioPreview: 'Preview · Content studio',
  studioImport: 'Import · Content studio',
  myAccount: 'My account',
  buildingInstructions: 'Building Instructions',
  buildingInstructionsOf: params('Building Instructions: {programName}'),
  modelsOf: params('Models of {programName}'),
  lessonOfProgram: params('{lesson} · Building Instructions: {programName}'),
  lessonPlans: 'Lesson Plans',
  lessonPlansOf: params('Lesson Plans: {programName}'),
  lessonPlansModelsOf: params('Lesson Plans of {programName}'),
});

/** The app's own screens: the sign-in check and the studio's preview. */
export const appTexts = defineMessages('appScreens', {
  checkingSignIn: 'Checking your sign-in',
  previewBanner: 'Preview — not published. Students see this once it is published.',
});
