import { createAction } from '@reduxjs/toolkit';
import { all, call, delay, fork, put } from 'typed-redux-saga';

export const appEvents = {
  /** A feature's watcher threw; it was restarted (the QA action log keeps this). */
  sagaCrashed: createAction<{ saga: string; message: string; stack?: string }>('app/sagaCrashed'),
  /** An uncaught error or unhandled rejection in the page (src/app/crashReports.ts). */
  crashed: createAction<{ message: string; stack?: string; source: string }>('app/crashed'),
};

/** Pause before restart N (0 for the first): a watcher that throws on every start must not spin. */
export const restartDelayMs = (restarts: number) => (restarts && Math.min(30_000, 125 * 2 ** restarts));

type Watcher = () => Generator;

/**
 * Runs a feature's watcher; if it throws (its own code, or a worker it forked without catching),
 * the error is logged and reported as app/sagaCrashed and the watcher starts again, so one bug
 * stops one feature for a moment instead of every feature for the rest of the session.
 */
export function* keepAlive(name: string, watcher: Watcher) {
  for (let restarts = 0; ; restarts++) {
    try {
      return yield* call(watcher);
    } catch (error) {
      console.error(name, error);
      const stack = error instanceof Error && error.stack ? { stack: error.stack.slice(0, 8000) } : {};
      yield* put(appEvents.sagaCrashed({ saga: name, message: error instanceof Error ? error.message : String(error), ...stack }));
      if (restarts) yield* delay(restartDelayMs(restarts));
    }
  }
}

/** The sagas that run from the start (the capabilities lookup, the features in the entry); the others start as their features join. */
export function* rootSaga(watchers: Record<string, Watcher>) {
  yield* all(Object.keys(watchers).map((name) => fork(keepAlive, name, watchers[name]!)));
}
