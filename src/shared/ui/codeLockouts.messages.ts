import { defineMessages, params } from '../i18n/messages';

/** CodeLockoutNotice.tsx: children held back from a model's code, on the students list and in Class now. */
export const codeLockoutMessages = defineMessages('sharedCodeLockouts', {
  title: 'Too many wrong codes',
  line: params('{name}: {model}, can try again at {time}'),
  whatToDo: 'Their other models still open with their codes. To open this model for them now, use "Unlock for students" on the model\'s card; or wait, and they can type its code again at the time shown.',
});
