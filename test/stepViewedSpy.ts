import { contentActions } from '../src/features/content/contentSlice';

/**
 * A spy on contentActions.stepViewed that stays an action creator: the sagas that take it (saving
 * the place, "I'm stuck") match it by its type, not as a predicate. Restore it after the test.
 */
export function spyOnStepViewed(): jest.SpyInstance {
  const { type, match } = contentActions.stepViewed;
  const spy = jest.spyOn(contentActions, 'stepViewed');
  Object.assign(contentActions.stepViewed, { type, match, toString: () => type });
  return spy;
}
