import { createMigrate, type MigrationManifest, type PersistConfig, type PersistedState, type Storage } from 'redux-persist';
import { initialSessionState, type SessionState } from '../entities/session/sessionSlice';

/**
 * Bump with a new migration whenever SessionState changes shape. It is also the shape of the
 * session in QA action logs (qa/logFormat.ts), which hold the store's state, not localStorage's.
 */
export const SESSION_PERSIST_VERSION = 2;
export const SESSION_PERSIST_KEY = 'session';

/** The session's fields that localStorage keeps under portal-spec.md section 3's names. */
const specNames = { unlockedLessonIds: 'OpenedPrograms', kitContentsOpened: 'HideClicked', email: 'user_email' } as const;
const appNames: Record<string, string> = Object.fromEntries(Object.entries(specNames).map(([app, spec]) => [spec, app]));

const renamed = <T>(fields: Record<string, T>, names: Record<string, string>): Record<string, T> => {
  const out: Record<string, T> = {};
  for (const [key, value] of Object.entries(fields)) {
    const name = names[key] ?? key;
    // A field under its old name (key !== name) yields to one already under the new name.
    if (key === name || !(name in fields)) out[name] = value;
  }
  return out;
};

/** A session's fields under the names localStorage keeps (OpenedPrograms, HideClicked, user_email). */
export const withSpecNames = <T>(fields: Record<string, T>) => renamed(fields, specNames);
/** A session's fields under the app's own names; names already the app's stay. */
export const withAppNames = <T>(fields: Record<string, T>) => renamed(fields, appNames);

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

/**
 * Version 0 is the older portal's shape: ids as strings, OpenedPrograms possibly a JSON string,
 * and one top-level flag per unlocked model name ("Catapult": "true").
 */
type SessionV0 = Record<string, unknown> & PersistedState;

const toNumberOrNull = (value: unknown): number | null => {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : null;
};

const knownV0Keys = new Set(['token', 'userName', 'userId', 'userRole', 'user_email', 'valid', 'OpenedPrograms', 'HideClicked', '_persist']);

/** Version 1 is version 0 cleaned up, still under the spec's names. */
interface SessionV1 extends Omit<SessionState, 'unlockedLessonIds' | 'kitContentsOpened' | 'email'> {
  OpenedPrograms: number[];
  HideClicked: boolean;
  user_email: string | null;
}

export const sessionMigrations: MigrationManifest = {
  1: (state) => {
    // Back to version 0's own names: storageWithSpecNames has already given the stored ones the app's.
    const old = withSpecNames((state ?? {}) as Record<string, unknown>) as SessionV0;
    let opened: unknown = old.OpenedPrograms;
    if (typeof opened === 'string') {
      try {
        opened = JSON.parse(opened);
      } catch {
        opened = [];
      }
    }
    const unlockedModels: Record<string, boolean> = {};
    for (const [key, value] of Object.entries(old)) {
      if (!knownV0Keys.has(key) && (value === true || value === 'true')) unlockedModels[key] = true;
    }
    const role = typeof old.userRole === 'string' ? old.userRole : null;
    const { unlockedLessonIds: _ids, kitContentsOpened: _kit, email: _email, ...rest } = initialSessionState;
    const migrated: SessionV1 & PersistedState = {
      ...rest,
      token: typeof old.token === 'string' && old.token !== '' ? old.token : null,
      userName: typeof old.userName === 'string' ? old.userName : null,
      userId: toNumberOrNull(old.userId),
      userRole:
        role === 'admin' || role === 'administrator'
          ? 'administrator'
          : role === 'franchise_owner' || role === 'student'
            ? role
            : null,
      user_email: typeof old.user_email === 'string' ? old.user_email : null,
      OpenedPrograms: Array.isArray(opened) ? opened.map(toNumberOrNull).filter((n): n is number => n !== null) : [],
      HideClicked: old.HideClicked === true || old.HideClicked === 'true',
      unlockedModels,
      _persist: old._persist,
    };
    return migrated;
  },
  /**
   * The app's own names (the stored ones stay the spec's: see storageWithSpecNames). The owner
   * chosen on the students list moved to the address (?owner=), so selectedOwnerId goes.
   */
  2: (state) => {
    const { selectedOwnerId: _movedToUrl, ...fields } = (state ?? {}) as Record<string, unknown>;
    return withAppNames(fields) as unknown as SessionState & PersistedState;
  },
};

export function sessionPersistConfig(storage: PersistConfig<SessionState>['storage']): PersistConfig<SessionState> {
  return {
    key: SESSION_PERSIST_KEY,
    version: SESSION_PERSIST_VERSION,
    storage: storageWithSpecNames(storage),
    // A stored token is trusted only after token/validate answers on this start.
    blacklist: ['valid'],
    migrate: createMigrate(sessionMigrations, { debug: false }),
  };
}
