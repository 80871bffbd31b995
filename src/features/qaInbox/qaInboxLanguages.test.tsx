import { screen, within } from '@testing-library/react';
import { REPORT_PATHS, type ProblemReportDetail, type ProblemReportSummary } from '../../../contract/reports';
import { showQaLanguage, textsNotFromCatalogue } from '../../../test/catalogueTexts';
import { apiError, createFakeApi } from '../../../test/fakeApi';
import { renderApp, signedInAs } from '../../../test/renderApp';

jest.setTimeout(20_000);

const summary = (id: number, extra: Partial<ProblemReportSummary> = {}): ProblemReportSummary => ({
  id,
  reference: `R-${id}`,
  status: 'investigating',
  comment: 'Looking at the gallery.',
  note: `The pictures did not load in report ${id}`,
  userId: 10,
  userName: 'Mia Levi',
  role: 'student',
  appVersion: '0.1.0',
  userAgent: 'Mozilla/5.0 (test)',
  screen: '1024x768',
  program: 'PlayMachines1',
  lessonId: 131,
  lessonTitle: 'Catapult',
  error: { message: 'x is undefined', stack: 'at Gallery (gallery.js:1:1)', source: 'window' },
  hasScreenshot: false,
  createdAt: '2026-11-25T10:00:00.000Z',
  updatedAt: '2026-11-25T10:00:00.000Z',
  ...extra,
});

function openInbox(total = 2) {
  const api = createFakeApi({
    request: async (request) => {
      if (!request.path.startsWith(REPORT_PATHS.reports)) return Promise.reject(apiError(404, 'rest_no_route'));
      if (request.path.includes('?')) return { reports: [summary(12), summary(11, { role: 'franchise_owner', error: null, lessonId: null, lessonTitle: null })], total, page: 1, perPage: 20 };
      return { ...summary(12), log: { format: 'youngengineer-online/action-log', actions: [] }, screenshot: null } satisfies ProblemReportDetail;
    },
  });
  return renderApp({ route: '/admin/qa_inbox', session: signedInAs('admin'), api, config: { capabilities: { serverUnlock: true, userMeta: true, createFranchiseOwner: true, contentStudio: true } } });
}

describe('QA inbox in other languages', () => {
  it('takes every text from a catalogue (the QA language), a report opened and pages of reports included', async () => {
    const { user } = openInbox(45);
    const first = await screen.findByRole('article', { name: 'R-12 · crash' });
    await user.click(within(first).getByRole('button', { name: 'Open R-12' }));
    await within(first).findByRole('button', { name: 'Replay R-12' });
    await showQaLanguage();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('⟦QA inbox⟧');
    expect(textsNotFromCatalogue(screen.getByRole('main'))).toEqual([]);
  });

  it('in Hebrew: labels, statuses and the count in Hebrew, the sending time as Hebrew writes it, the reporter’s note as written', async () => {
    openInbox();
    await screen.findByRole('article', { name: 'R-12 · crash' });
    await showQaLanguage('he');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('תיבת QA');
    expect(screen.getByText('2 דיווחים, החדשים ראשונים.')).toBeInTheDocument();
    const first = screen.getByRole('article', { name: 'R-12 · קריסה' });
    expect(within(first).getByText('בבדיקה')).toBeInTheDocument();
    const sent = new Intl.DateTimeFormat('he', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date('2026-11-25T10:00:00.000Z'));
    expect(within(first).getByText(sent)).toBeInTheDocument();
    expect(within(first).getByText('The pictures did not load in report 12')).toHaveAttribute('translate', 'no');
  });
});
