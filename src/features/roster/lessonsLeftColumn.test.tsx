import { screen, waitFor, within } from '@testing-library/react';
import { saveAs } from 'file-saver';
import { read } from 'xlsx';
import type { Student } from '../../api/types';
import { apiError } from '../../../test/fakeApi';
import { signedInAs } from '../../../test/renderApp';
import { allStudents, readBlob, renderRoster, rosterApi } from '../../../test/fixtures/roster';
import { matchOnly } from '../../../test/matchMedia';

jest.setTimeout(20_000);
jest.mock('file-saver', () => ({ saveAs: jest.fn() }));

/** What the portal backend's rows carry: Dana's noa has 3 left, Amir used two more than he bought, Étienne 5. */
const left: Record<number, number> = { 11: 3, 12: -2, 13: 5, 21: 0, 22: 9, 31: 1 };
const portalStudents = allStudents.map((student) => ({ ...student, lessonsUsed: student.numberOfLessons - left[student.id]!, lessonsLeft: left[student.id]! }));

const api = (students: Student[] = portalStudents) =>
  rosterApi({
    getAllStudents: async () => students,
    request: async () => {
      throw apiError(404, 'rest_no_route');
    },
  });

const table = () => screen.getByRole('table');
const headerText = (cell: HTMLElement) => cell.textContent?.replace(/[▲▼↕]/g, '');
const th = (name: string) => within(table()).getAllByRole('columnheader').find((cell) => headerText(cell) === name)!;
const column = (header: string) => {
  const index = within(table()).getAllByRole('columnheader').indexOf(th(header));
  return within(table()).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[index]!.textContent);
};

describe('roster: Lessons left', () => {
  beforeEach(() => (saveAs as unknown as jest.Mock).mockClear());

  it("an owner's students list shows each student's lessons left, sorts by it and exports it", async () => {
    const { user, router } = renderRoster({ route: '/students_list/Dana%20Cohen', session: signedInAs('dana'), api: api() });
    await screen.findByRole('table');
    expect(column('Lessons left')).toEqual(['3', '-2', '5']);

    await user.click(within(th('Lessons left')).getByRole('button'));
    expect(th('Lessons left')).toHaveAttribute('aria-sort', 'ascending');
    expect(column('Student First Name')).toEqual(['Amir', 'noa', 'Étienne']);
    expect(router.state.location.search).toBe('?sort=lessonsLeft');
    await user.click(within(th('Lessons left')).getByRole('button'));
    expect(column('Student First Name')).toEqual(['Étienne', 'noa', 'Amir']);

    await user.click(screen.getByRole('button', { name: 'Export to Excel' }));
    await waitFor(() => expect(saveAs).toHaveBeenCalledTimes(1));
    const blob = (saveAs as unknown as jest.Mock).mock.calls[0]![0] as Blob;
    const sheet = read(await readBlob(blob), { type: 'array' }).Sheets['Dana Cohen Students']!;
    expect(sheet['J1']?.v).toBe('Lessons left');
    // The export keeps the table's order, and the figures as numbers.
    expect([sheet['J2']?.v, sheet['J3']?.v, sheet['J4']?.v]).toEqual([5, 3, -2]);
  });

  it("the administrator's all-students list sorts by lessons left too", async () => {
    const { user } = renderRoster({ route: '/admin/all_students_list', session: signedInAs('admin'), api: api() });
    await screen.findByRole('table');
    await user.click(within(th('Lessons left')).getByRole('button'));
    expect(column('Lessons left')).toEqual(['-2', '0', '1', '3', '5', '9']);
  });

  it("on a phone each student's card shows lessons left beside the lessons bought, and the sort menu offers it", async () => {
    const phone = matchOnly('(max-width: 767px)');
    try {
      const { user } = renderRoster({ route: '/students_list/Dana%20Cohen', session: signedInAs('dana'), api: api() });
      const list = await screen.findByRole('list', { name: 'Students' });
      const amir = within(list).getAllByRole('article')[1]!;
      expect([...amir.querySelectorAll('dt')].map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`)).toContain('Lessons left: -2');
      await user.selectOptions(screen.getByLabelText('Sort by'), 'Lessons left');
      await waitFor(() => expect(within(list).getAllByRole('heading')[0]).toHaveTextContent('Amir'));
    } finally {
      phone();
    }
  });

  it('rows without the figures (a plain WordPress site) show no Lessons left column, on screen or in the export', async () => {
    const { user } = renderRoster({ route: '/students_list/Dana%20Cohen', session: signedInAs('dana'), api: api(allStudents) });
    await screen.findByRole('table');
    expect(th('Lessons')).toBeDefined();
    expect(th('Lessons left')).toBeUndefined();
    await user.click(screen.getByRole('button', { name: 'Export to Excel' }));
    await waitFor(() => expect(saveAs).toHaveBeenCalledTimes(1));
    const blob = (saveAs as unknown as jest.Mock).mock.calls[0]![0] as Blob;
    const sheet = read(await readBlob(blob), { type: 'array' }).Sheets['Dana Cohen Students']!;
    const headers = Object.keys(sheet)
      .filter((cell) => /^[A-Z]+1$/.test(cell))
      .map((cell) => sheet[cell]?.v);
    expect(headers).not.toContain('Lessons left');
  });
});
