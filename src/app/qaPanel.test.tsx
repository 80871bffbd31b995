import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { saveAs } from 'file-saver';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createFakeApi, demoLogins } from '../../test/fakeApi';
import { createMemoryStorage, persistedValue, readPersisted } from '../../test/memoryStorage';
import { signedInAs, testConfig } from '../../test/renderApp';
import type { PortalRuntimeConfig } from '../../contract';
import type { SessionState } from '../entities/session/sessionSlice';
import { authActions } from '../features/auth/authSlice';
import { ACTION_LOG_FORMAT, type ActionLog } from '../qa/logFormat';
import { QaLauncher } from '../qa/QaLauncher';
import { createQaTools } from '../qa/qaTools';
import { AppProviders } from './AppProviders';
import { sanitizeAction, sanitizeState } from './devToolsSanitizers';
import { SESSION_PERSIST_KEY, SESSION_PERSIST_VERSION } from './persist';
import { sessionMigrations } from './sessionMigrations';
import { loadReplayReducer } from './replayReducer';
import { createRoutes } from './routes';
import { createAppStore } from './store';
import { exportLog } from '../qa/exportLog';

let replayReducer: Awaited<ReturnType<typeof loadReplayReducer>>;
beforeAll(async () => {
  replayReducer = await loadReplayReducer();
});


// The global jest: @swc/jest hoists jest.mock only then.
jest.mock('file-saver', () => ({ saveAs: jest.fn() }));

const persistKey = `persist:${SESSION_PERSIST_KEY}`;

/** The app as bootstrap.tsx composes it: real store, sagas, routes, the QA tools and the QA button. */
function renderWithQa(options: { config?: Partial<PortalRuntimeConfig>; session?: Partial<SessionState> } = {}) {
  const qa = createQaTools({
    redactAction: sanitizeAction,
    redactState: sanitizeState,
    loadReducer: async () => replayReducer,
    persistVersion: SESSION_PERSIST_VERSION,
    persistKey: SESSION_PERSIST_KEY,
    migrations: sessionMigrations,
  });
  const api = createFakeApi();
  const storage = createMemoryStorage(options.session ? { [persistKey]: persistedValue(options.session, SESSION_PERSIST_VERSION) } : {});
  const holder: { router?: ReturnType<typeof createMemoryRouter> } = {};
  const created = createAppStore({
    api,
    navigator: { navigate: (to, navOptions) => void holder.router?.navigate(to, navOptions) },
    config: { ...testConfig, ...options.config },
    storage,
    middleware: qa.middleware,
  });
  qa.attach(created);
  const router = createMemoryRouter(createRoutes(created.store), { initialEntries: ['/'] });
  holder.router = router;
  const view = render(
    <AppProviders store={created.store} persistor={created.persistor}>
      <RouterProvider router={router} />
      <QaLauncher tools={qa} />
    </AppProviders>,
  );
  return { ...view, ...created, api, storage, qa, user: userEvent.setup() };
}

/** jsdom's Blob has no text(). */
const blobText = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

/** A log recorded in another (headless) session: Dana signs in. */
async function recordDanaSigningIn(): Promise<ActionLog> {
  const other = renderWithQa();
  other.store.dispatch(authActions.loginSubmitted({ username: 'dana', password: demoLogins.dana!.password }));
  await waitFor(() => expect(other.store.getState().session.valid).toBe(true));
  const log = exportLog(other.qa.recorder);
  other.unmount();
  other.sagaTask?.cancel();
  return log;
}

/** The number of API calls once none has been added for 150 ms. */
async function settledCallCount(calls: readonly unknown[]): Promise<number> {
  for (;;) {
    const before = calls.length;
    await act(() => new Promise((resolve) => setTimeout(resolve, 150)));
    if (calls.length === before) return before;
  }
}

