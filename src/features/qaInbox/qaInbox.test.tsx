import { screen, waitFor, within } from '@testing-library/react';
import { REPORT_PATHS, type ProblemReportDetail, type ProblemReportSummary } from '../../../contract/reports';
import { apiError, createFakeApi } from '../../../test/fakeApi';
import { renderApp, signedInAs } from '../../../test/renderApp';
import type { ApiRequest } from '../../api/transport';
import { onReplayRequested } from '../../qa/liveTools';

jest.setTimeout(20_000);

const summary = (id: number, extra: Partial<ProblemReportSummary> = {}): ProblemReportSummary => ({
  id,
  reference: `R-${id}`,
  status: 'new',
  comment: '',
  note: `Note of report ${id}`,
  userId: 10,
  userName: 'Mia Levi',
  role: 'student',
  appVersion: '0.1.0',
  userAgent: 'Mozilla/5.0 (test)',
  screen: '1024x768',
  program: 'PlayMachines1',
  lessonId: 131,
  lessonTitle: 'Catapult',
  error: null,
  hasScreenshot: true,
  createdAt: '2026-11-25T10:00:00.000Z',
  updatedAt: '2026-11-25T10:00:00.000Z',
  ...extra,
});

const LOG = { format: 'youngengineer-online/action-log', actions: [] };
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';

function inboxApi() {
  const requests: ApiRequest[] = [];
  const api = createFakeApi({
    request: async (request) => {
      if (!request.path.startsWith(REPORT_PATHS.reports)) return Promise.reject(apiError(404, 'rest_no_route'));
      requests.push(request);
      if (request.method === 'GET' && request.path.startsWith(`${REPORT_PATHS.reports}?`)) {
        const fixedOnly = request.path.includes('status=fixed');
        return { reports: fixedOnly ? [] : [summary(12, { error: { message: 'x is undefined', stack: 'at Gallery (gallery.js:1:1)', source: 'window' } }), summary(11, { role: 'franchise_owner', hasScreenshot: false })], total: fixedOnly ? 0 : 2, page: 1, perPage: 20 };
      }
      if (request.method === 'GET') return { ...summary(12, { error: { message: 'x is undefined', stack: 'at Gallery (gallery.js:1:1)', source: 'window' } }), log: LOG, screenshot: PNG } satisfies ProblemReportDetail;
      const body = request.body as { status: 'fixed'; comment: string };
      return { ...summary(12, { status: body.status, comment: body.comment }), log: LOG, screenshot: PNG } satisfies ProblemReportDetail;
    },
  });
  return { api, requests };
}

describe('QA inbox (administrators)', () => {
  it('lists reports newest first, opens one with its picture and error, replays its log, and saves its status', async () => {
    const { api, requests } = inboxApi();
    const replays: string[] = [];
    const stop = onReplayRequested((text) => replays.push(text));
    const { user } = renderApp({ route: '/admin/qa_inbox', session: signedInAs('admin'), api, config: { capabilities: { serverUnlock: true, userMeta: true, createFranchiseOwner: true, contentStudio: true } } });
    const first = await screen.findByRole('article', { name: 'R-12 · crash' });
    const articles = screen.getAllByRole('article');
    expect(articles.map((a) => a.getAttribute('aria-labelledby'))).toEqual(['report-12', 'report-11']);
    expect(within(first).getByText('Note of report 12')).toBeInTheDocument();
    // Who sent it and from which model, by name (the server resolves them for administrators).
    expect(within(first).getByText('PlayMachines1 · Catapult')).toBeInTheDocument();
    expect(within(first).getByText('Mia Levi').closest('dd')).toHaveTextContent(/^Student: Mia Levi$/);
    expect(within(first).queryByText(/user #|lesson #/)).not.toBeInTheDocument();
    expect(requests[0]).toMatchObject({ method: 'GET', path: `${REPORT_PATHS.reports}?page=1&per_page=20` });

    await user.click(within(first).getByRole('button', { name: 'Open R-12' }));
    expect(await within(first).findByRole('img', { name: 'The page as R-12 was sent' })).toHaveAttribute('src', PNG);
    expect(within(first).getByText(/x is undefined/)).toBeInTheDocument();

    await user.click(within(first).getByRole('button', { name: 'Replay R-12' }));
    expect(replays.map((text) => JSON.parse(text) as unknown)).toEqual([LOG]);

    await user.selectOptions(within(first).getByLabelText('Status'), 'fixed');
    await user.type(within(first).getByLabelText('Comment'), 'Replaced the picture.');
    await user.click(within(first).getByRole('button', { name: 'Save status' }));
    expect(await within(first).findByText('Saved.')).toBeInTheDocument();
    expect(requests.at(-1)).toEqual({ method: 'PATCH', path: REPORT_PATHS.report(12), body: { status: 'fixed', comment: 'Replaced the picture.' }, expiry: 'jwt' });
    expect(within(first).getAllByText('Fixed').length).toBeGreaterThan(0);
    stop();
  });

  it('filters by status and says when nothing matches', async () => {
    const { api, requests } = inboxApi();
    const { user } = renderApp({ route: '/admin/qa_inbox', session: signedInAs('admin'), api, config: { capabilities: { serverUnlock: true, userMeta: true, createFranchiseOwner: true, contentStudio: true } } });
    await screen.findByRole('article', { name: 'R-12 · crash' });
    await user.selectOptions(screen.getByLabelText('Status'), 'fixed');
    expect(await screen.findByText('No problem reports match these filters.')).toBeInTheDocument();
    await waitFor(() => expect(requests.at(-1)?.path).toBe(`${REPORT_PATHS.reports}?status=fixed&page=1&per_page=20`));
  });

  it('a student never gets the inbox', async () => {
    const { api, requests } = inboxApi();
    renderApp({ route: '/admin/qa_inbox', session: signedInAs('mia'), api });
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'QA inbox' })).toBeNull());
    expect(requests).toEqual([]);
  });

  it('asks before an in-app link throws an unsaved comment away, and not once it is saved', async () => {
    const { api } = inboxApi();
    const { user, router } = renderApp({ route: '/admin/qa_inbox', session: signedInAs('admin'), api, config: { capabilities: { serverUnlock: true, userMeta: true, createFranchiseOwner: true, contentStudio: true } } });
    const first = await screen.findByRole('article', { name: 'R-12 · crash' });
    await user.click(within(first).getByRole('button', { name: 'Open R-12' }));
    await user.type(await within(first).findByLabelText('Comment'), 'Looking into it.');
    await user.click(screen.getByRole('link', { name: /home/ }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Leave without saving?' })).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/admin/qa_inbox');
    expect(within(first).getByLabelText('Comment')).toHaveValue('Looking into it.');

    await user.click(within(first).getByRole('button', { name: 'Save status' }));
    expect(await within(first).findByText('Saved.')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: /home/ }));
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/admin/qa_inbox'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
