import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ThemeProvider } from 'styled-components';
import { showQaLanguage, textsNotFromCatalogue } from '../../../test/catalogueTexts';
import { renderApp, signedInAs } from '../../../test/renderApp';
import { theme } from '../../shared/theme';
import { PageLoading } from '../../shared/ui/PageLoading';
import { RouteError } from '../../shared/ui/RouteError';
import { LoadFailed } from '../../shared/ui/States';

const views: { unmount: () => void }[] = [];
const open = (...args: Parameters<typeof renderApp>) => {
  const view = renderApp(...args);
  views.push(view);
  return view;
};
afterEach(() => views.splice(0).forEach((v) => v.unmount()));

describe('the header and the shared screens in other languages', () => {
  it.each([['admin'], ['dana'], ['mia']] as const)('shows the header of %s with the menu open from the catalogues only', async (login) => {
    const { user } = open({ route: '/', session: signedInAs(login), config: { capabilities: { serverUnlock: true, userMeta: true, createFranchiseOwner: true, contentStudio: true, signInCards: true } } });
    await user.click(await screen.findByRole('button', { name: 'Menu' }));
    await showQaLanguage();
    const header = screen.getByRole('banner');
    expect(screen.getByRole('menu')).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: '⟦Log out⟧' })).toBeInTheDocument();
    expect(textsNotFromCatalogue(header)).toEqual([]);
    expect(textsNotFromCatalogue(screen.getByRole('link', { name: '⟦Skip to content⟧' }))).toEqual([]);
    // The user's name is theirs, the languages are named in themselves.
    expect(screen.getByText(/Hi/)).toHaveAttribute('translate', 'no');
    expect(screen.getByRole('menuitem', { name: 'עברית' })).toHaveAttribute('translate', 'no');
  });

  it('sends an unknown address to the login, all from the catalogues', async () => {
    const { container, router } = open({ route: '/no/such/page' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await screen.findByRole('heading', { name: 'Welcome to Youngengineer Online' });
    await showQaLanguage();
    expect(textsNotFromCatalogue(container)).toEqual([]);
  });

  it('shows the error screen, a load failure and the loading state from the catalogues only', async () => {
    // React and the router log the thrown error; it is the point of this test.
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const Broken = () => {
      throw new Error('boom');
    };
    const router = createMemoryRouter([
      {
        path: '/',
        errorElement: <RouteError />,
        Component: Broken,
      },
    ]);
    const { container } = render(
      <ThemeProvider theme={theme}>
        <RouterProvider router={router} />
        {/* {what} is the calling screen's own text, from its own catalogue. */}
        <LoadFailed what="the students" error={{ kind: 'network', status: 0, code: 'network_error', message: 'Failed to fetch' }} onRetry={() => undefined} />
        <PageLoading />
      </ThemeProvider>,
    );
    await screen.findByRole('heading', { name: 'Something went wrong' });
    quiet.mockRestore();
    await showQaLanguage();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('⟦Something went wrong⟧');
    expect(textsNotFromCatalogue(container)).toEqual([]);
    await showQaLanguage('he');
    expect(await screen.findByRole('heading', { name: 'משהו השתבש' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'לנסות שוב' })).toBeInTheDocument();
    expect(screen.getByText('טוען…')).toBeInTheDocument();
  });
});
