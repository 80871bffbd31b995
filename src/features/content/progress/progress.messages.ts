import { defineMessages, params } from '../../../shared/i18n/messages';

/** A student's progress badge on an open model's card. */
export const progressMessages = defineMessages('contentProgress', {
  new: 'New',
  finished: 'Finished',
  inProgress: params('In progress · Step {step} of {steps}'),
  inProgressPart: params('In progress · Part {part} · Step {step} of {steps}'),
});
