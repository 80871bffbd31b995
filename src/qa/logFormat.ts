/** The action log's JSON shape (see README.md in this folder). Plain JSON only. */

/** Identifies the file as ours; a replay refuses anything else. */
export const ACTION_LOG_FORMAT = 'youngengineer-online/action-log';
/** Bump when the log's shape changes; a replay refuses a newer format with a clear message. */
export const ACTION_LOG_FORMAT_VERSION = 1;
/** The portal's version (package.json "version"; a test keeps the two equal). */
export const APP_VERSION = '0.1.0';

export type JsonObject = Record<string, unknown>;

export interface LoggedAction {
  /** When the action was dispatched (ISO 8601). */
  time: string;
  /** The action as dispatched, secrets redacted, non-JSON values (functions) left out. */
  action: { type: string } & JsonObject;
}

export interface ActionLog {
  format: typeof ACTION_LOG_FORMAT;
  formatVersion: number;
  appVersion: string;
  /** SESSION_PERSIST_VERSION of the portal that recorded the log: the shape of startState.session. */
  persistVersion: number;
  /** When the log was downloaded. */
  recordedAt: string;
  /** When startState was the store's state (install, or the oldest kept action once some were dropped). */
  startedAt: string;
  /** Most actions kept in memory; older ones are dropped. */
  capacity: number;
  /** Actions dropped before actions[0] (startState already includes their effect). */
  dropped: number;
  /** The store's state before actions[0], secrets redacted, without redux-persist's _persist. */
  startState: JsonObject;
  actions: LoggedAction[];
  /**
   * The store's state when the log was downloaded, redacted like startState and without _persist.
   * A replay of the log should end in it, less the redacted secrets (compare with the replay's
   * final state redacted the same way). Optional: older logs lack it; a replay ignores it.
   */
  finalState?: JsonObject;
}

/** The message a replay shows when it refuses a log; the UI and the CLI print it as is. */
export class ActionLogError extends Error {
  override name = 'ActionLogError';
}
