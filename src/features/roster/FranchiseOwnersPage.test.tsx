import { screen, waitFor, within } from '@testing-library/react';
import { networkError } from '../../../test/fakeApi';
import { signedInAs } from '../../../test/renderApp';
import { renderRoster, rosterApi } from '../../../test/fixtures/roster';

const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);
const cellsOf = (row: HTMLElement) => within(row).getAllByRole('cell').map((td) => td.textContent);

describe('Franchise Owners List (/admin/Franchise_Owners_List)', () => {
  it('lists the owners with their details and student counts computed from the students', async () => {
    renderRoster({ route: '/admin/Franchise_Owners_List', session: signedInAs('admin'), api: rosterApi() });
    const table = await screen.findByRole('table');
    const headers = within(table).getAllByRole('columnheader').map((th) => th.textContent?.replace(/[▲▼↕]/g, ''));
    // The portal backend (these tests' site) adds each owner's figures, status and Manage; the figures come from a route this fake lacks (ownerTotalsColumns.test.tsx).
    expect(headers).toEqual(['First Name', 'Last Name', 'Email', 'Country', 'State', 'Territory', 'Students', 'Active this month', 'Meetings this month', 'Status', 'Students List', 'Manage']);
    expect(bodyRows().map(cellsOf)).toEqual([
      ['Dana', 'Cohen', 'dana.cohen@demo.portal.test', 'Israel', 'Tel Aviv', 'Center', '3', '', '', '', 'Students List', 'Manage'],
      ['Lee', 'Wong', 'lee.wong@demo.portal.test', 'Singapore', 'Singapore', 'Central', '2', '', '', '', 'Students List', 'Manage'],
      ['Maria', 'Garcia', 'maria.garcia@demo.portal.test', 'United States', 'Texas', 'Austin', '1', '', '', '', 'Students List', 'Manage'],
      ['zoë', 'Åberg', 'zoë.åberg@demo.portal.test', 'Sweden', 'Stockholm', 'North', '0', '', '', '', 'Students List', 'Manage'],
    ]);
    // Only first and last name sort.
    expect(screen.getByRole('columnheader', { name: /^First Name/ })).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('columnheader', { name: /^Email/ })).not.toHaveAttribute('aria-sort');
    expect(within(screen.getByRole('columnheader', { name: /^Email/ })).queryByRole('button')).toBeNull();
    expect(screen.getByRole('button', { name: 'Export to Excel' })).toBeInTheDocument();
  });

  it('sorts by first and last name, ascending then descending, one column at a time', async () => {
    const { user } = renderRoster({ route: '/admin/Franchise_Owners_List', session: signedInAs('admin'), api: rosterApi() });
    await screen.findByRole('table');
    const sortBy = (name: string) => user.click(within(screen.getByRole('columnheader', { name: new RegExp(`^${name}`) })).getByRole('button'));
    await sortBy('Last Name');
    // Locale-aware: Åberg sorts with the A's here (root collation), case and accents aside.
    expect(bodyRows().map((row) => cellsOf(row)[1])).toEqual(['Åberg', 'Cohen', 'Garcia', 'Wong']);
    await sortBy('Last Name');
    expect(bodyRows().map((row) => cellsOf(row)[1])).toEqual(['Wong', 'Garcia', 'Cohen', 'Åberg']);
    await sortBy('First Name');
    expect(screen.getByRole('columnheader', { name: /^Last Name/ })).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('columnheader', { name: /^First Name/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(bodyRows().map((row) => cellsOf(row)[0])).toEqual(['Dana', 'Lee', 'Maria', 'zoë']);
  });

  it("Students List opens /students_list/{first name} with the owner's id in the URL, and that owner's students", async () => {
    const { user, router } = renderRoster({ route: '/admin/Franchise_Owners_List', session: signedInAs('admin'), api: rosterApi() });
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Students List of Lee Wong' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/students_list/Lee'));
    expect(router.state.location.search).toBe('?owner=3');
    await screen.findByRole('heading', { name: 'Students List' });
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(3));
    expect(bodyRows().map((row) => cellsOf(row)[0])).toEqual(['Wei', 'Mei']);
  });

  it('says plainly when the owners could not be loaded', async () => {
    renderRoster({ route: '/admin/Franchise_Owners_List', session: signedInAs('admin'), api: rosterApi({ getAllUsers: async () => Promise.reject(networkError()) }) });
    expect(await screen.findByRole('alert')).toHaveTextContent('The list could not be loaded');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
