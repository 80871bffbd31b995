import { createMigrate, type MigrationManifest, type PersistConfig, type PersistedState } from 'redux-persist';
import { initialSessionState, type SessionState } from '../entities/session/sessionSlice';

/** Bump with a new migration whenever SessionState changes shape. */
export const SESSION_PERSIST_VERSION = 1;
export const SESSION_PERSIST_KEY = 'session';

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

export const sessionMigrations: MigrationManifest = {
  1: (state) => {
    const old = (state ?? {}) as SessionV0;
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
    const migrated: SessionState & PersistedState = {
      ...initialSessionState,
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
};

export function sessionPersistConfig(storage: PersistConfig<SessionState>['storage']): PersistConfig<SessionState> {
  return {
    key: SESSION_PERSIST_KEY,
    version: SESSION_PERSIST_VERSION,
    storage,
    // A stored token is trusted only after token/validate answers on this start.
    blacklist: ['valid'],
    migrate: createMigrate(sessionMigrations, { debug: false }),
  };
}
