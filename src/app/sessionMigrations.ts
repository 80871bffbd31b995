/**
 * How a session stored by an older version of the portal becomes today's (SESSION_PERSIST_VERSION
 * in persist.ts). Loaded only when a stored session is older, and by the QA replay for older logs.
 */
import { createMigrate, type MigrationManifest, type PersistedState } from 'redux-persist';
import { initialSessionState, type SessionState } from '../entities/session/sessionSlice';
import { withAppNames, withSpecNames } from './sessionNames';

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


export const migrateSession = createMigrate(sessionMigrations, { debug: false });
