import { defineMessages, params } from '../../shared/i18n/messages';

/** The program lists ('/', building instructions, lesson plans). */
export const programListMessages = defineMessages('contentPrograms', {
  selectYourProgram: 'Select Your Program',
  selectProgram: 'Select Program',
  buildingInstructions: 'Building Instructions',
  lessonPlans: 'Lesson Plans',
  programsList: 'Programs',
  /** Completes the shared "We could not load …". */
  programsWhat: 'the programs',
  noPrograms: 'No programs here yet.',
  loadingPrograms: 'Loading programs',
  openingProgram: 'Opening the program',
  hiddenBadge: 'Hidden',
  hiddenMeaning: 'from students and owners',
  yourProgram: 'Your program',
  teachersOnly: 'Teachers only',
  teachersMeaning: 'students do not see it',
});

/** A program's models (select model, lesson plans), their cards and the unlock form. */
export const modelListMessages = defineMessages('contentModels', {
  selectModelOf: params('{program}: Select Model'),
  selectModel: 'Select Model',
  lessonPlansOf: params('{program}: Lesson Plans'),
  lessonPlans: 'Lesson Plans',
  allPrograms: 'All programs',
  backToAllPrograms: 'Back to all programs',
  notAvailableTitle: 'This program is not available',
  notAvailableText: 'It is not open to your account, or it no longer exists.',
  modelGroups: 'Model groups',
  mainModels: 'Main Models',
  experimentalModels: 'Experimental Models',
  models: 'Models',
  noModels: 'No models here yet.',
  /** Completes the shared "We could not load …". */
  modelsWhat: 'the models',
  loadingModels: 'Loading models',
  modelPicture: params('{title} model'),
  buildingInstructions: 'Building instructions',
  buildingInstructionsFor: params('Building instructions: {title}'),
  code: params('Code: {code}'),
  lessonNumber: params('Lesson {number}'),
  openLessonPlan: 'Open lesson plan',
  openLessonPlanLabel: params('Open lesson plan: {plan} (opens in a new tab)'),
  lessonPlanComingSoon: 'Lesson plan coming soon',
  enterCode: params('Enter the {length}-digit code'),
  enterCodeFor: params('for {title}'),
  checkingCode: 'Checking the code…',
  tooManyTries: params('Too many tries. You can try again at {time}.'),
  wrongCode: 'Wrong code, try again',
  couldNotCheckCode: 'We could not check the code. Please try again.',
});
