import type { Action, UnknownAction } from '@reduxjs/toolkit';
import type { Task } from 'redux-saga';
import { call, cancel, fork, take } from 'typed-redux-saga';
import { selectFromStore, type StoreState } from './storeHooks';

/** Data loaded this recently is not asked for again when its page opens again. */
export const PAGE_DATA_FRESH_MS = 10_000;

/** A load's state as the slices keep it; `loadedAt` is Date.now of its last success. */
export type LoadOfPage = { status: string; loadedAt?: number | null } | undefined;

/**
 * takeLatest for a page's "opened" events, except that an open whose data is already on the way
 * (the running load has the same key) or freshly loaded (every load `loadsOf` names succeeded
 * less than PAGE_DATA_FRESH_MS ago) starts nothing. A page opened twice in a row, e.g. once by the
 * start-up while the stored sign-in is checked (app/earlyPageData.ts) and once when it mounts,
 * asks the server once. Actions `until` matches (the end of the session) cancel the running load.
 */
export function takeLatestUnlessFresh<A extends UnknownAction>(
  opens: (action: UnknownAction) => action is A,
  keyOf: (action: A) => string,
  loadsOf: (state: StoreState, action: A) => LoadOfPage[],
  worker: (action: A) => Generator,
  until: (action: UnknownAction) => boolean = () => false,
) {
  return function* watchOpens() {
    let running: { task: Task; key: string } | null = null;
    for (;;) {
      const action: UnknownAction = yield* take((candidate: Action) => opens(candidate as UnknownAction) || until(candidate as UnknownAction));
      if (!opens(action)) {
        if (running) yield* cancel(running.task);
        running = null;
        continue;
      }
      const key = keyOf(action);
      if (running?.task.isRunning() && running.key === key) continue;
      const now = yield* call(Date.now);
      const loads = yield* selectFromStore(loadsOf, action);
      if (loads.every((load) => load?.status === 'succeeded' && now - (load.loadedAt ?? 0) < PAGE_DATA_FRESH_MS)) continue;
      if (running) yield* cancel(running.task);
      running = { task: yield* fork(worker, action), key };
    }
  };
}
