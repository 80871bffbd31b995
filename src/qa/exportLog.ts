/**
 * The action log of what the recorder (src/qa/recorder.ts) has kept. Its own module: the recorder
 * runs from the first action in every page's entry, while a log is exported only by a problem
 * report or the QA panel, which load this with them.
 */
import { ACTION_LOG_FORMAT, ACTION_LOG_FORMAT_VERSION, APP_VERSION, type ActionLog, type JsonObject, type LoggedAction } from './logFormat';
import type { ActionRecorder } from './recorder';

/** JSON copy of the state without redux-persist's bookkeeping (`_persist` inside a persisted slice). */
function plainState(state: unknown): JsonObject {
  const copy = JSON.parse(JSON.stringify(state ?? {})) as JsonObject;
  for (const slice of Object.values(copy)) {
    if (slice !== null && typeof slice === 'object' && '_persist' in slice) delete (slice as JsonObject)._persist;
  }
  return copy;
}

/**
 * The log. `maxActions`: at most that many of the newest actions, starting from the newest kept
 * starting point that allows it (one every tenth of the capacity, or the state now): a problem
 * report's log must fit in 1 MB.
 */
export function exportLog(recorder: ActionRecorder, { maxActions }: { maxActions?: number } = {}): ActionLog {
  const { options, capacity, base, entries, checkpoints, nextSeq, dropped, currentState } = recorder.recording();
  const now = options.now ?? (() => new Date());
  let start = base ?? { seq: 0, time: now().toISOString(), state: {} };
  let kept = entries;
  if (maxActions !== undefined && entries.length > maxActions) {
    const firstWanted = entries[entries.length - maxActions]?.seq ?? nextSeq;
    start = checkpoints.find((cp) => cp.seq >= firstWanted) ?? { seq: nextSeq, time: now().toISOString(), state: currentState };
    const from = start.seq;
    kept = entries.filter((entry) => entry.seq >= from);
  }
  const actions = kept.map((entry): LoggedAction => ({ time: entry.time, action: JSON.parse(entry.json) as LoggedAction['action'] }));
  return {
    format: ACTION_LOG_FORMAT,
    formatVersion: ACTION_LOG_FORMAT_VERSION,
    appVersion: options.appVersion ?? APP_VERSION,
    persistVersion: options.persistVersion,
    recordedAt: now().toISOString(),
    startedAt: start.time,
    capacity,
    dropped: dropped + entries.length - kept.length,
    startState: plainState(options.redactState(start.state)),
    actions,
    finalState: plainState(options.redactState(currentState)),
  };
}
