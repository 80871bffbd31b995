import type { Middleware } from '@reduxjs/toolkit';

export interface RecorderOptions {
  /** Redacts one action before it is kept (the DevTools actionSanitizer). */
  redactAction: <A>(action: A) => A;
  /** Redacts the starting state when the log is exported (the DevTools stateSanitizer). */
  redactState: <S>(state: S) => S;
  /** SESSION_PERSIST_VERSION, written into the log. */
  persistVersion: number;
  /** Most actions kept (default 5,000). */
  capacity?: number;
  /** Most characters of action JSON kept (default 20 million, about 20 MB). */
  maxChars?: number;
  appVersion?: string;
  now?: () => Date;
}

export interface ActionRecorder {
  middleware: Middleware;
  /** Actions in memory now. */
  size(): number;
  /** Actions dropped so far to stay within the bounds. */
  dropped(): number;
  /** What has been recorded, for exportLog (src/qa/exportLog.ts, loaded only by what exports a log). */
  recording(): Recording;
}

export interface Entry {
  seq: number;
  time: string;
  /** The redacted action as JSON text: compact, immutable, and its length is the memory bound. */
  json: string;
}

/** A state the store held just before the action numbered `seq`. States are immutable, so a reference is enough. */
export interface Checkpoint {
  seq: number;
  time: string;
  state: unknown;
}

/** The recorder's buffers and settings as they are now. */
export interface Recording {
  options: RecorderOptions;
  capacity: number;
  /** The starting point: the state before the first kept action. */
  base: Checkpoint | null;
  entries: readonly Entry[];
  checkpoints: readonly Checkpoint[];
  nextSeq: number;
  dropped: number;
  currentState: unknown;
}

/** Actions the recorder never keeps: its own replay controls. */
export const isQaAction = (action: unknown): boolean =>
  action !== null && typeof action === 'object' && String((action as { type?: unknown }).type).startsWith('qa/');

function toJson(action: unknown): string {
  try {
    return JSON.stringify(action) ?? '{"type":"[unserializable]"}';
  } catch {
    const type = String((action as { type?: unknown }).type);
    return JSON.stringify({ type, qaNote: 'payload was not serializable' });
  }
}


/**
 * Keeps the session's actions in a bounded buffer with the state they started from.
 *
 * - The starting state is the store's state when the middleware is installed (after the reducers'
 *   init, before config/loaded), so every action the app dispatched is in the log.
 * - Bounded: when more than `capacity` actions (or `maxChars` of JSON) are kept, the oldest block
 *   (a tenth of the capacity) is dropped and the starting state moves to the state the store held
 *   right after it. A reference to that state is kept every block, so no state is copied while recording.
 * - Redacted at the source: each action is redacted and turned into JSON text when it is recorded;
 *   the starting state is redacted when the log is exported.
 * - An action is recorded before it reaches the reducers and sagas, so actions put by a saga while
 *   handling it follow it in the log, in the order the reducers saw them.
 */
export function createActionRecorder(options: RecorderOptions): ActionRecorder {
  const capacity = Math.max(1, options.capacity ?? 5000);
  const maxChars = options.maxChars ?? 20_000_000;
  const block = Math.max(1, Math.floor(capacity / 10));
  const now = options.now ?? (() => new Date());

  let base: Checkpoint | null = null;
  let currentState: () => unknown = () => ({});
  let entries: Entry[] = [];
  let checkpoints: Checkpoint[] = [];
  let chars = 0;
  let droppedCount = 0;
  let nextSeq = 0;

  const dropBefore = (checkpoint: Checkpoint) => {
    const keep = entries.filter((entry) => entry.seq >= checkpoint.seq);
    for (const entry of entries) if (entry.seq < checkpoint.seq) chars -= entry.json.length;
    droppedCount += entries.length - keep.length;
    entries = keep;
    checkpoints = checkpoints.filter((cp) => cp.seq > checkpoint.seq);
    base = checkpoint;
  };

  const middleware: Middleware = (api) => {
    base = { seq: 0, time: now().toISOString(), state: api.getState() };
    currentState = api.getState;
    return (next) => (action) => {
      if (isQaAction(action)) return next(action);
      const seq = nextSeq++;
      const time = now().toISOString();
      if (seq > 0 && seq % block === 0) checkpoints.push({ seq, time, state: api.getState() });
      const json = toJson(options.redactAction(action));
      entries.push({ seq, time, json });
      chars += json.length;
      while (entries.length > capacity || (chars > maxChars && entries.length > 1)) {
        // No checkpoint left inside the buffer (a burst of huge actions): restart from the state now.
        dropBefore(checkpoints[0] ?? { seq, time, state: api.getState() });
      }
      return next(action);
    };
  };

  return {
    middleware,
    size: () => entries.length,
    dropped: () => droppedCount,
    recording: () => ({ options, capacity, base, entries, checkpoints, nextSeq, dropped: droppedCount, currentState: currentState() }),
  };
}
