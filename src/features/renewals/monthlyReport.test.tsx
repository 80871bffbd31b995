import { screen, waitFor, within } from '@testing-library/react';
import { saveAs } from 'file-saver';
import { read, type CellObject, type WorkSheet } from 'xlsx';
import { LESSONS_PATHS } from '../../../contract/lessons';
import { apiError } from '../../../test/fakeApi';
import { readBlob } from '../../../test/fixtures/roster';
import { monthlyReport, renderRenewals, renewalsApi, reportRow } from '../../../test/fixtures/renewals';

jest.mock('file-saver', () => ({ saveAs: jest.fn() }));
const saveAsMock = saveAs as unknown as jest.Mock;
beforeEach(() => saveAsMock.mockReset());

jest.setTimeout(20_000);

/** The month before this one, on the browser's clock, as YYYY-MM. */
function monthBefore(): string {
  const now = new Date();
  const first = new Date(now.getFullYear(), now.getMonth() - 1, 1);
  return `${first.getFullYear()}-${String(first.getMonth() + 1).padStart(2, '0')}`;
}

const rows = [
  reportRow(2),
  reportRow(3, { ownerName: 'Lee Wong', country: 'Singapore', activeStudents: 20, meetingsHeld: 0, attendanceRate: null, renewalsDue: 0, renewalsMade: 3 }),
];
const fakeReport = () => renewalsApi({ report: (month) => monthlyReport(month, rows) });
const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1, -1);
const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);

function sheetRows(sheet: WorkSheet): unknown[][] {
  const found: unknown[][] = [];
  for (const [address, cell] of Object.entries(sheet)) {
    if (address.startsWith('!')) continue;
    const match = /^([A-Z]+)(\d+)$/.exec(address)!;
    (found[Number(match[2]) - 1] ??= [])[match[1]!.charCodeAt(0) - 65] = (cell as CellObject).v;
  }
  return found;
}

describe('Monthly report (administrators)', () => {
  it("opens on last month: each owner's figures, the rate as a percentage or a dash, and the totals", async () => {
    const { api, requests } = fakeReport();
    renderRenewals('/admin/monthly_report', 'admin', api);
    await screen.findByRole('table');
    expect(requests[0]).toMatchObject({ method: 'GET', path: `${LESSONS_PATHS.monthlyReport}?month=${monthBefore()}` });
    expect(screen.getByLabelText('Month')).toHaveValue(monthBefore());
    expect(bodyRows().map(cells)).toEqual([
      ['Dana Cohen', 'Israel', '8', '4', '87.5%', '2', '1'],
      ['Lee Wong', 'Singapore', '20', '0', '—', '0', '3'],
    ]);
    const totals = within(screen.getByRole('table')).getAllByRole('row').at(-1)!;
    expect(cells(totals)).toEqual(['Total', '', '28', '4', '87.5%', '2', '4']);
  });

  it('moves to the previous and the next month, kept in the address', async () => {
    const { api, requests } = fakeReport();
    const { user, router } = renderRenewals('/admin/monthly_report?month=2026-03', 'admin', api);
    await screen.findByRole('table');
    expect(requests.at(-1)?.path).toBe(`${LESSONS_PATHS.monthlyReport}?month=2026-03`);
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    await waitFor(() => expect(requests.at(-1)?.path).toBe(`${LESSONS_PATHS.monthlyReport}?month=2026-02`));
    expect(router.state.location.search).toBe('?month=2026-02');
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    await waitFor(() => expect(requests.at(-1)?.path).toBe(`${LESSONS_PATHS.monthlyReport}?month=2026-04`));
    expect(await screen.findByRole('table', { name: /April 2026/ })).toBeInTheDocument();
  });

  it('sorts by a figure, the totals staying last', async () => {
    const { user } = renderRenewals('/admin/monthly_report', 'admin', fakeReport().api);
    await screen.findByRole('table');
    const th = () => screen.getByRole('columnheader', { name: /^Active students/ });
    await user.click(within(th()).getByRole('button'));
    await user.click(within(th()).getByRole('button'));
    expect(th()).toHaveAttribute('aria-sort', 'descending');
    expect(bodyRows().map((row) => cells(row)[0])).toEqual(['Lee Wong', 'Dana Cohen']);
    expect(cells(within(screen.getByRole('table')).getAllByRole('row').at(-1)!)[0]).toBe('Total');
  });

  it('exports the table as shown to Excel: numbers as numbers, the rate in percent, the totals last', async () => {
    const { user } = renderRenewals('/admin/monthly_report?month=2026-10', 'admin', fakeReport().api);
    await screen.findByRole('table');
    await user.click(within(screen.getByRole('columnheader', { name: /^Owner/ })).getByRole('button'));
    await user.click(within(screen.getByRole('columnheader', { name: /^Owner/ })).getByRole('button'));
    await user.click(screen.getByRole('button', { name: 'Export to Excel' }));
    await waitFor(() => expect(saveAsMock).toHaveBeenCalledTimes(1));
    const [blob, fileName] = saveAsMock.mock.calls[0] as [Blob, string];
    expect(fileName).toBe('Monthly report 2026-10.xlsx');
    const workbook = read(await readBlob(blob), { type: 'array' });
    expect(workbook.SheetNames).toEqual(['Report 2026-10']);
    const sheet = workbook.Sheets['Report 2026-10']!;
    const found = sheetRows(sheet);
    expect(found[0]).toEqual(['Owner', 'Country', 'Active students', 'Meetings held', 'Attendance rate (%)', 'Renewals due (today)', 'Renewals made']);
    expect(found[1]).toEqual(['Lee Wong', 'Singapore', 20, 0, '—', 0, 3]);
    expect(found[2]).toEqual(['Dana Cohen', 'Israel', 8, 4, 87.5, 2, 1]);
    expect(found[3]).toEqual(['Total', undefined, 28, 4, 87.5, 2, 4]);
    expect(sheet['C2']).toMatchObject({ t: 'n', v: 20 });
    expect(await screen.findByText('Saved Monthly report 2026-10.xlsx.')).toBeInTheDocument();
  });

  it('fails calmly and offers to try again', async () => {
    renderRenewals('/admin/monthly_report', 'admin', renewalsApi({ refuse: { report: apiError(500, 'internal_server_error', 'boom') } }).api);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('the monthly report');
    expect(alert).not.toHaveTextContent('boom');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
