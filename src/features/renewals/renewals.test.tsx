import { screen, waitFor, within } from '@testing-library/react';
import { LESSONS_PATHS } from '../../../contract/lessons';
import { apiError, networkError } from '../../../test/fakeApi';
import { renderRenewals, renewalDue, renewalsApi } from '../../../test/fixtures/renewals';

jest.setTimeout(20_000);

const rowTexts = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

describe('Renewals due', () => {
  it("shows an owner each child due: program, lessons left, end date, why in words, and the parent's contact, with a way to renew", async () => {
    const { api, requests } = renewalsApi({
      due: [
        renewalDue(11),
        renewalDue(13, { firstName: 'Étienne', lastName: 'Ben David', program: 'AlgoPlay 1', total: 8, used: 3, left: 5, endDate: '2099-12-05', reasons: ['endDate'], parentName: 'Anna Ben David', parentEmail: '', phone: '' }),
        renewalDue(14, { firstName: 'Sam', lastName: 'Past', endDate: '2020-01-31', reasons: ['lessons', 'endDate'] }),
      ],
    });
    renderRenewals('/renewals', 'dana', api);
    const table = await screen.findByRole('table');
    const noa = within(table).getByRole('row', { name: /noa Levi/ });
    expect(within(noa).getByText('Robotics 2')).toBeInTheDocument();
    expect(within(noa).getByText('2 of 12')).toBeInTheDocument();
    expect(within(noa).getByText('December 20, 2026')).toBeInTheDocument();
    expect(within(noa).getByText('Few lessons left')).toBeInTheDocument();
    expect(within(noa).getByText('Ruth Levi')).toBeInTheDocument();
    expect(within(noa).getByRole('link', { name: 'ruth.levi@parents.test' })).toHaveAttribute('href', 'mailto:ruth.levi@parents.test');
    expect(within(noa).getByRole('link', { name: '+972 50-123-4567' })).toHaveAttribute('href', 'tel:+972501234567');
    expect(within(noa).getByRole('link', { name: 'Renew noa Levi' })).toHaveAttribute('href', '/students/11');
    const etienne = within(table).getByRole('row', { name: /Étienne Ben David/ });
    expect(within(etienne).getByText('Ends soon')).toBeInTheDocument();
    // A package whose end date has passed reads as ended.
    expect(within(within(table).getByRole('row', { name: /Sam Past/ })).getByText('Few lessons left, Ended')).toBeInTheDocument();
    expect(within(etienne).queryByRole('link', { name: /@/ })).not.toBeInTheDocument();
    // An owner's list is her own: no owner column, no filters, no settings form.
    expect(within(table).queryByRole('columnheader', { name: /Owner/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save settings' })).not.toBeInTheDocument();
    expect(await screen.findByText('Students with 2 or fewer lessons left, or whose lessons end within 14 days.')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'GET' && r.path === LESSONS_PATHS.renewalsDue)).toBe(true);
  });

  it('sorts by a column: ascending, descending, then the server’s order', async () => {
    const { api } = renewalsApi({ due: [renewalDue(11, { firstName: 'noa' }), renewalDue(12, { firstName: 'Amir', lastName: 'Katz', left: 1 }), renewalDue(13, { firstName: 'Zoe', lastName: 'Ray', left: 0 })] });
    const { user } = renderRenewals('/renewals', 'dana', api);
    await screen.findByRole('table');
    expect(rowTexts()).toEqual(['noa Levi', 'Amir Katz', 'Zoe Ray']);
    const th = () => screen.getByRole('columnheader', { name: /^Child/ });
    await user.click(within(th()).getByRole('button'));
    expect(th()).toHaveAttribute('aria-sort', 'ascending');
    expect(rowTexts()).toEqual(['Amir Katz', 'noa Levi', 'Zoe Ray']);
    await user.click(within(th()).getByRole('button'));
    expect(th()).toHaveAttribute('aria-sort', 'descending');
    expect(rowTexts()).toEqual(['Zoe Ray', 'noa Levi', 'Amir Katz']);
    await user.click(within(screen.getByRole('columnheader', { name: /^Lessons left/ })).getByRole('button'));
    expect(rowTexts()).toEqual(['Zoe Ray', 'Amir Katz', 'noa Levi']);
    expect(th()).toHaveAttribute('aria-sort', 'none');
  });

  it('says when nobody is due', async () => {
    renderRenewals('/renewals', 'dana', renewalsApi({ due: [] }).api);
    expect(await screen.findByText('No renewals due')).toBeInTheDocument();
  });

  it('fails calmly, with no raw error text and a way to try again', async () => {
    renderRenewals('/renewals', 'dana', renewalsApi({ refuse: { due: apiError(500, 'internal_server_error', 'SQLITE_BUSY') } }).api);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('the renewals due');
    expect(alert).not.toHaveTextContent(/SQLITE|internal_server_error/);
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('keeps calm offline too', async () => {
    renderRenewals('/renewals', 'dana', renewalsApi({ refuse: { due: networkError() } }).api);
    expect(await screen.findByRole('alert')).not.toHaveTextContent('Failed to fetch');
  });

  it("lets an administrator see each child's owner and filter by owner and by country", async () => {
    const { api, requests } = renewalsApi({ due: [renewalDue(11), renewalDue(21, { firstName: 'Wei', lastName: 'Tan', ownerId: 3, ownerName: 'Lee Wong', country: 'Singapore' })] });
    const { user } = renderRenewals('/renewals', 'admin', api);
    const table = await screen.findByRole('table');
    expect(within(within(table).getByRole('row', { name: /Wei Tan/ })).getByText('Lee Wong')).toBeInTheDocument();
    const owner = screen.getByRole('combobox', { name: 'Owner' });
    await within(owner).findByRole('option', { name: 'Lee Wong' });
    await user.selectOptions(owner, 'Lee Wong');
    await waitFor(() => expect(rowTexts()).toEqual(['Wei Tan']));
    expect(requests.at(-1)?.path).toBe(`${LESSONS_PATHS.renewalsDue}?owner=3`);
    // A country that is not the chosen owner's clears her.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'Israel');
    await waitFor(() => expect(rowTexts()).toEqual(['noa Levi']));
    expect(requests.at(-1)?.path).toBe(`${LESSONS_PATHS.renewalsDue}?country=Israel`);
    expect(within(screen.getByRole('combobox', { name: 'Owner' })).queryByRole('option', { name: 'Lee Wong' })).not.toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'Every country');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Owner' }), 'Maria Garcia');
    await waitFor(() => expect(requests.at(-1)?.path).toBe(`${LESSONS_PATHS.renewalsDue}?owner=4`));
    expect(await screen.findByText('No renewals due for these filters.')).toBeInTheDocument();
  });
});

describe('Renewals in the menu', () => {
  const menuItems = () => within(screen.getByRole('menu')).getAllByRole('menuitem');

  it("is an owner's item after Classes and the Timetable on the portal's own backend, and leads to the list", async () => {
    const { user, router } = renderRenewals('/classes', 'dana', renewalsApi({ due: [] }).api);
    await user.click(await screen.findByRole('button', { name: 'Menu' }));
    const labels = menuItems().map((item) => item.textContent);
    expect(labels.slice(labels.indexOf('Classes'), labels.indexOf('Classes') + 4)).toEqual(['Classes', 'Timetable', 'Renewals due', 'Class now']);
    expect(labels).not.toContain('Monthly report');
    await user.click(screen.getByRole('menuitem', { name: 'Renewals due' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/renewals'));
    expect(await screen.findByText('No renewals due')).toBeInTheDocument();
  });

  it('gives an administrator Renewals due and Monthly report, and keeps the report from owners', async () => {
    const owner = renderRenewals('/admin/monthly_report', 'dana', renewalsApi().api);
    await waitFor(() => expect(owner.router.state.location.pathname).not.toBe('/admin/monthly_report'));
    owner.unmount();
    const { user, router } = renderRenewals('/classes', 'admin', renewalsApi().api);
    await user.click(await screen.findByRole('button', { name: 'Menu' }));
    await user.click(screen.getByRole('menuitem', { name: 'Monthly report' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/monthly_report'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Monthly report' })).toBeInTheDocument();
  });
});
