import { count } from '../../shared/i18n/count';
import { defineMessages, params } from '../../shared/i18n/messages';

/** Where children get stuck: the steps children stop at or press "I'm stuck" on, worst first. */
export const stuckStepsMessages = defineMessages('stuckSteps', {
  title: 'Where children get stuck',
  intro: 'The steps where the most children pressed “I’m stuck” or stopped building come first.',
  stoppedExplained: params('A child stopped at a step when they reached no later step of the model within {days} days.'),
  franchiseOwner: 'Franchise owner',
  allOwners: 'All owners',
  loading: 'Loading the steps',
  what: 'the steps',
  noSteps: 'No child has been stuck yet. The steps children find hard appear here once they build models.',
  noStepsOfOwner: 'None of this franchise owner’s students has been stuck yet.',
  ownerNotFound: 'This franchise owner was not found. Choose another in the list.',
  steps: 'Steps, worst first',
  // The columns (on a phone, each value's label).
  step: 'Step',
  reached: 'Reached it',
  stopped: 'Stopped there',
  stuck: '“I’m stuck”',
  medianTime: 'Median time on the step',
  studio: 'Content studio',
  // One step.
  stepNumber: params('Step {number}'),
  picture: params('{model}, step {number}'),
  pictureInTab: params('{model}, {tab}, step {number}'),
  children: count({ one: '{count} child', other: '{count} children' }),
  presses: count(params({ one: '{count} press by {children}', other: '{count} presses by {children}' })),
  noPresses: 'None',
  noTime: 'No child has moved on yet',
  seconds: params('{seconds} s'),
  minutes: params('{minutes} min {seconds} s'),
  hours: params('{hours} h {minutes} min'),
  openInStudio: 'Open in the studio',
  openStepInStudio: params('Open in the studio: {model}, step {number}'),
});
