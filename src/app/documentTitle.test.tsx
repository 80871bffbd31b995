import { act, screen, waitFor } from '@testing-library/react';
import { renderRoster, rosterApi } from '../../test/fixtures/roster';
import { renderApp, signedInAs } from '../../test/renderApp';

describe('document title', () => {
  it('says where the user is on each route, and follows navigation', async () => {
    const { router } = renderRoster({ route: '/students_list/Dana', session: signedInAs('admin'), api: rosterApi() });
    await screen.findByText('Students of Dana Cohen (Israel, Tel Aviv)');
    expect(document.title).toBe('Students of Dana · Youngengineer Online');

    await act(() => router.navigate('/admin/Franchise_Owners_List'));
    await waitFor(() => expect(document.title).toBe('Franchise Owners · Youngengineer Online'));

    await act(() => router.navigate('/select-model/PlayMachines2/167'));
    await waitFor(() => expect(document.title).toBe('Models of PlayMachines2 · Youngengineer Online'));
  });

  it('names the sign-in page when signed out', async () => {
    renderApp({ route: '/' });
    await screen.findByRole('button', { name: 'Sign in' });
    expect(document.title).toBe('Sign in · Youngengineer Online');
  });
});
