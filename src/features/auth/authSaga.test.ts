import { waitFor } from '@testing-library/react';
import { apiError, createFakeApi, networkError } from '../../../test/fakeApi';
import { discoverAll, signedInAs } from '../../../test/renderApp';
import { createSagaStore } from '../../../test/sagaStore';
import type { CurrentUser, LoginResult } from '../../api/types';
import { sessionActions } from '../../entities/session/sessionSlice';
import { selectResetErrorMessage } from './resetMessages';
import { authActions } from './authSlice';
import { selectAuthFlow } from './authSelectors';

const stores: { stop: () => void }[] = [];
function setup(options: Parameters<typeof createSagaStore>[0] = {}) {
  const created = createSagaStore(options);
  stores.push(created);
  return created;
}
afterEach(() => stores.splice(0).forEach((s) => s.stop()));

describe('auth saga: login', () => {
  it.each([
    ['admin', 'demo-admin-2026', 'administrator', '/admin/Franchise_Owners_List'],
    ['dana', 'demo-owner-2026', 'franchise_owner', '/students_list/Dana%20Cohen'],
    ['mia', 'demo-student-2026', 'student', '/building_instructions/Mia%20Levi'],
  ])('signs %s in and lands on the role page', async (username, password, role, landing) => {
    const { store, navigations, rehydrated } = setup();
    await rehydrated();
    store.dispatch(authActions.loginSubmitted({ username, password }));
    await waitFor(() => expect(navigations).toEqual([landing]));
    const { session } = store.getState();
    const authFlow = selectAuthFlow(store.getState());
    expect(session).toMatchObject({ userRole: role, valid: true, token: `token-${username}` });
    expect(authFlow.login.status).toBe('idle');
  });

  it('lands anyone with another role on building instructions', async () => {
    const api = createFakeApi({
      login: async () => ({ token: 't', userId: 5, userName: 'Ed Itor', userNicename: 'ed', email: 'e@x.test', role: 'unknown' }),
    });
    const { store, navigations, rehydrated } = setup({ api });
    await rehydrated();
    store.dispatch(authActions.loginSubmitted({ username: 'ed', password: 'x' }));
    await waitFor(() => expect(navigations).toEqual(['/building_instructions/Ed%20Itor']));
  });

  it.each([
    ['a wrong password', apiError(403, '[jwt_auth] incorrect_password')],
    ['a network failure', networkError()],
  ])('records the failure on %s and stays signed out', async (_name, error) => {
    const api = createFakeApi({ login: async () => Promise.reject(error) });
    const { store, navigations, rehydrated } = setup({ api });
    await rehydrated();
    store.dispatch(authActions.loginSubmitted({ username: 'mia', password: 'nope' }));
    await waitFor(() => expect(selectAuthFlow(store.getState()).login.status).toBe('failed'));
    expect(selectAuthFlow(store.getState()).login.error).toEqual(error);
    expect(store.getState().session.token).toBeNull();
    expect(navigations).toEqual([]);
  });
});

describe('auth saga: login on a WordPress site whose login answer names no user id or role', () => {
  // What the public JWT plugin answers: token, e-mail and names, no user_id, no user_roles.
  const stockAnswer = (who: Partial<LoginResult> = {}) => async (): Promise<LoginResult> => ({
    token: 'wp-token', userId: 0, userName: 'Dana Cohen', userNicename: 'dana', email: 'dana@x.test', role: 'none', ...who,
  });
  const loginAs = async (login: () => Promise<LoginResult>, getCurrentUser: (token?: string) => Promise<CurrentUser>) => {
    const created = setup({ api: createFakeApi({ login, getCurrentUser }) });
    await created.rehydrated();
    created.store.dispatch(authActions.loginSubmitted({ username: 'dana', password: 'pw' }));
    return created;
  };

  it("asks users/me with the new token before the role redirect, and keeps the server's id and role", async () => {
    const { store, navigations, api } = await loginAs(stockAnswer(), async () => ({ id: 2, role: 'franchise_owner', name: 'Dana C.' }));
    await waitFor(() => expect(navigations).toEqual(['/students_list/Dana%20Cohen']));
    expect(api.calls.find((c) => c.method === 'getCurrentUser')?.args).toEqual(['wp-token']);
    expect(store.getState().session).toMatchObject({ token: 'wp-token', userId: 2, userRole: 'franchise_owner', userName: 'Dana Cohen' });
  });

  it('asks users/me for the id when only the role came with the login answer', async () => {
    const { store, navigations } = await loginAs(stockAnswer({ role: 'administrator' }), async () => ({ id: 1, role: 'none', name: '' }));
    await waitFor(() => expect(navigations).toEqual(['/admin/Franchise_Owners_List']));
    expect(store.getState().session).toMatchObject({ userId: 1, userRole: 'administrator' });
  });

  it('does not ask users/me when the login answer names both (the portal backend, a site with the additions)', async () => {
    const { navigations, api } = await loginAs(stockAnswer({ userId: 10, role: 'student' }), async () => Promise.reject(networkError()));
    await waitFor(() => expect(navigations).toEqual(['/building_instructions/Dana%20Cohen']));
    expect(api.calls.map((c) => c.method)).toEqual(['login']);
  });

  it.each([
    ['users/me names no role', async (): Promise<CurrentUser> => ({ id: 2, role: 'none', name: 'Dana Cohen' })],
    ['users/me fails', async (): Promise<CurrentUser> => Promise.reject(apiError(401, 'rest_not_logged_in'))],
  ])('keeps the user on the login page, signed out, when %s', async (_name, getCurrentUser) => {
    const { store, navigations } = await loginAs(stockAnswer(), getCurrentUser);
    await waitFor(() => expect(selectAuthFlow(store.getState()).login.status).toBe('lackedRole'));
    expect(store.getState().session).toMatchObject({ token: null, userRole: null, valid: false });
    expect(navigations).toEqual([]);
  });
});