describe('QA panel', () => {
  afterEach(() => jest.mocked(saveAs).mockClear());

  it('is offered only when runtime configuration turns it on, to administrators too', async () => {
    const configured = renderWithQa({ config: { qaPanel: true } });
    expect(await screen.findByRole('button', { name: 'Open the QA panel' })).toBeInTheDocument();
    configured.unmount();

    const configuredAdmin = renderWithQa({ config: { qaPanel: true }, session: signedInAs('admin') });
    await screen.findByRole('heading', { name: 'Select Program' });
    expect(screen.getByRole('button', { name: 'Open the QA panel' })).toBeInTheDocument();
    configuredAdmin.unmount();

    // The configuration's "off" holds on administrators' pages too.
    const admin = renderWithQa({ config: { qaPanel: false }, session: signedInAs('admin') });
    await screen.findByRole('heading', { name: 'Select Program' });
    expect(screen.queryByRole('button', { name: 'Open the QA panel' })).not.toBeInTheDocument();
    admin.unmount();

    renderWithQa({ session: signedInAs('mia') });
    await screen.findByText(/Hi Mia Levi|Checking your sign-in/);
    expect(screen.queryByRole('button', { name: 'Open the QA panel' })).not.toBeInTheDocument();
  });

  it('counts the recorded actions and downloads the action log as JSON', async () => {
    const { user, qa } = renderWithQa({ config: { qaPanel: true } });
    await user.click(await screen.findByRole('button', { name: 'Open the QA panel' }));
    const panel = await screen.findByRole('region', { name: 'QA panel' });
    expect(panel).toHaveTextContent(`${qa.recorder.size()} actions recorded`);

    await user.click(screen.getByRole('button', { name: 'Download action log' }));
    await waitFor(() => expect(saveAs).toHaveBeenCalledTimes(1));
    const [blob, fileName] = jest.mocked(saveAs).mock.calls[0]! as [Blob, string];
    expect(fileName).toMatch(/^action-log-.+\.json$/);
    const log = JSON.parse(await blobText(blob)) as ActionLog;
    expect(log).toMatchObject({ format: ACTION_LOG_FORMAT, formatVersion: 1, persistVersion: SESSION_PERSIST_VERSION });
    expect(log.actions[0]!.action.type).toBe('config/loaded');
    expect(JSON.stringify(log)).not.toContain(testConfig.authKey);
  });

  it('replays a log step by step with the live sagas silenced and the stored session untouched', async () => {
    const log = await recordDanaSigningIn();
    // Live: Mia is signed in on a portal with the QA panel on.
    const { user, api, storage } = renderWithQa({ config: { qaPanel: true }, session: signedInAs('mia') });
    await screen.findByText('Hi Mia Levi');
    await user.click(await screen.findByRole('button', { name: 'Open the QA panel' }));
    await screen.findByRole('region', { name: 'QA panel' });
    // Mia's own page finishes loading first (on a busy machine its last request can come late).
    await screen.findByText('Hi Mia Levi');
    const callsBefore = await settledCallCount(api.calls);

    const file = new File([JSON.stringify(log)], 'log.json', { type: 'application/json' });
    await user.upload(screen.getByLabelText(/Replay a log/), file);
    const step = await screen.findByTestId('qa-replay-step');
    expect(step).toHaveTextContent(`Starting state (0 of ${log.actions.length})`);
    expect(screen.getByRole('heading', { name: 'Welcome to Youngengineer Online' })).toBeInTheDocument();

    const signedInAt = log.actions.findIndex((entry) => entry.action.type === 'session/loginSucceeded') + 1;
    for (let i = 0; i < signedInAt; i += 1) await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(step).toHaveTextContent(`Action ${signedInAt} of ${log.actions.length}: session/loginSucceeded`);
    expect(await screen.findByText('Hi Dana Cohen')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(screen.queryByText('Hi Dana Cohen')).not.toBeInTheDocument());

    const jump = screen.getByRole('spinbutton', { name: 'Jump to action' });
    await user.clear(jump);
    await user.type(jump, String(log.actions.length));
    expect(step).toHaveTextContent(`Action ${log.actions.length} of ${log.actions.length}`);
    expect(await screen.findByText('Hi Dana Cohen')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Speed' }), '25');
    await user.click(screen.getByRole('button', { name: 'Play' }));
    await waitFor(() => expect(step).toHaveTextContent(`Action ${log.actions.length} of ${log.actions.length}`));
    expect(screen.getByRole('button', { name: 'Play' })).toBeDisabled();

    // Screens mounted by the replay dispatched their events, but no saga ran and nothing was stored.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(api.calls.slice(callsBefore).map((call) => call.method)).toEqual([]);
    expect(readPersisted(storage.data.get(persistKey))).toMatchObject({ token: 'token-mia', userName: 'Mia Levi' });
    expect(screen.getByRole('button', { name: 'Exit replay' })).toBeInTheDocument();
  });

  it('refuses a log from a newer portal with its message and stays live', async () => {
    const { user, qa } = renderWithQa({ config: { qaPanel: true } });
    await user.click(await screen.findByRole('button', { name: 'Open the QA panel' }));
    const newer = { ...(await recordDanaSigningIn()), formatVersion: 3 };
    await user.upload(screen.getByLabelText(/Replay a log/), new File([JSON.stringify(newer)], 'log.json'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This action log was recorded by a newer version of the portal (format 3); this replay understands format 1.',
    );
    expect(qa.gate.isClosed()).toBe(false);
  });
});
