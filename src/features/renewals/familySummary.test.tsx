import { screen, waitFor } from '@testing-library/react';
import { FAMILY_PATHS } from '../../../contract/family';
import { portalBackend } from '../../../test/fixtures/classes';
import { renewalsApi } from '../../../test/fixtures/renewals';
import { renderApp, signedInAs } from '../../../test/renderApp';

jest.setTimeout(20_000);

const withFamilies = { capabilities: { ...portalBackend.capabilities, familySignIn: true } };

describe("an owner's family summary mail", () => {
  it('is monthly until she turns weekly on, beside her renewals', async () => {
    const { api, requests } = renewalsApi();
    const { user } = renderApp({ route: '/renewals', session: signedInAs('dana'), api, config: withFamilies });
    const often = await screen.findByRole('combobox', { name: 'Family summary mail How often' });
    expect(often).toHaveValue('monthly');
    await user.selectOptions(often, 'weekly');
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(requests.filter((request) => request.path === FAMILY_PATHS.ownerSettings).map((request) => [request.method, request.body])).toEqual([
      ['GET', undefined],
      ['PUT', { frequency: 'weekly' }],
    ]);
  });

  it('is not offered where the site has no families, nor to the office on this page', async () => {
    const { api, requests } = renewalsApi();
    renderApp({ route: '/renewals', session: signedInAs('dana'), api, config: portalBackend });
    await screen.findByText('No renewals due');
    expect(screen.queryByRole('heading', { name: 'Family summary mail' })).not.toBeInTheDocument();
    renderApp({ route: '/renewals', session: signedInAs('admin'), api, config: withFamilies });
    await screen.findByRole('button', { name: 'Save settings' });
    await waitFor(() => expect(requests.some((request) => request.path === FAMILY_PATHS.ownerSettings)).toBe(false));
  });
});
