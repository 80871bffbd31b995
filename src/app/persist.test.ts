import { waitFor } from '@testing-library/react';
import { apiError, createFakeApi } from '../../test/fakeApi';
import { createMemoryStorage, persistedValue, readPersisted } from '../../test/memoryStorage';
import { signedInAs } from '../../test/renderApp';
import { createSagaStore } from '../../test/sagaStore';
import { initialSessionState, sessionActions } from '../entities/session/sessionSlice';
import { authActions } from '../features/auth/authSlice';
import { SESSION_PERSIST_KEY, SESSION_PERSIST_VERSION, storageWithSpecNames, withAppNames, withSpecNames } from './persist';
import { sessionMigrations } from './sessionMigrations';

const KEY = `persist:${SESSION_PERSIST_KEY}`;
const migrate = (version: 1 | 2, state: unknown) => sessionMigrations[version]!(state as never) as unknown as Record<string, unknown>;
const migrateFrom0 = (state: unknown) => migrate(2, migrate(1, state));

const stores: { stop: () => void }[] = [];
const start = (options: Parameters<typeof createSagaStore>[0]) => {
  const created = createSagaStore(options);
  stores.push(created);
  return created;
};
afterEach(() => stores.splice(0).forEach((s) => s.stop()));

describe('session migrations', () => {
  it('v0 -> v2: string ids, JSON-string OpenedPrograms, per-model flags, admin role, under the names of the app', () => {
    const v0 = {
      token: 'abc',
      userName: 'Office Admin',
      userId: '1',
      userRole: 'admin',
      user_email: 'admin@demo.portal.test',
      valid: 'true',
      OpenedPrograms: '["201", 202, "x"]',
      HideClicked: 'true',
      Catapult: 'true',
      LawnMower: true,
      Mixer: 'false',
      _persist: { version: 0, rehydrated: false },
    };
    const expected = {
      ...initialSessionState,
      token: 'abc',
      userName: 'Office Admin',
      userId: 1,
      userRole: 'administrator',
      email: 'admin@demo.portal.test',
      valid: false,
      unlockedLessonIds: [201, 202],
      kitContentsOpened: true,
      unlockedModels: { Catapult: true, LawnMower: true },
      _persist: { version: 0, rehydrated: false },
    };
    // From a QA log (the older portal's names) and from localStorage (storageWithSpecNames has renamed them already).
    expect(migrateFrom0(v0)).toEqual(expected);
    expect(migrateFrom0(withAppNames(v0))).toEqual(expected);
  });

  it('v0 -> v2: tolerates missing, empty and malformed values', () => {
    expect(migrateFrom0(undefined)).toEqual({ ...initialSessionState, _persist: undefined });
    const migrated = migrateFrom0({ token: '', userId: 'abc', userRole: 'editor', OpenedPrograms: '{not json', HideClicked: 1 });
    expect(migrated).toMatchObject({ token: null, userId: null, userRole: null, unlockedLessonIds: [], kitContentsOpened: false, unlockedModels: {} });
  });

  it('v1 -> v2: the names of the spec become the names of the app, which stay as they are', () => {
    const v1 = { ...withSpecNames({ ...signedInAs('mia'), unlockedLessonIds: [5], kitContentsOpened: true }), _persist: { version: 1, rehydrated: true } };
    expect(v1).toMatchObject({ OpenedPrograms: [5], HideClicked: true, user_email: 'parent.mia@demo.portal.test' });
    const migrated = migrate(2, v1);
    expect(migrated).toEqual({ ...signedInAs('mia'), unlockedLessonIds: [5], kitContentsOpened: true, _persist: { version: 1, rehydrated: true } });
    expect(migrate(2, migrated)).toEqual(migrated);
  });

  it('v1 -> v2: the owner chosen on the students list is no longer stored (it lives in the address)', () => {
    const v1 = { ...withSpecNames(signedInAs('admin')), selectedOwnerId: 2, _persist: { version: 1, rehydrated: true } };
    expect(migrate(2, v1)).not.toHaveProperty('selectedOwnerId');
  });

  it('migrates a stored v0 session when the app starts, then validates its token', async () => {
    const raw = persistedValue({ token: 'token-dana', userName: 'Dana Cohen', userId: '2', userRole: 'franchise_owner', OpenedPrograms: '[201]', HideClicked: 'true', Catapult: 'true' }, 0);
    const storage = createMemoryStorage({ [KEY]: raw });
    const { store, api } = start({ storage });
    await waitFor(() => expect(store.getState().session.valid).toBe(true));
    expect(store.getState().session).toMatchObject({ token: 'token-dana', userId: 2, userRole: 'franchise_owner', unlockedLessonIds: [201], kitContentsOpened: true, unlockedModels: { Catapult: true } });
    expect(api.calls.map((c) => c.method)).toContain('validateToken');
    await waitFor(() => expect(readPersisted(storage.data.get(KEY))?._persist).toMatchObject({ version: SESSION_PERSIST_VERSION }));
  });

  it('loads a session stored by the previous version (1) under the names of the spec', async () => {
    const v1 = { ...signedInAs('mia'), OpenedPrograms: [201], HideClicked: true, user_email: 'mia@old.test', unlockedModels: { Catapult: true } };
    for (const key of ['unlockedLessonIds', 'kitContentsOpened', 'email']) delete (v1 as Record<string, unknown>)[key];
    const { store } = start({ storage: createMemoryStorage({ [KEY]: persistedValue(v1, 1) }) });
    await waitFor(() => expect(store.getState().session.valid).toBe(true));
    expect(store.getState().session).toMatchObject({ token: 'token-mia', unlockedLessonIds: [201], kitContentsOpened: true, email: 'mia@old.test', unlockedModels: { Catapult: true } });
    expect(store.getState().session).not.toHaveProperty('OpenedPrograms');
  });
});

