import { screen, waitFor, within } from '@testing-library/react';
import { saveAs } from 'file-saver';
import { read } from 'xlsx';
import { PROGRESS_PATHS, type ProgressSummary } from '../../../contract/progress';
import { apiError } from '../../../test/fakeApi';
import { discoverAll, signedInAs } from '../../../test/renderApp';
import { readBlob, renderRoster, rosterApi } from '../../../test/fixtures/roster';

jest.setTimeout(20_000);
jest.mock('file-saver', () => ({ saveAs: jest.fn() }));

const summary: ProgressSummary[] = [
  { studentId: 11, unlocked: 3, inProgress: 1, finished: 2, lastActiveAt: '2026-11-24T12:00:00.000Z' },
  { studentId: 12, unlocked: 0, inProgress: 0, finished: 0, lastActiveAt: null },
  { studentId: 13, unlocked: 5, inProgress: 2, finished: 0, lastActiveAt: '2026-10-02T12:00:00.000Z' },
];

const api = () =>
  rosterApi({
    request: async (request) => {
      if (request.path === PROGRESS_PATHS.progressSummary) return summary;
      throw apiError(404, 'rest_no_route');
    },
  });

const table = () => screen.getByRole('table');
const th = (name: string) => within(table()).getAllByRole('columnheader').find((cell) => cell.textContent?.replace(/[▲▼↕]/g, '') === name)!;
const column = (header: string) => {
  const index = within(table()).getAllByRole('columnheader').indexOf(th(header));
  return within(table()).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[index]!.textContent);
};

describe('roster: progress columns', () => {
  it("an owner's students list shows models unlocked, in progress, finished and last active ('Never' when none), each sortable", async () => {
    const { user, router } = renderRoster({ route: '/students_list/Dana%20Cohen', session: signedInAs('dana'), api: api() });
    await screen.findByRole('table');
    await waitFor(() => expect(column('Models')).toEqual(['3', '0', '5']), { timeout: 5000 });
    expect(column('Student First Name')).toEqual(['noa', 'Amir', 'Étienne']);
    expect(column('In progress')).toEqual(['1', '0', '2']);
    expect(column('Finished')).toEqual(['2', '0', '0']);
    expect(column('Last active')).toEqual(['November 24, 2026', 'Never', 'October 02, 2026']);

    await user.click(within(th('In progress')).getByRole('button'));
    await user.click(within(th('In progress')).getByRole('button'));
    expect(th('In progress')).toHaveAttribute('aria-sort', 'descending');
    expect(column('Student First Name')).toEqual(['Étienne', 'noa', 'Amir']);
    expect(router.state.location.search).toBe('?sort=modelsInProgress&dir=desc');

    // A student never active goes last in both directions.
    await user.click(within(th('Last active')).getByRole('button'));
    expect(column('Student First Name')).toEqual(['Étienne', 'noa', 'Amir']);
  });

  it("opened straight from its address, before the site's capabilities are known, the figures still come", async () => {
    renderRoster({ route: '/students_list/Dana%20Cohen', session: signedInAs('dana'), api: api(), config: discoverAll });
    await screen.findByRole('table');
    await waitFor(() => expect(column('Models')).toEqual(['3', '0', '5']), { timeout: 5000 });
  });

  it('a WordPress site keeps no progress: no progress columns, on screen or in the export, and nothing asked', async () => {
    const asked: string[] = [];
    const wordpress = rosterApi({
      getSiteCapabilities: async () => ({ serverUnlock: false, userMeta: true, createFranchiseOwner: false, contentStudio: false, signInCards: false }),
      request: async (request) => {
        asked.push(request.path);
        throw apiError(404, 'rest_no_route');
      },
    });
    const { user } = renderRoster({ route: '/students_list/Dana%20Cohen', session: signedInAs('dana'), api: wordpress, config: discoverAll });
    await screen.findByRole('table');
    await waitFor(() => expect(within(table()).getAllByRole('columnheader').map((cell) => cell.textContent?.replace(/[▲▼↕]/g, ''))).toEqual(['Student First Name', 'Student Last Name', 'Parent Name', 'Parent Email', 'Phone', 'Program', 'Start Date', 'End Date', 'Lessons']));
    await user.click(screen.getByRole('button', { name: 'Export to Excel' }));
    await waitFor(() => expect(saveAs).toHaveBeenCalledTimes(1));
    const blob = (saveAs as unknown as jest.Mock).mock.calls[0]![0] as Blob;
    const sheet = read(await readBlob(blob), { type: 'array' }).Sheets['Dana Cohen Students']!;
    expect(sheet['I1']?.v).toBe('Lessons');
    expect(sheet['J1']).toBeUndefined();
    expect(asked).not.toContain(PROGRESS_PATHS.progressSummary);
  });

  it("the administrator's all-students list has the same columns", async () => {
    renderRoster({ route: '/admin/all_students_list', session: signedInAs('admin'), api: api() });
    await screen.findByRole('table');
    await waitFor(() => expect(column('Finished')).toContain('2'), { timeout: 5000 });
    expect(th('Last active')).toBeDefined();
    expect(within(th('Models')).getByRole('button')).toBeInTheDocument();
  });
});
