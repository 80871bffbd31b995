import type { UnknownAction } from '@reduxjs/toolkit';
import { qaLogMessages } from './qaLog.messages';
import { ActionLogError, type ActionLog, type JsonObject } from './logFormat';
import { readActionLog, REHYDRATE_TYPE, type ReadLogOptions } from './readLog';

/**
 * The unpersisted root reducer (src/app/replayReducer.ts), or any reducer of a plain object state.
 * `keepsLaterSlices`: it also takes the slices of features that join the store later, when the
 * state it is given has them (a plain combineReducers would drop them with a warning).
 */
export type ReplayReducer<S> = ((state: S | undefined, action: UnknownAction) => S) & { keepsLaterSlices?: boolean };

export type ReplayOptions = ReadLogOptions;

export interface ReplayResult<S> {
  /** The log as replayed (after checks and session migration). */
  log: ActionLog;
  /** states[0] is the starting state; states[i] is the state after log.actions[i - 1]. */
  states: S[];
  finalState: S;
  warnings: string[];
}

const isObject = (value: unknown): value is JsonObject => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The starting state as this portal's reducers know it: slices the log lacks start from their
 * initial state, slices this portal does not have are left out.
 */
function startingState<S>(log: ActionLog, reducer: ReplayReducer<S>): S {
  const initial = reducer(undefined, { type: '@@qa/INIT' }) as JsonObject;
  const start: JsonObject = {};
  for (const key of Object.keys(initial)) start[key] = key in log.startState ? log.startState[key] : initial[key];
  // A slice that joins the store later (a lazily loaded feature) is kept when the reducer knows it.
  const extra = Object.keys(log.startState).filter((key) => !(key in initial));
  if (extra.length > 0 && reducer.keepsLaterSlices) {
    const probed = reducer({ ...start, ...Object.fromEntries(extra.map((key) => [key, log.startState[key]])) } as S, { type: '@@qa/INIT' }) as JsonObject;
    for (const key of extra) if (key in probed) start[key] = log.startState[key];
  }
  return start as S;
}

/** What redux-persist's persistReducer does with persist/REHYDRATE (autoMergeLevel1): top-level keys of the stored slice win. */
function rehydrate<S>(state: S, action: UnknownAction): S {
  const key = typeof action.key === 'string' ? action.key : null;
  const current = state as JsonObject;
  if (key === null || !isObject(action.payload) || !isObject(current[key])) return state;
  const { _persist: _ignored, ...stored } = action.payload;
  return { ...current, [key]: { ...current[key], ...stored } } as S;
}

/**
 * Replays an action log through real reducers, in Node or in the browser: checks the log's
 * versions (see readActionLog), starts from its starting state and applies each action in order.
 * redux-persist's REHYDRATE is applied as the persisted reducer would; all other actions go to `reducer`.
 */
export function replayLog<S>(input: unknown, reducer: ReplayReducer<S>, options: ReplayOptions): ReplayResult<S> {
  const { log, warnings } = readActionLog(input, options);
  let state = startingState(log, reducer);
  const states: S[] = [state];
  log.actions.forEach((entry, index) => {
    const action = entry.action as UnknownAction;
    try {
      state = action.type === REHYDRATE_TYPE ? rehydrate(state, action) : reducer(state, action);
    } catch (error) {
      throw new ActionLogError(qaLogMessages.get().actionFailed({ number: index + 1, type: action.type, reason: error instanceof Error ? error.message : String(error) }));
    }
    states.push(state);
  });
  return { log, states, finalState: state, warnings };
}
