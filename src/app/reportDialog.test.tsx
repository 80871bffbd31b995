import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { REPORT_PATHS, type ProblemReportInput } from '../../contract/reports';
import { apiError, createFakeApi, networkError } from '../../test/fakeApi';
import { createMemoryStorage, persistedValue } from '../../test/memoryStorage';
import { signedInAs, testConfig } from '../../test/renderApp';
import type { ApiRequest } from '../api/transport';
import { AppProviders } from './AppProviders';
import { sanitizeAction, sanitizeState } from './devToolsSanitizers';
import { SESSION_PERSIST_KEY, SESSION_PERSIST_VERSION, withSpecNames } from './persist';
import { ProblemReportHost } from './ProblemReportHost';
import { createRoutes } from './routes';
import { createAppStore } from './store';
import { setLiveQaTools } from '../qa/liveTools';
import { createQaTools } from '../qa/qaTools';
import { REPORT_QUEUE_KEY } from '../shared/problemReportRequests';

jest.setTimeout(20_000);

/** The whole app with the report host beside the router (as mountApp.tsx), the QA recorder on, and a request handler for the reports route. */
function renderWithReports(answer: (request: ApiRequest) => Promise<unknown>) {
  const requests: ApiRequest[] = [];
  const api = createFakeApi({
    request: async (request) => {
      if (request.path !== REPORT_PATHS.reports) return Promise.reject(apiError(404, 'rest_no_route'));
      requests.push(request);
      return answer(request);
    },
  });
  const qa = createQaTools({ redactAction: sanitizeAction, redactState: sanitizeState, persistVersion: SESSION_PERSIST_VERSION, persistKey: SESSION_PERSIST_KEY, loadReducer: async () => (await import('./replayReducer')).loadReplayReducer() });
  setLiveQaTools(qa);
  const storage = createMemoryStorage({ [`persist:${SESSION_PERSIST_KEY}`]: persistedValue(withSpecNames(signedInAs('mia')), SESSION_PERSIST_VERSION) });
  const holder: { router?: ReturnType<typeof createMemoryRouter> } = {};
  const created = createAppStore({
    api,
    navigator: { navigate: (to) => void holder.router?.navigate(to) },
    config: { ...testConfig, capabilities: { ...testConfig.capabilities, contentStudio: true } },
    storage,
    middleware: qa.middleware,
    preloadImage: () => undefined,
  });
  const router = createMemoryRouter(createRoutes(created.store), { initialEntries: ['/select-model/PlayMachines1/130'] });
  holder.router = router;
  const user = userEvent.setup();
  const view = render(
    <AppProviders store={created.store} persistor={created.persistor}>
      <RouterProvider router={router} />
      <ProblemReportHost />
    </AppProviders>,
  );
  return { ...view, requests, user, store: created.store, stop: () => created.sagaTask?.cancel() };
}

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Menu' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Report a problem' }));
  return screen.findByRole('dialog', { name: 'Report a problem' });
}

afterEach(() => {
  localStorage.clear();
  setLiveQaTools(null);
});

describe('Report a problem', () => {
  it('sends the note with the redacted log, the version, browser and screen, and shows the reference', async () => {
    const view = renderWithReports(async () => ({ id: 1234, reference: 'R-1234' }));
    const dialog = await openDialog(view.user);
    expect(within(dialog).getByRole('checkbox', { name: 'Attach a picture of this page' })).not.toBeChecked();
    await view.user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('Write a few words about what happened.')).toBeInTheDocument();
    expect(view.requests).toEqual([]);
    await view.user.type(within(dialog).getByLabelText('What happened?'), 'The code box did not take my code.');
    await view.user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('Report sent. Reference: R-1234')).toBeInTheDocument();

    expect(view.requests).toHaveLength(1);
    const body = view.requests[0]!.body as ProblemReportInput;
    expect(body).toMatchObject({ note: 'The code box did not take my code.', appVersion: '0.1.0', screen: expect.stringMatching(/^\d+x\d+$/) });
    expect(body.screenshot).toBeUndefined();
    const log = JSON.parse(body.log) as { format: string; actions: { action: { type: string } }[]; finalState: { session: Record<string, unknown> } };
    expect(log.format).toBe('youngengineer-online/action-log');
    expect(log.actions.map((a) => a.action.type)).toContain('report/sendRequested');
    // No token, name or contact of the child.
    expect(body.log).not.toContain('token-mia');
    expect(body.log).not.toContain('Mia Levi');
    expect(body.log).not.toContain('parent.mia@demo.portal.test');
    expect(log.finalState.session).toMatchObject({ token: '[redacted]', userName: '[redacted]', userRole: 'student' });
    view.stop();
  });

  it('offline: saved in the browser, then sent when the browser is back online', async () => {
    let online = false;
    const view = renderWithReports(async () => (online ? { id: 7, reference: 'R-7' } : Promise.reject(networkError())));
    const dialog = await openDialog(view.user);
    await view.user.type(within(dialog).getByLabelText('What happened?'), 'No pictures load.');
    await view.user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('Saved; it will be sent when you are back online.')).toBeInTheDocument();
    const queued = JSON.parse(localStorage.getItem(REPORT_QUEUE_KEY) ?? '[]') as { userId: number; body: ProblemReportInput }[];
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ userId: 10, body: { note: 'No pictures load.' } });

    online = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(localStorage.getItem(REPORT_QUEUE_KEY)).toBeNull());
    expect(view.requests).toHaveLength(2);
    // The same report both times: the server stores it once.
    expect((view.requests[1]!.body as ProblemReportInput).clientId).toBe(queued[0]!.body.clientId);
    view.stop();
  });

  it('a refusal says so calmly and keeps the note', async () => {
    const view = renderWithReports(async () => Promise.reject(apiError(413, 'report_too_large', 'A problem report may be at most 1 MB')));
    const dialog = await openDialog(view.user);
    await view.user.type(within(dialog).getByLabelText('What happened?'), 'Step 3 is blank.');
    await view.user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('The report could not be sent. This report is too large to send. Leave out the picture and try again.');
    expect(alert).not.toHaveTextContent('1 MB');
    expect(within(dialog).getByLabelText('What happened?')).toHaveValue('Step 3 is blank.');
    expect(localStorage.getItem(REPORT_QUEUE_KEY)).toBeNull();
    await view.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    view.stop();
  });

  it('keeps the note as a draft when Escape closes the dialog, shows it on reopening, and starts empty once sent', async () => {
    const view = renderWithReports(async () => ({ id: 9, reference: 'R-9' }));
    let dialog = await openDialog(view.user);
    await view.user.type(within(dialog).getByLabelText('What happened?'), 'The video stops at step 4.');
    await view.user.click(within(dialog).getByRole('checkbox', { name: 'Attach a picture of this page' }));
    await view.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    dialog = await openDialog(view.user);
    expect(within(dialog).getByLabelText('What happened?')).toHaveValue('The video stops at step 4.');
    expect(within(dialog).getByRole('checkbox', { name: 'Attach a picture of this page' })).toBeChecked();
    // The note stays out of the action log until it is sent.
    expect(JSON.stringify(view.store.getState())).not.toContain('The video stops at step 4.');

    await view.user.click(within(dialog).getByRole('checkbox', { name: 'Attach a picture of this page' }));
    await view.user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('Report sent. Reference: R-9')).toBeInTheDocument();
    await view.user.click(within(dialog).getByRole('button', { name: 'Close' }));
    dialog = await openDialog(view.user);
    expect(within(dialog).getByLabelText('What happened?')).toHaveValue('');
    view.stop();
  });
});
