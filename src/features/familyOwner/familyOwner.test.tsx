import { screen, waitFor, within } from '@testing-library/react';
import { FAMILY_PATHS, type FamilyErasureRequest } from '../../../contract/family';
import { createFakeApi } from '../../../test/fakeApi';
import { portalBackend } from '../../../test/fixtures/classes';
import { renderRoster, rosterApi } from '../../../test/fixtures/roster';
import { signedInAs } from '../../../test/renderApp';
import type { ApiRequest } from '../../api/transport';

jest.setTimeout(30_000);

const withFamilies = { capabilities: { ...portalBackend.capabilities, familySignIn: true } };
const noasRequest: FamilyErasureRequest = { studentId: 11, firstName: 'noa', lastName: 'Levi', requestedAt: '2026-11-20T09:00:00.000Z' };

/** The owner's family routes, over the fake's other answers; every family request kept. */
function familyOwnerApi(waiting: FamilyErasureRequest[] = []) {
  const requests: ApiRequest[] = [];
  let language = 'en';
  const others = createFakeApi();
  const api = rosterApi({
    request: async (request) => {
      if (!request.path.startsWith(FAMILY_PATHS.ownerSettings) && !request.path.startsWith(FAMILY_PATHS.erasureRequests)) return others.request(request);
      requests.push(request);
      if (request.path.startsWith(FAMILY_PATHS.erasureRequests)) return waiting;
      if (request.method === 'PUT') language = (request.body as { language: string }).language;
      return { parentEmail: 'noa.levi@parents.test', language };
    },
  });
  return { api, requests };
}

describe("a family's language on the student's page", () => {
  it('shows the family’s language and the owner changes it', async () => {
    const { api, requests } = familyOwnerApi();
    const { user } = renderRoster({ route: '/students/11', session: signedInAs('dana'), api, config: withFamilies });
    const family = within(await screen.findByRole('region', { name: 'Family' }));
    const select = await family.findByRole('combobox', { name: 'Family’s language' });
    expect(select).toHaveValue('en');
    await user.selectOptions(select, 'he');
    expect(await family.findByText('Saved.')).toBeInTheDocument();
    expect(requests.filter((request) => request.path.startsWith(FAMILY_PATHS.familyLanguage)).map((request) => [request.method, request.path, request.body])).toEqual([
      ['GET', `${FAMILY_PATHS.familyLanguage}?parentEmail=noa.levi%40parents.test`, undefined],
      ['PUT', FAMILY_PATHS.familyLanguage, { parentEmail: 'noa.levi@parents.test', language: 'he' }],
    ]);
  });

  it("says when the family asked for the child's data to be erased", async () => {
    const { api } = familyOwnerApi([noasRequest]);
    renderRoster({ route: '/students/11', session: signedInAs('dana'), api, config: withFamilies });
    const family = within(await screen.findByRole('region', { name: 'Family' }));
    expect(await family.findByText(/The family asked on November 20, 2026 to erase this child’s data/)).toBeInTheDocument();
  });

  it("tells the office too, on the student's page, that the family asked", async () => {
    const { api } = familyOwnerApi([noasRequest]);
    renderRoster({ route: '/students/11', session: signedInAs('admin'), api, config: withFamilies });
    const family = within(await screen.findByRole('region', { name: 'Family' }));
    expect(await family.findByText(/The family asked on November 20, 2026 to erase this child’s data/)).toBeInTheDocument();
  });

  it('is not on the page where the site has no families', async () => {
    const { api, requests } = familyOwnerApi();
    renderRoster({ route: '/students/11', session: signedInAs('dana'), api, config: portalBackend });
    await screen.findByRole('region', { name: "The child's data" });
    expect(screen.queryByRole('region', { name: 'Family' })).not.toBeInTheDocument();
    expect(requests).toEqual([]);
  });
});

describe("the owner's students list: families' erasure requests", () => {
  it('names each child whose family asked, linking to the child’s page', async () => {
    const { api } = familyOwnerApi([noasRequest]);
    renderRoster({ route: '/students_list/Dana%20Cohen', session: signedInAs('dana'), api, config: withFamilies });
    const notice = await screen.findByTestId('erasure-requests-notice', {}, { timeout: 15_000 });
    expect(notice).toHaveTextContent('1 family asked to erase their child’s data');
    expect(within(notice).getByRole('link', { name: 'noa Levi' })).toHaveAttribute('href', '/students/11#data');
  });

  it('says nothing when none waits', async () => {
    const { api, requests } = familyOwnerApi([]);
    renderRoster({ route: '/students_list/Dana%20Cohen', session: signedInAs('dana'), api, config: withFamilies });
    await screen.findByRole('table', {}, { timeout: 15_000 });
    await waitFor(() => expect(requests.some((request) => request.path === FAMILY_PATHS.erasureRequests)).toBe(true), { timeout: 15_000 });
    expect(screen.queryByTestId('erasure-requests-notice')).not.toBeInTheDocument();
  });
});

describe("the office's list of all students: families' erasure requests", () => {
  it('names each child whose family asked, from every owner', async () => {
    const { api, requests } = familyOwnerApi([noasRequest]);
    renderRoster({ route: '/admin/all_students_list', session: signedInAs('admin'), api, config: withFamilies });
    const notice = await screen.findByTestId('erasure-requests-notice', {}, { timeout: 15_000 });
    expect(within(notice).getByRole('link', { name: 'noa Levi' })).toHaveAttribute('href', '/students/11#data');
    expect(requests.find((request) => request.path.startsWith(FAMILY_PATHS.erasureRequests))?.path).toBe(FAMILY_PATHS.erasureRequests);
  });
});
