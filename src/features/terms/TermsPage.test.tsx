import { screen, waitFor } from '@testing-library/react';
import { apiError, createFakeApi, networkError } from '../../../test/fakeApi';
import { renderApp } from '../../../test/renderApp';

const views: { unmount: () => void }[] = [];
const open = (api = createFakeApi(), route = '/terms_of_use') => {
  const view = renderApp({ route, api });
  views.push(view);
  return view;
};
afterEach(() => views.splice(0).forEach((v) => v.unmount()));

describe('terms of use page', () => {
  it('shows the page content sanitised', async () => {
    const html =
      '<h2>Using the portal</h2><ul><li>Be kind</li></ul><p>See <a href="https://example.org/x">more</a>.</p>' +
      '<script>window.hacked = true</script><img src="x" onerror="window.hacked = true"><a href="javascript:alert(1)">bad</a>';
    open(createFakeApi({ getTermsPage: async () => ({ id: 51, title: 'Terms of Use', html }) }));
    expect(await screen.findByRole('heading', { name: 'Using the portal' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Use' })).toBeInTheDocument();
    expect(screen.getByText('Be kind')).toBeInTheDocument();
    const more = screen.getByRole('link', { name: 'more' });
    expect(more).toHaveAttribute('rel', 'noopener noreferrer');
    expect(document.querySelector('main script')).toBeNull();
    expect(document.querySelector('main img')?.getAttribute('onerror')).toBeNull();
    expect(screen.getByText('bad').getAttribute('href')).toBeNull();
    expect((window as unknown as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('shows a friendly error without raw error text, and retries', async () => {
    let fail = true;
    const api = createFakeApi({
      getTermsPage: async () => {
        if (fail) throw networkError();
        return { id: 51, title: 'Terms of Use', html: '<p>Welcome back</p>' };
      },
    });
    const { user } = open(api);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The terms of use could not be loaded. Check the Wi-Fi connection, then try again.');
    expect(screen.queryByText(/Failed to fetch/)).not.toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Welcome back')).toBeInTheDocument();
  });

  it('does not blame the Wi-Fi for a server failure', async () => {
    open(createFakeApi({ getTermsPage: async () => Promise.reject(apiError(500, 'internal_server_error')) }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong on our side');
    expect(alert).not.toHaveTextContent(/Wi-Fi|connection/);
  });

  it('goes back to / when opened directly, and back in history otherwise', async () => {
    const { user, router } = open();
    await screen.findByText('Be kind.');
    await user.click(screen.getByRole('link', { name: /Go Back/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    // From the login page's link, Go Back returns there.
    await user.click(await screen.findByRole('link', { name: 'terms of use' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/terms_of_use'));
    await user.click(await screen.findByRole('link', { name: /Go Back/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
