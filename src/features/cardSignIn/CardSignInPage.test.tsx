import { act, screen, waitFor } from '@testing-library/react';
import { SIGN_IN_CARD_PATHS } from '../../../contract/signInCards';
import { apiError, createFakeApi } from '../../../test/fakeApi';
import { renderApp, signedInAs } from '../../../test/renderApp';
import type { ApiRequest } from '../../api/transport';

jest.setTimeout(20_000);

const TOKEN = 'A'.repeat(43);
const miasAnswer = { token: 'token-mia', user_email: 'parent.mia@demo.portal.test', user_nicename: 'mia', user_display_name: 'Mia Levi', user_id: 10, user_roles: ['student'] };

function cardApi(answer: () => Promise<unknown>) {
  const requests: ApiRequest[] = [];
  const api = createFakeApi({
    request: async (request) => {
      if (request.path !== SIGN_IN_CARD_PATHS.cardSignIn) return Promise.reject(apiError(404, 'rest_no_route', 'No route'));
      requests.push(request);
      return answer();
    },
  });
  return { api, requests };
}

describe('signing in with a sign-in card', () => {
  it("takes the token out of the address, signs the child in and lands on the child's home screen, on a shared-device session", async () => {
    const { api, requests } = cardApi(async () => miasAnswer);
    const { router, store } = renderApp({ route: `/card-sign-in#token=${TOKEN}`, api });
    await waitFor(() => expect(router.state.location.pathname).toBe('/building_instructions/Mia%20Levi'));
    expect(requests).toEqual([{ method: 'POST', path: SIGN_IN_CARD_PATHS.cardSignIn, body: { token: TOKEN }, expiry: 'never' }]);
    expect(store.getState().session).toMatchObject({ token: 'token-mia', userRole: 'student', sharedDevice: true });
    expect(router.state.location.hash).toBe('');
  });

  it('a voided card is refused calmly, with a way to sign in otherwise', async () => {
    const { api } = cardApi(async () => Promise.reject(apiError(403, 'card_invalid', 'This sign-in card no longer works. Ask your teacher for a new card.')));
    const { router, store } = renderApp({ route: `/card-sign-in#token=${TOKEN}`, api });
    expect(await screen.findByRole('alert')).toHaveTextContent('This card no longer works. Ask your teacher for a new card.');
    expect(screen.getByRole('link', { name: 'Sign in with a username instead' })).toHaveAttribute('href', '/');
    expect(router.state.location.hash).toBe('');
    expect(store.getState().session.token).toBeNull();
  });

  it('an ended student is told their lessons ended; no token in the address says how to use the page', async () => {
    const { api } = cardApi(async () => Promise.reject(apiError(403, '[jwt_auth] account_ended', 'ended')));
    renderApp({ route: `/card-sign-in#token=${TOKEN}`, api });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your lessons have ended');
  });

  it('without a token the page says to scan the card', async () => {
    const { api, requests } = cardApi(async () => miasAnswer);
    renderApp({ route: '/card-sign-in', api });
    expect(await screen.findByText('Scan the QR code on your sign-in card to sign in.')).toBeInTheDocument();
    expect(requests).toEqual([]);
  });
});

describe('a shared-device session', () => {
  afterEach(() => jest.useRealTimers());

  it('signs out after the idle time; any input restarts the wait; the login page says why', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    const { store, router } = renderApp({ route: '/', session: signedInAs('mia', { sharedDevice: true }), config: { sharedDeviceIdleMinutes: 2 } });
    await waitFor(() => expect(store.getState().session.valid).toBe(true));
    // The watcher's chunk loads with the session.
    await act(async () => {
      await jest.advanceTimersByTimeAsync(90_000);
    });
    act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(90_000);
    });
    expect(store.getState().session.token).toBe('token-mia');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(31_000);
    });
    expect(store.getState().session.token).toBeNull();
    expect(router.state.location.pathname).toBe('/');
    expect(await screen.findByText('You were signed out because the tablet was not used for a while. Scan your card or sign in again.')).toBeInTheDocument();
  });

  it('a password session is never signed out for being idle', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    const { store } = renderApp({ route: '/', session: signedInAs('mia'), config: { sharedDeviceIdleMinutes: 1 } });
    await waitFor(() => expect(store.getState().session.valid).toBe(true));
    await act(async () => {
      await jest.advanceTimersByTimeAsync(5 * 60_000);
    });
    expect(store.getState().session.token).toBe('token-mia');
  });
});
