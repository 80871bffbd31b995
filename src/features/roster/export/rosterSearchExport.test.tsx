import { screen, waitFor, within } from '@testing-library/react';
import { saveAs } from 'file-saver';
import { read, utils } from 'xlsx';
import { signedInAs } from '../../../../test/renderApp';
import { allStudents, renderRoster, rosterApi, student, readBlob } from '../../../../test/fixtures/roster';
import { matchOnly } from '../../../../test/matchMedia';

jest.mock('file-saver', () => ({ saveAs: jest.fn() }));
const saveAsMock = saveAs as unknown as jest.Mock;
beforeEach(() => saveAsMock.mockReset());

const undo: (() => void)[] = [];
afterEach(() => undo.splice(0).forEach((fn) => fn()));

/** The saved file's rows, header first. */
async function savedRows(): Promise<unknown[][]> {
  await waitFor(() => expect(saveAsMock).toHaveBeenCalledTimes(1));
  const [blob] = saveAsMock.mock.calls[0] as [Blob, string];
  const workbook = read(await readBlob(blob), { type: 'array' });
  return utils.sheet_to_json<unknown[]>(workbook.Sheets[workbook.SheetNames[0]!]!, { header: 1 });
}

const jose = student(3, 'José', 'Núñez', { id: 40, program: 'Robotics 10', startDate: '2026-01-10', endDate: '2099-12-31' });

describe('Export of a searched and filtered roster', () => {
  it('writes exactly the rows the All Students List shows, in its order', async () => {
    const { user } = renderRoster({
      route: '/admin/all_students_list?program=Robotics%2010&sort=firstName&dir=desc',
      session: signedInAs('admin'),
      api: rosterApi({ getAllStudents: async () => [...allStudents, jose] }),
    });
    await screen.findByRole('table');
    expect(screen.getByRole('status')).toHaveTextContent('2 of 7 students');
    await user.click(screen.getByRole('button', { name: 'Export to Excel' }));
    const rows = await savedRows();
    expect(rows[0]![3]).toBe('Student First Name');
    expect(rows.slice(1).map((row) => row[3])).toEqual(['Wei', 'José']);
  });

  it('writes the rows a search shows on the students list', async () => {
    const { user } = renderRoster({ route: '/students_list/Dana%20Cohen', session: signedInAs('dana'), api: rosterApi() });
    await screen.findByRole('table');
    await user.type(screen.getByRole('searchbox', { name: 'Search students' }), 'katz');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('1 of 3 students'));
    await user.click(screen.getByRole('button', { name: 'Export to Excel' }));
    const rows = await savedRows();
    expect(rows.slice(1).map((row) => row[0])).toEqual(['Amir']);
  });
});

describe('Finding students on a phone', () => {
  it('folds the filters behind a Filters button that says how many are set; names link to the student', async () => {
    undo.push(matchOnly('(max-width: 767px)'));
    const { user } = renderRoster({ route: '/students_list/Dana%20Cohen?status=ended', session: signedInAs('dana'), api: rosterApi() });
    const list = await screen.findByRole('list', { name: 'Students' });
    expect(screen.getByRole('searchbox', { name: 'Search students' })).toBeVisible();
    const toggle = screen.getByRole('button', { name: 'Filters (1)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('combobox', { name: 'Status' })).not.toBeInTheDocument();
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('ended');
    const noa = within(list).getAllByRole('article')[0]!;
    expect(within(noa).getByRole('link', { name: 'noa Levi' })).toHaveAttribute('href', '/students/11');
  });
});
