import { waitFor } from '@testing-library/react';
import { apiError, createFakeApi } from '../../test/fakeApi';
import { createMemoryStorage, persistedValue, readPersisted } from '../../test/memoryStorage';
import { signedInAs } from '../../test/renderApp';
import { createSagaStore } from '../../test/sagaStore';
import { initialSessionState } from '../entities/session/sessionSlice';
import { authActions } from '../features/auth/authSlice';
import { SESSION_PERSIST_KEY, SESSION_PERSIST_VERSION, sessionMigrations } from './persist';

const KEY = `persist:${SESSION_PERSIST_KEY}`;
const migrateTo1 = (state: unknown) => sessionMigrations[1]!(state as never) as unknown as Record<string, unknown>;

const stores: { stop: () => void }[] = [];
const start = (options: Parameters<typeof createSagaStore>[0]) => {
  const created = createSagaStore(options);
  stores.push(created);
  return created;
};
afterEach(() => stores.splice(0).forEach((s) => s.stop()));

describe('session migrations', () => {
  it('v0 -> v1: string ids, JSON-string OpenedPrograms, per-model flags, admin role', () => {
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
    expect(migrateTo1(v0)).toEqual({
      ...initialSessionState,
      token: 'abc',
      userName: 'Office Admin',
      userId: 1,
      userRole: 'administrator',
      user_email: 'admin@demo.portal.test',
      valid: false,
      OpenedPrograms: [201, 202],
      HideClicked: true,
      unlockedModels: { Catapult: true, LawnMower: true },
      _persist: { version: 0, rehydrated: false },
    });
  });

  it('v0 -> v1: tolerates missing, empty and malformed values', () => {
    expect(migrateTo1(undefined)).toMatchObject({ ...initialSessionState });
    const migrated = migrateTo1({ token: '', userId: 'abc', userRole: 'editor', OpenedPrograms: '{not json', HideClicked: 1 });
    expect(migrated).toMatchObject({ token: null, userId: null, userRole: null, OpenedPrograms: [], HideClicked: false, unlockedModels: {} });
  });

  it('migrates a stored v0 session when the app starts, then validates its token', async () => {
    const raw = persistedValue({ token: 'token-dana', userName: 'Dana Cohen', userId: '2', userRole: 'franchise_owner', OpenedPrograms: '[201]', Catapult: 'true' }, 0);
    const storage = createMemoryStorage({ [KEY]: raw });
    const { store, api } = start({ storage });
    await waitFor(() => expect(store.getState().session.valid).toBe(true));
    expect(store.getState().session).toMatchObject({ token: 'token-dana', userId: 2, userRole: 'franchise_owner', OpenedPrograms: [201], unlockedModels: { Catapult: true } });
    expect(api.calls.map((c) => c.method)).toContain('validateToken');
    await waitFor(() => expect(readPersisted(storage.data.get(KEY))?._persist).toMatchObject({ version: SESSION_PERSIST_VERSION }));
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
    // Nothing but the session came back: entity slices start empty.
    expect(second.store.getState().students.ids).toEqual([]);
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
