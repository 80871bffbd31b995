import { act, screen, waitFor } from '@testing-library/react';
import { createSagaStore } from '../../../test/sagaStore';
import { renderApp, signedInAs } from '../../../test/renderApp';
import { networkError } from '../../../test/fakeApi';
import { sessionActions } from '../../entities/session/sessionSlice';
import { clearUserCaches } from '../../shared/offlineCaches';
import { CACHE_OWNER_KEY, isNetworkFailure } from './offlineSaga';

jest.mock('../../shared/offlineCaches', () => ({
  clearUserCaches: jest.fn(async () => undefined),
  serverAnswers: jest.fn(async () => false),
  savePicture: jest.fn(async () => undefined),
}));

const BANNER = 'You are offline. Lessons you have opened still work.';

function goOffline(online: boolean) {
  jest.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

afterEach(() => {
  jest.restoreAllMocks();
  (clearUserCaches as jest.Mock).mockClear();
  localStorage.clear();
});

/** The app with the banner's lazy chunk loaded (its slice joins the store with it). */
async function renderWithBanner() {
  const view = renderApp({ route: '/' });
  await waitFor(() => expect(view.store.getState().offline).toBeDefined());
  return view;
}

describe('the offline banner', () => {
  it('shows calmly in a status region while the browser is offline, and goes when it is back', async () => {
    const view = await renderWithBanner();
    expect(screen.queryByText(BANNER)).toBeNull();
    goOffline(false);
    expect((await screen.findByText(BANNER)).closest('[aria-live="polite"]')).not.toBeNull();
    goOffline(true);
    await waitFor(() => expect(screen.queryByText(BANNER)).toBeNull());
    view.unmount();
  });

  it('shows when a request fails for network reasons, though the browser says online', async () => {
    const view = await renderWithBanner();
    act(() => {
      view.store.dispatch({ type: 'content/lessonsLoadFailed', payload: { programId: 130, error: networkError() } });
    });
    expect(await screen.findByText(BANNER)).toBeInTheDocument();
    view.unmount();
  });
});

describe('network failures', () => {
  it('are told apart from other failures in both shapes of *Failed actions', () => {
    expect(isNetworkFailure({ type: 'x/failed', payload: networkError() } as never)).toBe(true);
    expect(isNetworkFailure({ type: 'x/failed', payload: { error: networkError() } } as never)).toBe(true);
    expect(isNetworkFailure({ type: 'x/failed', payload: { error: { kind: 'server', status: 500, code: 'e', message: '' } } } as never)).toBe(false);
    expect(isNetworkFailure({ type: 'x/other' })).toBe(false);
  });
});

describe("a user's cached lessons", () => {
  async function start(session = signedInAs('dana')) {
    const created = createSagaStore({ session });
    await created.store.joinFeature('offline');
    await created.rehydrated();
    return created;
  }

  it('are deleted when the user signs out, and when the session ends', async () => {
    const { store, stop } = await start();
    (clearUserCaches as jest.Mock).mockClear();
    store.dispatch(sessionActions.loggedOut());
    await waitFor(() => expect(clearUserCaches).toHaveBeenCalledTimes(1));
    store.dispatch(sessionActions.expired());
    await waitFor(() => expect(clearUserCaches).toHaveBeenCalledTimes(2));
    stop();
  });

  it('are deleted before another user signs in, kept for the same user', async () => {
    const { store, stop } = await start();
    localStorage.setItem(CACHE_OWNER_KEY, '7');
    const login = (userId: number) => sessionActions.loginSucceeded({ token: 't', userId, userName: 'X', userNicename: 'x', email: 'x@x.test', role: 'student' });
    store.dispatch(login(7));
    await waitFor(() => expect(localStorage.getItem(CACHE_OWNER_KEY)).toBe('7'));
    expect(clearUserCaches).not.toHaveBeenCalled();
    store.dispatch(login(8));
    await waitFor(() => expect(clearUserCaches).toHaveBeenCalledTimes(1));
    expect(localStorage.getItem(CACHE_OWNER_KEY)).toBe('8');
    stop();
  });
});