describe('stored under the names of docs/spec/portal-spec.md section 3', () => {
  it('writes OpenedPrograms, HideClicked and user_email to localStorage, never the names of the app', async () => {
    const storage = createMemoryStorage();
    const { store, persistor, rehydrated } = start({ storage });
    await rehydrated();
    store.dispatch(authActions.loginSubmitted({ username: 'mia', password: 'demo-student-2026' }));
    await waitFor(() => expect(store.getState().session.token).toBe('token-mia'));
    store.dispatch(sessionActions.modelUnlocked({ lessonId: 201, modelName: 'Catapult' }));
    store.dispatch(sessionActions.kitContentsOpened());
    await persistor.flush();

    const stored = readPersisted(storage.data.get(KEY))!;
    expect(stored).toMatchObject({ OpenedPrograms: [201], HideClicked: true, user_email: 'parent.mia@demo.portal.test', unlockedModels: { Catapult: true } });
    expect(Object.keys(stored).sort()).toEqual(
      ['HideClicked', 'OpenedPrograms', '_persist', 'token', 'unlockedModels', 'userId', 'userName', 'userRole', 'user_email'].sort(),
    );
  });

  it('storageWithSpecNames leaves other values and unreadable ones alone', async () => {
    const inner = createMemoryStorage({ other: 'not json', list: '[1]' });
    const storage = storageWithSpecNames(inner);
    expect(await storage.getItem('other')).toBe('not json');
    expect(await storage.getItem('list')).toBe('[1]');
    expect(await storage.getItem('missing')).toBeNull();
    await storage.setItem(KEY, JSON.stringify({ unlockedLessonIds: '[3]', token: '"t"' }));
    expect(inner.data.get(KEY)).toBe(JSON.stringify({ OpenedPrograms: '[3]', token: '"t"' }));
    expect(await storage.getItem(KEY)).toBe(JSON.stringify({ unlockedLessonIds: '[3]', token: '"t"' }));
  });
});

describe('persisted session', () => {
  it('survives a reload: sign in, start again on the same storage, still signed in', async () => {
    const storage = createMemoryStorage();
    const first = start({ storage });
    await first.rehydrated();
    first.store.dispatch(authActions.loginSubmitted({ username: 'dana', password: 'demo-owner-2026' }));
    await waitFor(() => expect(first.store.getState().session.token).toBe('token-dana'));
    await first.persistor.flush();
    first.stop();

    const stored = readPersisted(storage.data.get(KEY));
    expect(stored).toMatchObject({ token: 'token-dana', userName: 'Dana Cohen', userId: 2, userRole: 'franchise_owner' });
    // Only the session is persisted, and `valid` never is: a reload must check the token again.
    expect(stored).not.toHaveProperty('valid');
    expect([...storage.data.keys()]).toEqual([KEY]);

    let answer: () => void = () => {};
    const second = start({ storage, api: createFakeApi({ validateToken: () => new Promise<void>((resolve) => (answer = resolve)) }) });
    await second.rehydrated();
    // Back from storage, but not trusted until token/validate answers.
    expect(second.store.getState().session).toMatchObject({ token: 'token-dana', userName: 'Dana Cohen', valid: false });
    answer();
    await waitFor(() => expect(second.store.getState().session.valid).toBe(true));
    expect(second.api.calls.map((c) => c.method)).toEqual(['validateToken', 'getCurrentUser']);
    // Nothing but the session came back: no entity is there until a screen that reads it joins.
    expect(second.store.getState().students).toBeUndefined();
  });

  it('rejects a stale or tampered token on start and clears what is stored', async () => {
    const storage = createMemoryStorage({ [KEY]: persistedValue(signedInAs('admin', { token: 'tampered.jwt.value' }), SESSION_PERSIST_VERSION) });
    const api = createFakeApi({ validateToken: () => Promise.reject(apiError(403, 'jwt_auth_invalid_token', 'Signature verification failed')) });
    const { store, navigations, persistor } = start({ storage, api });
    await waitFor(() => expect(navigations).toEqual(['/']));
    expect(store.getState().session).toMatchObject({ token: null, userRole: null, valid: false });
    await persistor.flush();
    expect(readPersisted(storage.data.get(KEY))).toMatchObject({ token: null, userName: null, userId: null, userRole: null });
  });
});
