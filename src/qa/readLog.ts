import type { MigrationManifest, PersistedState } from 'redux-persist';
import { ACTION_LOG_FORMAT, ACTION_LOG_FORMAT_VERSION, APP_VERSION, ActionLogError, type ActionLog, type JsonObject, type LoggedAction } from './logFormat';
import { qaLogMessages } from './qaLog.messages';

export interface ReadLogOptions {
  /** This portal's SESSION_PERSIST_VERSION. */
  persistVersion: number;
  /** This portal's session migrations (redux-persist manifest): an older log's session is migrated. */
  migrations?: MigrationManifest;
  /** The persisted slice's key in the root state and in persist/REHYDRATE actions (default 'session'). */
  persistKey?: string;
}

export interface ReadLogResult {
  log: ActionLog;
  /** Things a replay can live with, e.g. a different app version or a migrated session. */
  warnings: string[];
}

export const REHYDRATE_TYPE = 'persist/REHYDRATE';

const isObject = (value: unknown): value is JsonObject => value !== null && typeof value === 'object' && !Array.isArray(value);
const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;
const texts = () => qaLogMessages.get();

function checkActions(value: unknown): LoggedAction[] {
  if (!Array.isArray(value)) throw new ActionLogError(texts().damagedNoActions);
  value.forEach((entry: unknown, index) => {
    if (!isObject(entry) || !isObject(entry.action) || typeof entry.action.type !== 'string') throw new ActionLogError(texts().damagedActionType({ number: index + 1 }));
    if (typeof entry.time !== 'string') throw new ActionLogError(texts().damagedActionTime({ number: index + 1 }));
  });
  return value as LoggedAction[];
}

function migrateSession(state: unknown, from: number, to: number, migrations: MigrationManifest): JsonObject {
  let current = state;
  for (let version = from + 1; version <= to; version += 1) {
    const migrate = migrations[version];
    if (!migrate) {
      throw new ActionLogError(texts().noMigration({ from, version }));
    }
    current = migrate(current as PersistedState);
  }
  const { _persist: _dropped, ...rest } = (isObject(current) ? current : {}) as JsonObject;
  return rest;
}

/**
 * Checks that a parsed JSON value is an action log this portal can replay, and brings an older
 * log's session up to this portal's session version. Throws an ActionLogError whose message is
 * meant for the person replaying.
 */
export function readActionLog(input: unknown, options: ReadLogOptions): ReadLogResult {
  if (!isObject(input) || input.format !== ACTION_LOG_FORMAT) throw new ActionLogError(texts().notALog);
  const { formatVersion, persistVersion } = input;
  if (!isCount(formatVersion)) throw new ActionLogError(texts().damagedNoFormat);
  if (formatVersion > ACTION_LOG_FORMAT_VERSION) {
    throw new ActionLogError(texts().newerFormat({ format: formatVersion, understood: ACTION_LOG_FORMAT_VERSION }));
  }
  if (formatVersion < ACTION_LOG_FORMAT_VERSION) {
    throw new ActionLogError(texts().olderFormat({ format: formatVersion, understood: ACTION_LOG_FORMAT_VERSION }));
  }
  if (!isCount(persistVersion)) throw new ActionLogError(texts().damagedNoSession);
  const appVersion = typeof input.appVersion === 'string' ? input.appVersion : 'unknown';
  if (persistVersion > options.persistVersion) {
    throw new ActionLogError(texts().newerSession({ appVersion, version: persistVersion, understood: options.persistVersion }));
  }
  if (!isObject(input.startState)) throw new ActionLogError(texts().damagedNoStart);
  const actions = checkActions(input.actions);
  const log = { ...input, actions } as unknown as ActionLog;
  const warnings: string[] = [];
  if (appVersion !== APP_VERSION) warnings.push(texts().otherPortal({ appVersion, current: APP_VERSION }));

  if (persistVersion < options.persistVersion) {
    const key = options.persistKey ?? 'session';
    const migrate = (state: unknown) => migrateSession(state, persistVersion, options.persistVersion, options.migrations ?? {});
    log.startState = { ...log.startState, [key]: migrate(log.startState[key] ?? {}) };
    // Rehydrated sessions in the log are in the recording portal's shape too.
    log.actions = actions.map((entry) =>
      entry.action.type === REHYDRATE_TYPE && entry.action.key === key && isObject(entry.action.payload)
        ? { ...entry, action: { ...entry.action, payload: migrate(entry.action.payload) } }
        : entry,
    );
    log.persistVersion = options.persistVersion;
    warnings.push(texts().migrated({ from: persistVersion, to: options.persistVersion }));
  }
  return { log, warnings };
}
