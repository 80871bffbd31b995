import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { discoverAll, renderApp, signedInAs } from '../../../test/renderApp';
import { apiError } from '../../../test/fakeApi';
import { readPersisted } from '../../../test/memoryStorage';
import { CATAPULT, createContentApi } from '../../../test/fixtures/content';
import { selectContent } from './contentSelectors';

const wordpress = { capabilities: { serverUnlock: false, userMeta: false, createFranchiseOwner: false } };

async function openCatapult(options: Parameters<typeof renderApp>[0]) {
  const view = renderApp({ route: '/select-model/PlayMachines1/130', session: signedInAs('mia'), ...options });
  const card = await screen.findByTestId(`model-card-${CATAPULT}`);
  const input = within(card).getByLabelText('Enter the 4-digit code for Catapult');
  return { view, card, input };
}

/** What redux-persist wrote under its 'session' key (src/app/persist.ts). */
const persistedSession = (storage: ReturnType<typeof renderApp>['storage']) =>
  readPersisted(storage.data.get('persist:session'));

/** Lets the fake API's promises settle without moving fake time. */
const flushPromises = () =>
  act(async () => {
    for (let i = 0; i < 10; i += 1) await Promise.resolve();
  });

/** Moves fake time, then lets the saga continue (delay resolves a promise). */
const advance = (ms: number) =>
  act(async () => {
    jest.advanceTimersByTime(ms);
    for (let i = 0; i < 10; i += 1) await Promise.resolve();
  });

afterEach(() => {
  jest.useRealTimers();
});

