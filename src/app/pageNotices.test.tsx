import { act, screen, waitFor, within } from '@testing-library/react';
import { LESSONS_PATHS } from '../../contract/lessons';
import { sessionActions } from '../entities/session/sessionSlice';
import { apiError, type FakeApi } from '../../test/fakeApi';
import { portalBackend } from '../../test/fixtures/classes';
import { renewalDue, renewalsApi } from '../../test/fixtures/renewals';
import { renderApp, signedInAs } from '../../test/renderApp';

jest.setTimeout(40_000);

const views: { unmount: () => void }[] = [];
afterEach(() => views.splice(0).forEach((view) => view.unmount()));

function openStudentsList(api: FakeApi, { login = 'dana', route = '/students_list/Dana%20Cohen', portal = true }: { login?: 'dana' | 'admin'; route?: string; portal?: boolean } = {}) {
  const config = portal ? portalBackend : { capabilities: { ...portalBackend.capabilities, contentStudio: false } };
  const view = renderApp({ route, session: signedInAs(login), api, config });
  act(() => {
    view.store.dispatch(sessionActions.tokenValidated());
  });
  views.push(view);
  return view;
}

const dueRequests = (requests: { path: string }[]) => requests.filter((r) => r.path.startsWith(LESSONS_PATHS.renewalsDue));

describe("the owner's students list: renewals due", () => {
  it('says how many are due, linking to the list of them, once the students are on screen', async () => {
    const { api, requests } = renewalsApi({ due: [renewalDue(11), renewalDue(12), renewalDue(13)] });
    openStudentsList(api);
    const link = await screen.findByRole('link', { name: '3 renewals due' }, { timeout: 15_000 });
    expect(link).toHaveAttribute('href', '/renewals');
    expect(screen.getByRole('table')).toBeInTheDocument();
    expect(dueRequests(requests)).toHaveLength(1);
  });

  it('says nothing when none are due', async () => {
    const { api, requests } = renewalsApi({ due: [] });
    openStudentsList(api);
    await screen.findByRole('table', {}, { timeout: 15_000 });
    await waitFor(() => expect(dueRequests(requests)).toHaveLength(1), { timeout: 15_000 });
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(screen.queryByText(/renewals? due/)).not.toBeInTheDocument();
  });

  it('leaves the students list as it is when the count cannot be read', async () => {
    const { api, requests } = renewalsApi({ refuse: { due: apiError(500, 'internal_server_error') } });
    openStudentsList(api);
    const table = await screen.findByRole('table', {}, { timeout: 15_000 });
    await waitFor(() => expect(dueRequests(requests)).toHaveLength(1), { timeout: 15_000 });
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(within(table).getAllByRole('row').length).toBeGreaterThan(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('is not asked for on a plain WordPress site, nor on an administrator’s view of an owner’s list', async () => {
    const wordpress = renewalsApi({ due: [renewalDue(11)] });
    openStudentsList(wordpress.api, { portal: false });
    await screen.findByRole('table', {}, { timeout: 15_000 });
    views.splice(0).forEach((view) => view.unmount());
    const office = renewalsApi({ due: [renewalDue(11)] });
    openStudentsList(office.api, { login: 'admin', route: '/students_list/Dana?owner=2' });
    await screen.findByRole('table', {}, { timeout: 15_000 });
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(dueRequests(wordpress.requests)).toEqual([]);
    expect(dueRequests(office.requests)).toEqual([]);
  });
});
