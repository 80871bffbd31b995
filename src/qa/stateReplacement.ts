import { createAction, type Action, type Middleware, type Reducer } from '@reduxjs/toolkit';
import { isQaAction } from './recorder';

/** Replay: the whole state becomes the payload (a plain JSON state computed from an action log). */
export const qaStateReplaced = createAction<Record<string, unknown>>('qa/stateReplaced');

/**
 * Wraps the root reducer so a replay can show any step of a log. The replacement has no
 * redux-persist `_persist` field, so the persisted session stops writing to storage: the live
 * session in localStorage survives a replay, and leaving the replay reloads the page.
 */
export function withStateReplacement<S, A extends Action, P>(reducer: Reducer<S, A, P>): Reducer<S, A, P> {
  return (state, action) => (qaStateReplaced.match(action) ? (action.payload as S) : reducer(state, action));
}

export interface ReplayGate {
  /** Place before the saga middleware: while closed, only qa/* actions reach reducers and sagas. */
  middleware: Middleware;
  close(): void;
  isClosed(): boolean;
}

/** Silences the live app during a replay: screens' own events and late saga puts are dropped. */
export function createReplayGate(): ReplayGate {
  let closed = false;
  return {
    middleware: () => (next) => (action) => (closed && !isQaAction(action) ? undefined : next(action)),
    close: () => {
      closed = true;
    },
    isClosed: () => closed,
  };
}
