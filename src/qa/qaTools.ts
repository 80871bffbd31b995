import type { Middleware } from '@reduxjs/toolkit';
import { createActionRecorder, type ActionRecorder, type RecorderOptions } from './recorder';
import type { ReplayOptions, ReplayReducer, ReplayResult } from './replay';
import { createReplayGate, type ReplayGate } from './stateReplacement';

export interface QaToolsOptions<S> extends Omit<RecorderOptions, 'persistVersion'>, Omit<ReplayOptions, 'migrations'> {
  /** The replay's reducer (src/app/replayReducer.ts), loaded with the first replay: a replay computes each step's state with it. */
  loadReducer: () => Promise<ReplayReducer<S>>;
  /** The session's migrations (an older log's session is migrated), or a loader of them. */
  migrations?: ReplayOptions['migrations'] | (() => Promise<NonNullable<ReplayOptions['migrations']>>);
}

/** What the composition root hands the QA panel. */
export interface QaTools {
  recorder: ActionRecorder;
  gate: ReplayGate;
  /** For createAppStore's `middleware` (before the saga middleware): the gate, then the recorder. */
  middleware: Middleware[];
  /** Checks a parsed log and replays it through the reducers (rejects with an ActionLogError). Loads the replay code on first use. */
  replay(input: unknown): Promise<ReplayResult<unknown>>;
  /** Tells the tools how to silence the live store's sagas and persistence once it exists. */
  attach(live: { sagaTask: { cancel(): void } | null; persistor?: { pause(): void } }): void;
  /** Enters replay mode: the gate closes, sagas are cancelled, persistence pauses. There is no way back but a reload. */
  silence(): void;
}

export function createQaTools<S>(options: QaToolsOptions<S>): QaTools {
  const recorder = createActionRecorder(options);
  const gate = createReplayGate();
  let live: Parameters<QaTools['attach']>[0] = { sagaTask: null };
  return {
    recorder,
    gate,
    middleware: [gate.middleware, recorder.middleware],
    replay: async (input) => {
      const { migrations } = options;
      const [{ replayLog }, reducer, manifest] = await Promise.all([
        import(/* webpackChunkName: "qa-panel" */ './replay'),
        options.loadReducer(),
        typeof migrations === 'function' ? migrations() : migrations,
      ]);
      return replayLog(input, reducer, { persistVersion: options.persistVersion, migrations: manifest, persistKey: options.persistKey });
    },
    attach: (next) => {
      live = next;
    },
    silence: () => {
      if (gate.isClosed()) return;
      live.persistor?.pause(); // dispatches persist/PAUSE, so before the gate closes
      gate.close();
      live.sagaTask?.cancel();
    },
  };
}
