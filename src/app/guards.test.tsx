import { act, screen, waitFor } from '@testing-library/react';
import { sessionActions } from '../entities/session/sessionSlice';
import { renderApp, signedInAs } from '../../test/renderApp';

describe('route guards', () => {
  it('sends a signed-out visitor of a protected page to the login at /', async () => {
    const { router } = renderApp({ route: '/students_list/Dana%20Cohen' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.state).toEqual({ returnTo: '/students_list/Dana%20Cohen' });
  });

  it("after a sign-out on a page, the login does not offer to go back to it (the next child on the tablet is not sent to the last user's page)", async () => {
    const { router, store } = renderApp({ route: '/students_list/Dana%20Cohen', session: signedInAs('dana', { valid: true }) });
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    act(() => void store.dispatch(sessionActions.loggedOut()));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.state).toBeNull();
  });

  it('keeps a student out of the students list and admin pages', async () => {
    const { router } = renderApp({ route: '/admin/all_students_list', session: signedInAs('mia') });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('keeps a franchise owner out of admin pages but lets them open their students list', async () => {
    const owner = renderApp({ route: '/admin/Franchise_Owners_List', session: signedInAs('dana') });
    await waitFor(() => expect(owner.router.state.location.pathname).toBe('/'));
    owner.unmount();
    const list = renderApp({ route: '/students_list/Dana%20Cohen', session: signedInAs('dana', { valid: true }) });
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(list.router.state.location.pathname).toBe('/students_list/Dana%20Cohen');
  });
});
