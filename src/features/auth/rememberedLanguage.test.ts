/**
 * The user's language is remembered per user (users/me `locale`, as WordPress keeps it).
 * Signing in or a checked stored session brings it back; choosing one while signed in saves it.
 */
import { waitFor } from '@testing-library/react';
import { apiError, createFakeApi, demoLogins, networkError } from '../../../test/fakeApi';
import { signedInAs } from '../../../test/renderApp';
import { createSagaStore } from '../../../test/sagaStore';
import { sessionActions } from '../../entities/session/sessionSlice';
import { authActions } from './authSlice';

const stores: { stop: () => void }[] = [];
function setup(options: Parameters<typeof createSagaStore>[0] = {}) {
  const created = createSagaStore(options);
  stores.push(created);
  return created;
}
afterEach(() => stores.splice(0).forEach((s) => s.stop()));

const saved = (api: ReturnType<typeof createFakeApi>) => api.calls.filter((c) => c.method === 'saveLocale').map((c) => c.args[0]);

describe('the remembered language', () => {
  it("signing in shows the portal in the user's language, and does not save it back", async () => {
    const { password: _password, ...dana } = demoLogins.dana!;
    const api = createFakeApi({ login: async () => ({ ...dana, locale: 'he_IL' }) });
    const { store, navigations, rehydrated } = setup({ api });
    await rehydrated();
    store.dispatch(authActions.loginSubmitted({ username: 'dana', password: 'pw' }));
    await waitFor(() => expect(navigations).toEqual(['/students_list/Dana%20Cohen']));
    expect(store.getState().session).toMatchObject({ language: 'he', valid: true });
    expect(saved(api)).toEqual([]);
  });

  it('a WordPress site: the language comes with users/me, asked for the id and role', async () => {
    const api = createFakeApi({
      login: async () => ({ token: 'wp', userId: 0, userName: 'Dana Cohen', userNicename: 'dana', email: 'd@x.test', role: 'none' }),
      getCurrentUser: async () => ({ id: 2, role: 'franchise_owner', name: 'Dana Cohen', locale: 'es_MX' }),
    });
    const { store, rehydrated } = setup({ api });
    await rehydrated();
    store.dispatch(authActions.loginSubmitted({ username: 'dana', password: 'pw' }));
    await waitFor(() => expect(store.getState().session.valid).toBe(true));
    expect(store.getState().session.language).toBe('es');
  });

  it("a stored session, once checked, takes the user's language from users/me", async () => {
    const api = createFakeApi({ getCurrentUser: async () => ({ id: 2, role: 'franchise_owner', name: 'Dana Cohen', locale: 'es_ES' }) });
    const { store } = setup({ api, session: signedInAs('dana', { language: 'he' }) });
    await waitFor(() => expect(store.getState().session.valid).toBe(true));
    expect(store.getState().session.language).toBe('es');
    expect(saved(api)).toEqual([]);
  });

  it.each([
    ['has none', ''],
    ['has one the portal does not offer', 'fr_FR'],
  ])("keeps the device's language when the user %s", async (_name, locale) => {
    const api = createFakeApi({ getCurrentUser: async () => ({ id: 2, role: 'franchise_owner', name: 'Dana Cohen', locale }) });
    const { store } = setup({ api, session: signedInAs('dana', { language: 'he' }) });
    await waitFor(() => expect(store.getState().session.valid).toBe(true));
    expect(store.getState().session.language).toBe('he');
  });

  it('a language chosen while signed in is saved for the user', async () => {
    const { store, api } = setup({ session: signedInAs('dana') });
    await waitFor(() => expect(store.getState().session.valid).toBe(true));
    store.dispatch(sessionActions.languageChosen({ language: 'he' }));
    store.dispatch(sessionActions.languageChosen({ language: 'es' }));
    await waitFor(() => expect(saved(api)).toEqual(['he_IL', 'es_ES']));
  });

  it('signed out, the choice stays on the device only', async () => {
    const { store, api, rehydrated } = setup();
    await rehydrated();
    store.dispatch(sessionActions.languageChosen({ language: 'es' }));
    expect(store.getState().session.language).toBe('es');
    expect(saved(api)).toEqual([]);
  });

  it.each([
    ['offline', networkError()],
    ['refused by the server', apiError(500, 'internal_server_error')],
  ])('a save that fails (%s) keeps the choice on the device and shows nothing', async (_name, error) => {
    const api = createFakeApi({ saveLocale: async () => Promise.reject(error) });
    const { store } = setup({ api, session: signedInAs('mia') });
    await waitFor(() => expect(store.getState().session.valid).toBe(true));
    const before = store.getState();
    store.dispatch(sessionActions.languageChosen({ language: 'he' }));
    await waitFor(() => expect(saved(api)).toEqual(['he_IL']));
    await new Promise((resolve) => setTimeout(resolve, 0));
    const after = store.getState();
    expect(after.session).toEqual({ ...before.session, language: 'he' });
    expect(after.authFlow).toEqual(before.authFlow);
  });
});