describe('auth saga: a stored token on a site whose capabilities are still being looked up', () => {
  it('asks users/me without waiting for the REST index (users/me is WordPress core)', async () => {
    const api = createFakeApi({
      getSiteCapabilities: () => new Promise(() => undefined),
      getCurrentUser: async () => ({ id: 2, role: 'franchise_owner', name: 'Dana Cohen' }),
    });
    const { store } = setup({ api, session: signedInAs('dana', { userRole: 'administrator' }), config: discoverAll });
    await waitFor(() => expect(store.getState().session.valid).toBe(true));
    expect(store.getState().session.userRole).toBe('franchise_owner');
    expect(store.getState().config.undiscovered).toHaveLength(3);
  });
});

describe('auth saga: a stored token is validated on start', () => {
  it('marks the session valid when token/validate answers', async () => {
    const { store, api } = setup({ session: signedInAs('dana') });
    await waitFor(() => expect(store.getState().session.valid).toBe(true));
    expect(api.calls.map((c) => c.method)).toEqual(['validateToken', 'getCurrentUser']);
    expect(store.getState().session.userName).toBe('Dana Cohen');
  });

  it('asks users/me while token/validate is still on its way (one round trip, not two)', async () => {
    let askedWhoAmI!: () => void;
    const whoAmIAsked = new Promise<void>((resolve) => (askedWhoAmI = resolve));
    const api = createFakeApi({
      // Answers only once users/me was asked: asked one after the other, the session never becomes valid.
      validateToken: async () => {
        await whoAmIAsked;
      },
      getCurrentUser: async () => {
        askedWhoAmI();
        return { id: 2, role: 'franchise_owner', name: 'Dana Cohen' };
      },
    });
    const { store } = setup({ api, session: signedInAs('dana') });
    await waitFor(() => expect(store.getState().session.valid).toBe(true));
  });

  it("ignores users/me's answer when token/validate refuses the token", async () => {
    const api = createFakeApi({
      validateToken: async () => Promise.reject(apiError(403, 'jwt_auth_invalid_token', 'Expired token')),
      getCurrentUser: async () => ({ id: 1, role: 'administrator', name: 'Office Admin' }),
    });
    const { store, navigations } = setup({ api, session: signedInAs('mia') });
    await waitFor(() => expect(navigations).toEqual(['/']));
    expect(store.getState().session).toMatchObject({ token: null, userRole: null, userId: null, valid: false });
  });

  it("replaces an edited stored role, user id and name with the server's before any screen trusts them", async () => {
    const api = createFakeApi({ getCurrentUser: async () => ({ id: 10, role: 'student', name: 'Mia Levi' }) });
    // Mia edited localStorage to claim Dana's id and the administrator role.
    const { store } = setup({ api, session: signedInAs('mia', { userRole: 'administrator', userId: 2, userName: 'Office Admin' }) });
    await waitFor(() => expect(store.getState().session.valid).toBe(true));
    expect(store.getState().session).toMatchObject({ userRole: 'student', userId: 10, userName: 'Mia Levi', token: 'token-mia' });
  });

  it('keeps the stored identity when the server cannot say who the token belongs to', async () => {
    const api = createFakeApi({ getCurrentUser: async () => Promise.reject(networkError()) });
    const { store } = setup({ api, session: signedInAs('dana') });
    await waitFor(() => expect(store.getState().session.valid).toBe(true));
    expect(store.getState().session).toMatchObject({ userRole: 'franchise_owner', userId: 2 });
  });

  it.each([
    ['401', apiError(401, 'rest_not_logged_in')],
    ['403', apiError(403, 'jwt_auth_invalid_token', 'Expired token')],
  ])('ends the session and goes to / on a %s', async (_name, error) => {
    const api = createFakeApi({ validateToken: async () => Promise.reject(error) });
    const { store, navigations } = setup({ api, session: signedInAs('mia') });
    await waitFor(() => expect(navigations).toEqual(['/']));
    expect(store.getState().session).toMatchObject({ token: null, userName: null, userId: null, userRole: null, valid: false });
  });

  it('lets the user in when the check cannot reach the server (network blip)', async () => {
    const api = createFakeApi({ validateToken: async () => Promise.reject(networkError()) });
    const { store, navigations } = setup({ api, session: signedInAs('mia') });
    await waitFor(() => expect(store.getState().session.valid).toBe(true));
    expect(store.getState().session.token).toBe('token-mia');
    expect(navigations).toEqual([]);
  });

  it('does not call token/validate without a stored token', async () => {
    const { api, rehydrated } = setup();
    await rehydrated();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.calls).toEqual([]);
  });
});

