import type { PersistConfig, Storage } from 'redux-persist';
import type { SessionState } from '../entities/session/sessionSlice';

/**
 * Bump with a new migration whenever SessionState changes shape. It is also the shape of the
 * session in QA action logs (qa/logFormat.ts), which hold the store's state, not localStorage's.
 */
export const SESSION_PERSIST_VERSION = 2;
export const SESSION_PERSIST_KEY = 'session';

export { withAppNames, withSpecNames } from './sessionNames';
import { withAppNames, withSpecNames } from './sessionNames';

const rewriteStored = (raw: unknown, rename: (fields: Record<string, unknown>) => Record<string, unknown>): unknown => {
  if (typeof raw !== 'string') return raw;
  try {
    const outer: unknown = JSON.parse(raw);
    return outer !== null && typeof outer === 'object' && !Array.isArray(outer) ? JSON.stringify(rename(outer as Record<string, unknown>)) : raw;
  } catch {
    return raw;
  }
};

/**
 * localStorage keeps the spec's names while the store uses its own. redux-persist writes one JSON
 * object of the slice's fields (each JSON-encoded); its transforms see one field at a time and
 * cannot rename one, so the renaming happens here, on that object, both ways.
 */
export function storageWithSpecNames(storage: Storage): Storage {
  return {
    getItem: async (key: string) => rewriteStored(await storage.getItem(key), withAppNames),
    setItem: (key: string, value: unknown) => storage.setItem(key, rewriteStored(value, withSpecNames)),
    removeItem: (key: string) => storage.removeItem(key),
  };
}

export function sessionPersistConfig(storage: PersistConfig<SessionState>['storage']): PersistConfig<SessionState> {
  return {
    key: SESSION_PERSIST_KEY,
    version: SESSION_PERSIST_VERSION,
    storage: storageWithSpecNames(storage),
    // A stored token is trusted only after token/validate answers on this start.
    blacklist: ['valid'],
    // A session stored by an older portal is migrated by code that loads only then.
    migrate: (state, version) =>
      !state || state._persist?.version === version
        ? Promise.resolve(state)
        : import(/* webpackChunkName: "session-migrations" */ './sessionMigrations').then(({ migrateSession }) => migrateSession(state, version)),
  };
}
