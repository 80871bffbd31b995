import { useLazyFeature, type LazyFeature } from '../../shared/lazyFeature';
import { rosterSaga } from './rosterSaga';
import { rosterActions, rosterReducer } from './rosterSlice';

/**
 * The rosters' flows (lists, sign-ups, exports) and their state load with the roster pages, not with
 * the entry (the login page's budget): they join once, when a roster page renders or when the
 * students list's early data starts (app/earlyPageData.ts).
 */
export const rosterFeature: LazyFeature = { name: 'roster', reducer: rosterReducer, saga: rosterSaga };

/** The students list's "opened" event, for its early data. */
export const studentsListOpened = rosterActions.studentsListOpened;

/** Call at the top of every page that sends roster events, before it sends its "opened" event. */
export function useRosterFeature(): void {
  useLazyFeature(rosterFeature);
}
