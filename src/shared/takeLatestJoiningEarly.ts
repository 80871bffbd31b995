import type { Action, UnknownAction } from '@reduxjs/toolkit';
import type { Task } from 'redux-saga';
import { call, cancel, fork, take } from 'typed-redux-saga';

/** An early open is joined by the page's own open only this soon after it (then it loads afresh). */
export const EARLY_JOIN_MS = 10_000;

const isEarly = (action: UnknownAction): boolean => (action.payload as { early?: boolean } | undefined)?.early === true;

/**
 * takeLatest for a page's "opened" actions, except that the page's own open joins the load an
 * early open of the same page started (`payload.early`: dispatched on start while the stored
 * sign-in is checked, see app/earlyPageData.ts) instead of cancelling and repeating it. Any other
 * open, and any action `forget` matches (the end of the session), forget the early one.
 */
export function takeLatestJoiningEarly<A extends UnknownAction>(
  opens: (action: UnknownAction) => action is A,
  forget: (action: UnknownAction) => boolean,
  keyOf: (action: A) => string,
  worker: (action: A) => Generator,
) {
  return function* watch() {
    let task: Task | null = null;
    let early: { key: string; at: number } | null = null;
    for (;;) {
      const action: UnknownAction = yield* take((candidate: Action) => opens(candidate as UnknownAction) || forget(candidate as UnknownAction));
      if (!opens(action)) {
        early = null;
        continue;
      }
      const key = keyOf(action);
      const now = yield* call(Date.now);
      const joins = !isEarly(action) && early !== null && early.key === key && now - early.at < EARLY_JOIN_MS;
      early = isEarly(action) ? { key, at: now } : null;
      if (joins) continue;
      if (task) yield* cancel(task);
      task = yield* fork(worker, action);
    }
  };
}