describe('auth saga: log out and expiry', () => {
  it('clears the whole session on log out and returns to /', async () => {
    const { store, navigations } = setup({ session: signedInAs('admin', { unlockedLessonIds: [201], unlockedModels: { Catapult: true } }) });
    await waitFor(() => expect(store.getState().session.valid).toBe(true));
    store.dispatch(sessionActions.loggedOut());
    expect(store.getState().session).toMatchObject({ token: null, userName: null, userId: null, userRole: null, email: null, unlockedLessonIds: [], unlockedModels: {} });
    await waitFor(() => expect(navigations).toEqual(['/']));
  });

  it('returns to / when any call reports the session expired', async () => {
    const { store, navigations } = setup({ session: signedInAs('dana') });
    await waitFor(() => expect(store.getState().session.valid).toBe(true));
    store.dispatch(sessionActions.expired());
    await waitFor(() => expect(navigations).toEqual(['/']));
    expect(store.getState().session.token).toBeNull();
  });
});

describe('auth saga: password reset', () => {
  const run = async (resetPassword: () => Promise<{ message: string }>, email = 'parent.mia@demo.portal.test') => {
    const { store, rehydrated } = setup({ api: createFakeApi({ resetPassword }) });
    await rehydrated();
    store.dispatch(authActions.passwordResetSubmitted({ email }));
    await waitFor(() => expect(selectAuthFlow(store.getState()).reset.status).not.toBe('submitting'));
    return store.getState();
  };

  it('succeeds', async () => {
    const state = await run(async () => ({ message: 'A new password has been sent to your email' }));
    expect(selectAuthFlow(state).reset).toMatchObject({ status: 'succeeded', error: null });
  });

  it('says there is no account for a valid but unknown address', async () => {
    const state = await run(() => Promise.reject(apiError(404, 'invalid_email', 'There is no account with that email address')));
    expect(selectResetErrorMessage(state)).toBe('There is no account with that email address');
  });

  it('asks for a valid address when the text is not one', async () => {
    const state = await run(() => Promise.reject(apiError(400, 'rest_invalid_param', 'Invalid parameter(s): user_email')), 'not-an-email');
    expect(selectResetErrorMessage(state)).toBe('enter a valid email address');
  });

  it('shows another rejection message as plain text, never HTML', async () => {
    const state = await run(() => Promise.reject(apiError(403, 'reset_blocked', '<strong>Error:</strong> Password reset is not allowed for this user')));
    expect(selectResetErrorMessage(state)).toBe('Error: Password reset is not allowed for this user');
  });

  it('reports throttling in minutes', async () => {
    const state = await run(() => Promise.reject({ ...apiError(429, 'too_many_requests'), retryAfter: 610 }));
    expect(selectResetErrorMessage(state)).toBe('Too many requests, try again in 11 minutes');
  });

  it('reports a network failure plainly', async () => {
    const state = await run(() => Promise.reject(networkError()));
    expect(selectResetErrorMessage(state)).toBe('Could not reach the server. Check the connection and try again.');
  });
});
