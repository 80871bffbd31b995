import { act, screen, waitFor } from '@testing-library/react';
import { FAMILY_PATHS } from '../../../contract/family';
import { familyApi, LINK_SECRET, miasParent, PARENT_TOKEN, storedFamily } from '../../../test/fixtures/family';
import { apiError, networkError } from '../../../test/fakeApi';
import { renderApp } from '../../../test/renderApp';

jest.setTimeout(20_000);

describe("a parent's way in", () => {
  it('the login page offers "I’m a parent"; the form asks for a link and says the same whoever the address is', async () => {
    const { api, requests } = familyApi();
    const { user, router } = renderApp({ route: '/', api });
    await user.click(await screen.findByRole('link', { name: 'I’m a parent' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/family/sign-in'));
    await user.type(await screen.findByLabelText('Your e-mail address'), 'parent.mia@demo.portal.test');
    await user.click(screen.getByRole('button', { name: 'Send me a sign-in link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('If this address belongs to a family, a sign-in link is on its way. It works once, for 30 minutes.');
    expect(requests).toEqual([{ method: 'POST', path: FAMILY_PATHS.signInLink, body: { email: 'parent.mia@demo.portal.test', language: 'en' }, expiry: 'never' }]);
  });

  it('a plain WordPress site has no parents’ way in', async () => {
    const { api } = familyApi();
    renderApp({ route: '/', api, config: { capabilities: { serverUnlock: false, userMeta: false, createFranchiseOwner: false, familySignIn: false } } });
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'I’m a parent' })).not.toBeInTheDocument();
  });

  it('keeps what was typed when the connection drops, and says when to try again after too many links', async () => {
    let answer = () => Promise.reject(networkError());
    const { api } = familyApi({ link: () => answer() });
    const { user } = renderApp({ route: '/family/sign-in', api });
    const field = await screen.findByLabelText('Your e-mail address');
    await user.type(field, 'parent.mia@demo.portal.test');
    await user.click(screen.getByRole('button', { name: 'Send me a sign-in link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The link was not sent: the connection dropped. What you typed is still here');
    expect(field).toHaveValue('parent.mia@demo.portal.test');
    answer = () => Promise.reject({ ...apiError(429, 'too_many_attempts'), retryAfter: 540 });
    await user.click(screen.getByRole('button', { name: 'Send me a sign-in link' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Please try again in 9 minutes.'));
    expect(field).toHaveValue('parent.mia@demo.portal.test');
  });

  it('a link signs in once: the secret leaves the address, the family session is kept apart from any user session, and no user route is asked', async () => {
    const { api, requests } = familyApi();
    const { router, store } = renderApp({ route: `/family/sign-in#${LINK_SECRET}`, api });
    await waitFor(() => expect(router.state.location.pathname).toBe('/family'));
    expect(router.state.location.hash).toBe('');
    expect(requests[0]).toEqual({ method: 'POST', path: FAMILY_PATHS.session, body: { secret: LINK_SECRET }, expiry: 'never' });
    expect(requests.filter((request) => request.path === FAMILY_PATHS.session)).toHaveLength(1);
    expect(store.getState().session).toMatchObject({ token: null, family: { token: PARENT_TOKEN, email: miasParent.email, parentName: 'Rina Levi' } });
    expect(await screen.findByRole('heading', { name: 'Mia Levi' })).toBeInTheDocument();
    expect(requests.find((request) => request.path === FAMILY_PATHS.overview)).toMatchObject({ method: 'GET', token: PARENT_TOKEN });
    // Every call with the parent's token is a family route; no user's who-am-I.
    expect(requests.filter((request) => request.token !== undefined).every((request) => request.path.startsWith('/wp-json/yo/v1/family'))).toBe(true);
    expect(api.calls.map((call) => call.method)).not.toEqual(expect.arrayContaining(['validateToken']));
    expect(api.calls.map((call) => call.method)).not.toContain('getCurrentUser');
  });

  it('after a reload the stored family session opens the family page, again without any user route', async () => {
    const { api, requests } = familyApi();
    renderApp({ route: '/family', api, session: storedFamily() });
    expect(await screen.findByRole('heading', { name: 'Mia Levi' })).toBeInTheDocument();
    expect(requests.map((request) => `${request.method} ${request.path} ${request.token ?? ''}`)).toEqual([`GET ${FAMILY_PATHS.overview} ${PARENT_TOKEN}`]);
    expect(api.calls.map((call) => call.method)).not.toContain('validateToken');
    expect(api.calls.map((call) => call.method)).not.toContain('getCurrentUser');
  });

  it('a link opened in a tab already on the sign-in page (only the fragment changes) signs in too', async () => {
    const { api, requests } = familyApi();
    const { router } = renderApp({ route: '/family/sign-in', api });
    await screen.findByLabelText('Your e-mail address');
    await act(() => router.navigate(`/family/sign-in#${LINK_SECRET}`));
    await waitFor(() => expect(router.state.location.pathname).toBe('/family'));
    expect(requests.filter((request) => request.path === FAMILY_PATHS.session)).toHaveLength(1);
  });

  it('a used or expired link says so, with a way to ask for a new one', async () => {
    const { api } = familyApi({ session: () => Promise.reject(apiError(403, 'family_link_invalid')) });
    const { user, store, router } = renderApp({ route: `/family/sign-in#${LINK_SECRET}`, api });
    expect(await screen.findByRole('alert')).toHaveTextContent('This sign-in link has already been used or is more than 30 minutes old.');
    expect(router.state.location.hash).toBe('');
    expect(store.getState().session.family ?? null).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Ask for a new link' }));
    expect(await screen.findByLabelText('Your e-mail address')).toBeInTheDocument();
  });

  it('a session the server no longer takes ends on the device and says so', async () => {
    const { api } = familyApi({ overview: () => Promise.reject(apiError(403, 'jwt_auth_invalid_token')) });
    const { store, router } = renderApp({ route: '/family', api, session: storedFamily() });
    expect(await screen.findByText('Your sign-in has ended. Ask for a new link to see your family’s page again.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/family/sign-in');
    expect(store.getState().session.family).toBeNull();
  });

  it('without a family session the family page sends the parent to ask for a link', async () => {
    const { api, requests } = familyApi();
    const { router } = renderApp({ route: '/family', api });
    await waitFor(() => expect(router.state.location.pathname).toBe('/family/sign-in'));
    expect(await screen.findByLabelText('Your e-mail address')).toBeInTheDocument();
    expect(requests).toEqual([]);
  });
});
