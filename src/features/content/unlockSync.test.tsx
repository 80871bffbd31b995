/**
 * A student's model list and the server's word on her unlocks: a lock-out shows again after a
 * reload, an owner's "Unlock for students" opens the card while the list is open, and offline a
 * code is never called wrong without asking the server.
 */
import { act, screen, within } from '@testing-library/react';
import { CLASSROOM_PATHS, type MyUnlocks } from '../../../contract/classroom';
import type { ApiRequest } from '../../api/transport';
import { apiError, networkError } from '../../../test/fakeApi';
import { discoverAll, renderApp, signedInAs } from '../../../test/renderApp';
import { CATAPULT, FLYING_CHAIRS, createContentApi } from '../../../test/fixtures/content';
import { UNLOCK_POLL_MS } from './unlockSyncSaga';

const serverSays = (state: { current: MyUnlocks }, calls: { n: number }) => ({
  request: async (request: ApiRequest) => {
    if (request.method === 'GET' && request.path === CLASSROOM_PATHS.myUnlocks) {
      calls.n += 1;
      return state.current;
    }
    throw apiError(404, 'rest_no_route');
  },
});

const advance = (ms: number) =>
  act(async () => {
    jest.advanceTimersByTime(ms);
    for (let i = 0; i < 10; i += 1) await Promise.resolve();
  });

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe("a student's model list and the server's word on her unlocks", () => {
  it("opened again after ten wrong codes, the model's card still says when she may try again; the others take codes", async () => {
    jest.useFakeTimers({ advanceTimers: true, now: new Date('2026-03-02T10:00:00Z') });
    const state = { current: { unlocked: [], lockedOut: [{ lessonId: CATAPULT, retryAfter: 1800, until: '2026-03-02T10:30:00.000Z' }] } as MyUnlocks };
    const view = renderApp({ route: '/select-model/PlayMachines1/130', session: signedInAs('mia'), api: createContentApi({ overrides: serverSays(state, { n: 0 }) }) });
    const card = await screen.findByTestId(`model-card-${CATAPULT}`);
    const expected = new Date('2026-03-02T10:30:00Z').toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' });
    expect(await within(card).findByText(`Too many tries. You can try again at ${expected}.`)).toBeInTheDocument();
    expect(card).toHaveAttribute('data-unlock-state', 'throttled');
    expect(within(card).getByLabelText(/Enter the 4-digit code/)).toHaveAttribute('readonly');
    const other = screen.getByTestId(`model-card-${FLYING_CHAIRS}`);
    expect(within(other).getByLabelText(/Enter the 4-digit code/)).not.toHaveAttribute('readonly');
    // When the time comes, the code box takes a code again.
    state.current = { unlocked: [], lockedOut: [] };
    await advance(1800 * 1000);
    expect(card).toHaveAttribute('data-unlock-state', 'locked');
    view.unmount();
  });

  it("the owner's unlock opens the card on the open list within one read; leaving the list stops the reads", async () => {
    jest.useFakeTimers({ advanceTimers: true });
    const state = { current: { unlocked: [], lockedOut: [] } as MyUnlocks };
    const calls = { n: 0 };
    const view = renderApp({ route: '/select-model/PlayMachines1/130', session: signedInAs('mia'), api: createContentApi({ overrides: serverSays(state, calls) }) });
    const card = await screen.findByTestId(`model-card-${CATAPULT}`);
    expect(within(card).getByLabelText(/Enter the 4-digit code/)).toBeInTheDocument();
    state.current = { unlocked: [CATAPULT], lockedOut: [] };
    await advance(UNLOCK_POLL_MS * 1.2);
    expect(await within(card).findByRole('link', { name: 'Building instructions: Catapult' })).toBeInTheDocument();
    expect(view.store.getState().session.unlockedLessonIds).toEqual([CATAPULT]);

    await act(() => view.router.navigate('/building_instructions/Mia%20Levi'));
    const asked = calls.n;
    await advance(UNLOCK_POLL_MS * 5);
    expect(calls.n).toBe(asked);
    view.unmount();
  });

  it('offline, on a list loaded offline, a right code needs the internet: it is never called wrong', async () => {
    jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const api = createContentApi({
      overrides: {
        // Offline the site's index cannot be read: the app takes the site for plain WordPress.
        getSiteCapabilities: async () => Promise.reject(networkError()),
        unlockLesson: async () => Promise.reject(networkError()),
      },
    });
    const view = renderApp({ route: '/select-model/PlayMachines1/130', session: signedInAs('mia'), api, config: discoverAll });
    const card = await screen.findByTestId(`model-card-${CATAPULT}`);
    await view.user.type(within(card).getByLabelText(/Enter the 4-digit code/), '2468');
    expect(await within(card).findByText('This needs the internet. Try again when you are back online.')).toBeInTheDocument();
    expect(card).not.toHaveTextContent('Wrong code');
    expect(view.api.calls.filter((c) => c.method === 'unlockLesson')).toHaveLength(1);
    view.unmount();
  });
});
