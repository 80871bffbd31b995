import { screen, within } from '@testing-library/react';
import { signedInAs } from '../../../test/renderApp';
import { renderRoster, rosterApi, student } from '../../../test/fixtures/roster';

const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);
const cellsOf = (row: HTMLElement) => within(row).getAllByRole('cell').map((td) => td.textContent);
const column = (index: number) => bodyRows().map((row) => cellsOf(row)[index]);

describe('All Students List (/admin/all_students_list)', () => {
  it("shows every student with the owner's name, country and state, and dates as 'MMMM dd, yyyy'", async () => {
    renderRoster({ route: '/admin/all_students_list', session: signedInAs('admin'), api: rosterApi() });
    const table = await screen.findByRole('table');
    const headers = within(table).getAllByRole('columnheader').map((th) => th.textContent?.replace(/[▲▼↕]/g, ''));
    expect(headers).toEqual([
      'Franchise Owner', 'Country', 'State', 'Student First Name', 'Student Last Name', 'Parent Name', 'Parent Email', 'Phone', 'Program',
      'Start Date', 'End Date', 'Lessons', 'Models', 'In progress', 'Finished', 'Last active',
    ]);
    expect(bodyRows()).toHaveLength(6);
    expect(cellsOf(bodyRows()[5]!)).toEqual([
      'Maria Garcia', 'United States', 'Texas', 'Sofia', 'Lopez', 'Lopez Parent', 'sofia.lopez@parents.test', '+972 50 000 0000',
      'Play Machines 1', 'December 31, 2024', 'December 31, 2025', '30',
      // No progress figures from this backend: the progress columns stay empty.
      '', '', '', '',
    ]);
    expect(screen.getByRole('link', { name: 'Sign Up New Student' })).toHaveAttribute('href', '/sign_up_new_student/Office%20Admin');
    expect(screen.getByRole('button', { name: 'Export to Excel' })).toBeInTheDocument();
    // Only the spec's seven columns sort.
    const sortable = within(table).getAllByRole('columnheader').filter((th) => th.hasAttribute('aria-sort')).map((th) => th.textContent?.replace(/[▲▼↕]/g, ''));
    expect(sortable).toEqual(['Student First Name', 'Student Last Name', 'Parent Name', 'Program', 'Start Date', 'End Date', 'Lessons', 'Models', 'In progress', 'Finished', 'Last active']);
  });

  it('sorts programs with numbers in numeric order, dates chronologically, lessons numerically, ties stable', async () => {
    const { user } = renderRoster({ route: '/admin/all_students_list', session: signedInAs('admin'), api: rosterApi() });
    await screen.findByRole('table');
    const sortBy = (name: string) => user.click(within(screen.getByRole('columnheader', { name: new RegExp(`^${name}`) })).getByRole('button'));
    await sortBy('Program');
    expect(column(8)).toEqual(['AlgoPlay 1', 'Play Machines 1', 'Play Machines 2', 'Robotics 1', 'Robotics 2', 'Robotics 10']);
    await sortBy('End Date');
    expect(column(10)).toEqual(['January 31, 2025', 'March 01, 2025', 'June 30, 2025', 'June 30, 2025', 'June 30, 2025', 'December 31, 2025']);
    // Ties (June 30) keep the store's order: Amir, Wei, Mei.
    expect(column(3)).toEqual(['noa', 'Étienne', 'Amir', 'Wei', 'Mei', 'Sofia']);
    await sortBy('End Date');
    expect(column(3)).toEqual(['Sofia', 'Amir', 'Wei', 'Mei', 'Étienne', 'noa']);
    await sortBy('Lessons');
    expect(column(11)).toEqual(['8', '12', '20', '20', '30', '30']);
    await sortBy('Parent Name');
    expect(column(5)).toEqual(['Anna Ben David', 'Lim Parent', 'Lopez Parent', 'Ruth Levi', 'Tan Parent', 'yael Katz']);
  });

  it('parses YYYY-MM-DD as a calendar date (no shift to the day before)', async () => {
    renderRoster({
      route: '/admin/all_students_list',
      session: signedInAs('admin'),
      api: rosterApi({ getAllStudents: async () => [student(2, 'Ada', 'Y', { startDate: '2025-01-01', endDate: '2025-03-01' })] }),
    });
    await screen.findByRole('table');
    expect(column(9)).toEqual(['January 01, 2025']);
    expect(column(10)).toEqual(['March 01, 2025']);
  });
});
