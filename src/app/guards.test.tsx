import { screen, waitFor } from '@testing-library/react';
import { renderApp, signedInAs } from '../../test/renderApp';

describe('route guards', () => {
  it('sends a signed-out visitor of a protected page to the login at /', async () => {
    const { router } = renderApp({ route: '/students_list/Dana%20Cohen' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
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