describe('unlocking a model', () => {
  it('shows a student a labelled numeric code input of at most 4 characters on each locked card', async () => {
    const { view, card, input } = await openCatapult({ api: createContentApi() });
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('maxlength', '4');
    expect(within(card).queryByRole('link', { name: /Building instructions/ })).not.toBeInTheDocument();
    expect(within(card).queryByText(/Code:/)).not.toBeInTheDocument();
    await view.user.type(input, 'a1b2');
    expect(input).toHaveValue('12');
    expect(view.api.calls.filter((c) => c.method === 'unlockLesson')).toHaveLength(0);
    view.unmount();
  });

  it('checks the right code on the server, shows the link, focuses it and remembers the unlock', async () => {
    const { view, card, input } = await openCatapult({ api: createContentApi() });
    await view.user.type(input, '2468');
    const link = await within(card).findByRole('link', { name: /Building instructions/ });
    expect(link).toHaveAttribute('href', `/model_building_instructions/PlayMachines1/130/${CATAPULT}`);
    expect(link).toHaveFocus();
    expect(view.api.calls.find((c) => c.method === 'unlockLesson')?.args).toEqual([CATAPULT, '2468']);
    expect(view.store.getState().session.unlockedLessonIds).toEqual([CATAPULT]);
    expect(view.store.getState().session.unlockedModels).toEqual({ Catapult: true });
    await waitFor(() => {
      const stored = persistedSession(view.storage);
      expect(stored?.OpenedPrograms).toEqual([CATAPULT]);
      expect(stored?.unlockedModels).toEqual({ Catapult: true });
    });
    view.unmount();
  });

  it('shakes the card for 1000 ms on a wrong code, announces it, then resets the input', async () => {
    const { view, card, input } = await openCatapult({ api: createContentApi() });
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    await user.type(input, '9999');
    await flushPromises();
    expect(card).toHaveAttribute('data-unlock-state', 'wrong');
    expect(within(card).getByRole('status')).toHaveTextContent('Wrong code, try again');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAttribute('readonly');
    expect(input).toHaveValue('9999');

    await advance(999);
    expect(card).toHaveAttribute('data-unlock-state', 'wrong');
    await advance(1);
    expect(card).toHaveAttribute('data-unlock-state', 'locked');
    expect(input).toHaveValue('');
    expect(input).not.toHaveAttribute('readonly');
    // The message stays until the student types again.
    expect(within(card).getByRole('status')).toHaveTextContent('Wrong code, try again');
    await user.type(input, '1');
    expect(within(card).getByRole('status')).toHaveTextContent('');
    expect(view.store.getState().session.unlockedLessonIds).toEqual([]);
    jest.useRealTimers();
    view.unmount();
  });

  it('tells a throttled student when to try again and unlocks the input after Retry-After', async () => {
    const api = createContentApi({
      overrides: { unlockLesson: async () => Promise.reject({ ...apiError(429, 'too_many_attempts', 'Too many attempts'), retryAfter: 30 }) },
    });
    const { view, card, input } = await openCatapult({ api });
    jest.useFakeTimers();
    jest.setSystemTime(new Date('2026-03-02T10:00:00Z'));
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    await user.type(input, '1234');
    await flushPromises();
    expect(card).toHaveAttribute('data-unlock-state', 'throttled');
    const expected = new Date('2026-03-02T10:00:30Z').toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' });
    expect(within(card).getByRole('status')).toHaveTextContent(`Too many tries. You can try again at ${expected}.`);
    expect(selectContent(view.store.getState()).unlock[CATAPULT]?.retryAt).toBe('2026-03-02T10:00:30.000Z');
    expect(input).toHaveAttribute('readonly');
    await advance(30_000);
    expect(card).toHaveAttribute('data-unlock-state', 'locked');
    expect(input).not.toHaveAttribute('readonly');
    jest.useRealTimers();
    view.unmount();
  });

  it('says the code could not be checked when the network fails, without raw error text', async () => {
    const api = createContentApi({ overrides: { unlockLesson: async () => Promise.reject(apiError(0, 'network_error', 'Failed to fetch')) } });
    const { view, card, input } = await openCatapult({ api });
    await view.user.type(input, '2468');
    expect(await within(card).findByText('We could not check the code. Please try again.')).toBeInTheDocument();
    expect(card).not.toHaveTextContent('Failed to fetch');
    expect(input).toHaveValue('');
    view.unmount();
  });

  it('takes unlocks the server remembers (another device) and persists them', async () => {
    const view = renderApp({
      route: '/select-model/PlayMachines1/130',
      session: signedInAs('mia'),
      api: createContentApi({ unlocked: [CATAPULT] }),
    });
    const card = await screen.findByTestId(`model-card-${CATAPULT}`);
    expect(within(card).getByRole('link', { name: /Building instructions/ })).toBeInTheDocument();
    expect(within(screen.getByTestId('model-card-1002')).getByLabelText(/Enter the 4-digit code/)).toBeInTheDocument();
    await waitFor(() => expect(persistedSession(view.storage)?.OpenedPrograms).toEqual([CATAPULT]));
    expect(view.store.getState().session.unlockedModels).toEqual({ Catapult: true });
    view.unmount();
  });

  describe('against a plain WordPress site (no serverUnlock)', () => {
    it('compares the code with the lesson’s code and unlocks without calling the server', async () => {
      const { view, card, input } = await openCatapult({ api: createContentApi({ viewer: 'wordpress' }), config: wordpress });
      await view.user.type(input, '2468');
      expect(await within(card).findByRole('link', { name: /Building instructions/ })).toBeInTheDocument();
      expect(view.api.calls.some((c) => c.method === 'unlockLesson')).toBe(false);
      await waitFor(() => expect(persistedSession(view.storage)?.unlockedModels).toEqual({ Catapult: true }));
      view.unmount();
    });

    it("checks the code locally where the site's REST index lists no unlock_lesson, waiting for the index first", async () => {
      let answerIndex!: () => void;
      const api = createContentApi({
        viewer: 'wordpress',
        overrides: {
          getSiteCapabilities: () =>
            new Promise((resolve) => (answerIndex = () => resolve({ serverUnlock: false, userMeta: true, createFranchiseOwner: false }))),
        },
      });
      const { view, card, input } = await openCatapult({ api, config: discoverAll });
      await view.user.type(input, '2468');
      expect(card).toHaveAttribute('data-unlock-state', 'checking');
      answerIndex();
      expect(await within(card).findByRole('link', { name: /Building instructions/ })).toBeInTheDocument();
      expect(view.api.calls.some((c) => c.method === 'unlockLesson')).toBe(false);
      view.unmount();
    });

    it("checks the code on the server where the site's REST index lists unlock_lesson", async () => {
      const { view, card, input } = await openCatapult({ api: createContentApi(), config: discoverAll });
      await view.user.type(input, '2468');
      expect(await within(card).findByRole('link', { name: /Building instructions/ })).toBeInTheDocument();
      expect(view.api.calls.find((c) => c.method === 'unlockLesson')?.args).toEqual([CATAPULT, '2468']);
      view.unmount();
    });

    it('shakes on a wrong code and resets after 1000 ms', async () => {
      const { view, card, input } = await openCatapult({ api: createContentApi({ viewer: 'wordpress' }), config: wordpress });
      jest.useFakeTimers();
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      await user.type(input, '1111');
      await waitFor(() => expect(card).toHaveAttribute('data-unlock-state', 'wrong'));
      await advance(1000);
      expect(card).toHaveAttribute('data-unlock-state', 'locked');
      expect(input).toHaveValue('');
      jest.useRealTimers();
      view.unmount();
    });
  });
});
