import { screen, waitFor, within } from '@testing-library/react';
import { saveAs } from 'file-saver';
import { read } from 'xlsx';
import { OWNER_PATHS, type OwnerTotals } from '../../../contract/owners';
import type { ApiRequest } from '../../api/transport';
import { apiError } from '../../../test/fakeApi';
import { signedInAs } from '../../../test/renderApp';
import { readBlob, renderRoster, rosterApi } from '../../../test/fixtures/roster';
import { matchOnly } from '../../../test/matchMedia';

jest.setTimeout(20_000);
jest.mock('file-saver', () => ({ saveAs: jest.fn() }));

const totals = (ownerId: number, active: number, meetings: number, status: OwnerTotals['status'] = 'active'): OwnerTotals => ({
  ownerId,
  status,
  students: 0,
  activeStudentsThisMonth: active,
  meetingsThisMonth: meetings,
});
/** Dana 2 active and 6 meetings, Lee 5 and 1, Maria deactivated, zoë nothing yet. */
const ownerTotals = [totals(2, 2, 6), totals(3, 5, 1), totals(4, 0, 0, 'deactivated'), totals(5, 1, 3)];

function portalApi() {
  const requests: ApiRequest[] = [];
  const api = rosterApi({
    request: async (request) => {
      requests.push(request);
      if (request.method === 'GET' && request.path === OWNER_PATHS.totals) return ownerTotals;
      throw apiError(404, 'rest_no_route');
    },
  });
  return { api, requests };
}

/** A WordPress site: none of the portal backend's capabilities. */
const wordpress = { capabilities: { serverUnlock: false, userMeta: false, createFranchiseOwner: false, contentStudio: false, signInCards: false, familySignIn: false } };

const headerText = (cell: HTMLElement) => cell.textContent?.replace(/[▲▼↕]/g, '');
const headers = () => within(screen.getByRole('table')).getAllByRole('columnheader').map(headerText);
const th = (name: string) => within(screen.getByRole('table')).getAllByRole('columnheader').find((cell) => headerText(cell) === name)!;
const column = (header: string) => {
  const index = headers().indexOf(header);
  return within(screen.getByRole('table')).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[index]!.textContent);
};

describe("Franchise Owners List: each owner's month and status (portal backend)", () => {
  beforeEach(() => (saveAs as unknown as jest.Mock).mockClear());

  it('shows Active this month, Meetings this month and Status from the totals, and Manage for each owner', async () => {
    const { api, requests } = portalApi();
    renderRoster({ route: '/admin/Franchise_Owners_List', session: signedInAs('admin'), api });
    await screen.findByRole('table');
    expect(headers()).toEqual(['First Name', 'Last Name', 'Email', 'Country', 'State', 'Territory', 'Students', 'Active this month', 'Meetings this month', 'Status', 'Students List', 'Manage']);
    expect(column('First Name')).toEqual(['Dana', 'Lee', 'Maria', 'zoë']);
    await waitFor(() => expect(column('Active this month')).toEqual(['2', '5', '0', '1']));
    expect(column('Meetings this month')).toEqual(['6', '1', '0', '3']);
    expect(column('Status')).toEqual(['Active', 'Active', 'Deactivated', 'Active']);
    expect(requests.filter((request) => request.path === OWNER_PATHS.totals)).toHaveLength(1);
  });

  it('sorts by Active this month, both ways, and keeps the sort in the address', async () => {
    const { user, router } = renderRoster({ route: '/admin/Franchise_Owners_List', session: signedInAs('admin'), api: portalApi().api });
    await screen.findByRole('table');
    await waitFor(() => expect(column('Active this month')).toEqual(['2', '5', '0', '1']));
    await user.click(within(th('Active this month')).getByRole('button'));
    expect(th('Active this month')).toHaveAttribute('aria-sort', 'ascending');
    expect(column('First Name')).toEqual(['Maria', 'zoë', 'Dana', 'Lee']);
    expect(router.state.location.search).toBe('?sort=activeThisMonth');
    await user.click(within(th('Active this month')).getByRole('button'));
    expect(column('First Name')).toEqual(['Lee', 'Dana', 'zoë', 'Maria']);
    await user.click(within(th('Status')).getByRole('button'));
    expect(column('Status')).toEqual(['Active', 'Active', 'Active', 'Deactivated']);
  });

  it('exports the three columns, the status in words', async () => {
    const { user } = renderRoster({ route: '/admin/Franchise_Owners_List', session: signedInAs('admin'), api: portalApi().api });
    await screen.findByRole('table');
    await waitFor(() => expect(column('Status')).toContain('Deactivated'));
    await user.click(screen.getByRole('button', { name: 'Export to Excel' }));
    await waitFor(() => expect(saveAs).toHaveBeenCalledTimes(1));
    const blob = (saveAs as unknown as jest.Mock).mock.calls[0]![0] as Blob;
    const sheet = read(await readBlob(blob), { type: 'array' }).Sheets['Franchise Owners']!;
    expect([sheet['H1']?.v, sheet['I1']?.v, sheet['J1']?.v]).toEqual(['Active this month', 'Meetings this month', 'Status']);
    expect([sheet['H3']?.v, sheet['I3']?.v, sheet['J3']?.v]).toEqual([5, 1, 'Active']);
    expect(sheet['J4']?.v).toBe('Deactivated');
  });

  it("Manage opens the owner's page", async () => {
    const { user, router } = renderRoster({ route: '/admin/Franchise_Owners_List', session: signedInAs('admin'), api: portalApi().api });
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Manage Lee Wong' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/owners/3'));
  });

  it("on a phone each owner's card shows the figures and the status, and the sort menu offers them", async () => {
    const phone = matchOnly('(max-width: 767px)');
    try {
      const { user } = renderRoster({ route: '/admin/Franchise_Owners_List', session: signedInAs('admin'), api: portalApi().api });
      const list = await screen.findByRole('list', { name: 'Franchise owners' });
      await waitFor(() => expect(within(list).getAllByRole('article')[2]!).toHaveTextContent('Deactivated'));
      const maria = within(list).getAllByRole('article')[2]!;
      const facts = [...maria.querySelectorAll('dt')].map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`);
      expect(facts).toEqual(expect.arrayContaining(['Active this month: 0', 'Meetings this month: 0', 'Status: Deactivated']));
      expect(within(maria).getByRole('button', { name: 'Manage Maria Garcia' })).toBeInTheDocument();
      await user.selectOptions(screen.getByLabelText('Sort by'), 'Meetings this month');
      await waitFor(() => expect(within(list).getAllByRole('heading')[0]).toHaveTextContent('Maria'));
    } finally {
      phone();
    }
  });

  it('a plain WordPress site shows the list exactly as before: no figures, no status, no Manage, nothing asked', async () => {
    const { api, requests } = portalApi();
    const { user } = renderRoster({ route: '/admin/Franchise_Owners_List', session: signedInAs('admin'), api, config: wordpress });
    await screen.findByRole('table');
    expect(headers()).toEqual(['First Name', 'Last Name', 'Email', 'Country', 'State', 'Territory', 'Students', 'Students List']);
    expect(screen.queryByRole('button', { name: /^Manage/ })).toBeNull();
    expect(requests.filter((request) => request.path === OWNER_PATHS.totals)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Export to Excel' }));
    await waitFor(() => expect(saveAs).toHaveBeenCalledTimes(1));
    const blob = (saveAs as unknown as jest.Mock).mock.calls[0]![0] as Blob;
    const sheet = read(await readBlob(blob), { type: 'array' }).Sheets['Franchise Owners']!;
    expect(sheet['H1']).toBeUndefined();
  });
});
