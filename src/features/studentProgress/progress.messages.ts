import { defineMessages, params } from '../../shared/i18n/messages';

/** "Progress" on a student's page. */
export const rosterProgressMessages = defineMessages('rosterProgress', {
  what: 'the progress',
  loading: 'Loading the progress…',
  nothingKept: 'Nothing is kept any more.',
  noModel: 'No model opened yet.',
  untitledModel: params('Model {id}'),
  finished: 'Finished',
  inProgress: 'In progress',
  /** "In progress · Step 4 of 12" */
  stateAndStep: params('{state} · Step {step} of {steps}'),
  /** "In progress · Part 2 of 3, Step 4 of 12" */
  stateAndPartStep: params('{state} · Part {part} of {parts}, Step {step} of {steps}'),
  /** "In progress · Build, Step 4 of 12": the tab's name as the student saw it. */
  stateAndTabStep: params('{state} · {tab}, Step {step} of {steps}'),
  lastMoved: params('Last moved {date}'),
});
