import { screen, waitFor } from '@testing-library/react';
import { apiError, createFakeApi } from '../../../test/fakeApi';
import type { SiteCapabilities } from '../../api/types';
import { discoverAll, signedInAs } from '../../../test/renderApp';
import { renderRoster, rosterApi } from '../../../test/fixtures/roster';
import { selectUserById } from '../../entities/users/usersSelectors';

jest.setTimeout(20_000);

const alerts = () => screen.queryAllByRole('alert').filter((el) => el.textContent !== '');

describe('Sign up new franchise (/admin/sign_up_new_franchise/{userName})', () => {
  it('is titled Select Program and links to the configured CMS admin panel in a new tab', async () => {
    renderRoster({
      route: '/admin/sign_up_new_franchise/Office%20Admin',
      session: signedInAs('admin'),
      config: { capabilities: { serverUnlock: false, userMeta: false, createFranchiseOwner: false } },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Select Program' })).toBeInTheDocument();
    const link = screen.getByRole('link', { name: /Open the content admin panel/ });
    expect(link).toHaveAttribute('href', 'https://cms.example.test/wp-admin/');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(screen.queryByRole('heading', { name: 'Add a franchise owner' })).toBeNull();
  });

  it("shows no admin-panel button where no external CMS is configured (the portal's own backend), and says nothing of one", async () => {
    renderRoster({ route: '/admin/sign_up_new_franchise/Office%20Admin', session: signedInAs('admin'), api: rosterApi(), config: { cmsAdminUrl: '' } });
    expect(await screen.findByRole('heading', { name: 'Add a franchise owner' })).toBeInTheDocument();
    expect(screen.getByText('New franchise owners are added here.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /content admin panel/ })).toBeNull();
    expect(document.body).not.toHaveTextContent(/admin panel/i);
  });

  it('with neither an external CMS nor a backend that adds owners, says calmly that owners cannot be added here', async () => {
    renderRoster({
      route: '/admin/sign_up_new_franchise/Office%20Admin',
      session: signedInAs('admin'),
      config: { cmsAdminUrl: '', capabilities: { serverUnlock: false, userMeta: false, createFranchiseOwner: false } },
    });
    expect(await screen.findByText(/New franchise owners cannot be added from this site/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /content admin panel/ })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Add a franchise owner' })).toBeNull();
  });

  it("on a WordPress site without create_franchise_owner, offers only the admin panel, says so, and shows no error", async () => {
    let answerIndex!: (found: SiteCapabilities) => void;
    const api = createFakeApi({ getSiteCapabilities: () => new Promise((resolve) => (answerIndex = resolve)) });
    renderRoster({ route: '/admin/sign_up_new_franchise/Office%20Admin', session: signedInAs('admin'), api, config: { ...discoverAll, cmsAdminUrl: '/wp-admin/' } });
    // While the site's REST index is on its way: neither the form nor a claim that owners cannot be added.
    expect(await screen.findByText('Checking what this site offers…')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Add a franchise owner' })).toBeNull();
    answerIndex({ serverUnlock: false, userMeta: true, createFranchiseOwner: false });
    expect(await screen.findByText('New franchise owners are added in the content-management admin panel.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Open the content admin panel/ })).toHaveAttribute('href', '/wp-admin/');
    expect(screen.queryByRole('heading', { name: 'Add a franchise owner' })).toBeNull();
    expect(alerts()).toEqual([]);
  });

  it('offers the form where the REST index lists create_franchise_owner', async () => {
    renderRoster({ route: '/admin/sign_up_new_franchise/Office%20Admin', session: signedInAs('admin'), api: rosterApi(), config: { ...discoverAll, cmsAdminUrl: '' } });
    expect(await screen.findByRole('heading', { name: 'Add a franchise owner' })).toBeInTheDocument();
    expect(screen.getByText('New franchise owners are added here.')).toBeInTheDocument();
  });

  it('adds a franchise owner directly where the backend supports it, validating first', async () => {
    const { user, api, store } = renderRoster({ route: '/admin/sign_up_new_franchise/Office%20Admin', session: signedInAs('admin'), api: rosterApi() });
    await screen.findByRole('heading', { name: 'Add a franchise owner' });
    const submit = () => user.click(screen.getByRole('button', { name: 'Add Franchise Owner' }));
    await submit();
    await waitFor(() => expect(alerts()[0]).toHaveTextContent('Enter First Name'));
    await waitFor(() => expect(screen.getByLabelText('First Name')).toHaveFocus());
    await user.type(screen.getByLabelText('First Name'), 'Avi');
    await user.type(screen.getByLabelText('Last Name'), 'Mor');
    await user.type(screen.getByLabelText('Email'), 'avi.mor');
    await submit();
    await waitFor(() => expect(alerts()[0]).toHaveTextContent('Enter a valid email address'));
    await user.type(screen.getByLabelText('Email'), '@demo.portal.test');
    await user.type(screen.getByLabelText('Country'), 'Israel');
    await user.type(screen.getByLabelText('State'), 'Haifa');
    await user.type(screen.getByLabelText('Territory'), 'North');
    await submit();
    expect(await screen.findByText(/Franchise owner Avi Mor was added/)).toHaveTextContent('login name new.owner');
    expect(api.calls.find((c) => c.method === 'createFranchiseOwner')?.args).toEqual([
      { firstName: 'Avi', lastName: 'Mor', email: 'avi.mor@demo.portal.test', country: 'Israel', state: 'Haifa', territory: 'North' },
    ]);
    expect(selectUserById(store.getState(), 99)?.role).toBe('franchise_owner');
  });

  it('says when the e-mail already has an account', async () => {
    const { user } = renderRoster({
      route: '/admin/sign_up_new_franchise/Office%20Admin',
      session: signedInAs('admin'),
      api: rosterApi({ createFranchiseOwner: async () => Promise.reject(apiError(409, 'already_exists', 'An account with that email address already exists.')) }),
    });
    await screen.findByRole('heading', { name: 'Add a franchise owner' });
    for (const [label, value] of [['First Name', 'Dana'], ['Last Name', 'Cohen'], ['Email', 'dana.cohen@demo.portal.test'], ['Country', 'Israel'], ['State', 'Tel Aviv'], ['Territory', 'Center']] as const) {
      await user.type(screen.getByLabelText(label), value);
    }
    await user.click(screen.getByRole('button', { name: 'Add Franchise Owner' }));
    await waitFor(() => expect(alerts()[0]).toHaveTextContent('Email already exists. Please try another one.'));
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveFocus());
    expect(screen.getByLabelText('First Name')).toHaveValue('Dana');
  });
});
