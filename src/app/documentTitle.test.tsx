import { act, screen, waitFor, within } from '@testing-library/react';
import { renderRoster, rosterApi } from '../../test/fixtures/roster';
import { renderApp, signedInAs } from '../../test/renderApp';
import { showQaLanguage } from '../../test/catalogueTexts';
import { lessonsFor, programs } from '../../test/fixtures/content';

const PM2_TITLE = 'Play Machines 2';

/** The page's heading, as the tab should name it. */
const heading = async () => (await within(screen.getByRole('main')).findAllByRole('heading', { level: 1 }))[0]!.textContent?.trim() ?? '';

describe('document title', () => {
  it("names each signed-in page by its heading, and follows navigation", async () => {
    const { router } = renderRoster({ route: '/students_list/Dana', session: signedInAs('admin'), api: rosterApi({ getPrograms: async () => programs, getLessons: async (programId) => lessonsFor(programId, 'admin') }) });
    await screen.findByText('Students of Dana Cohen (Israel, Tel Aviv)');
    await waitFor(() => expect(document.title).toBe('Students List · Youngengineer Online'));

    await act(() => router.navigate('/admin/Franchise_Owners_List'));
    await waitFor(() => expect(document.title).toBe('Franchise Owners · Youngengineer Online'));

    // The program's title as authored, not its code name in the address.
    await act(() => router.navigate('/select-model/PlayMachines2/167'));
    await screen.findByText(PM2_TITLE, { exact: false });
    await waitFor(async () => expect(document.title).toBe(`${await heading()} · Youngengineer Online`));
    expect(document.title).toMatch(PM2_TITLE);
    expect(document.title).not.toMatch(/PlayMachines2/);
  });

  it.each(['es', 'he'])('in %s, each page\'s tab reads as its heading', async (language) => {
    const { router } = renderRoster({ route: '/students_list/Dana%20Cohen', session: signedInAs('dana'), api: rosterApi() });
    await screen.findByRole('table');
    await showQaLanguage(language);
    for (const route of ['/students_list/Dana%20Cohen', '/sign_up_new_student/Dana%20Cohen', '/building_instructions/Dana%20Cohen', '/lesson_plans/Dana%20Cohen', '/account', '/students/11']) {
      await act(() => router.navigate(route));
      await waitFor(async () => expect(document.title).toBe(`${await heading()} · Youngengineer Online`));
    }
  });

  it('names the sign-in page when signed out', async () => {
    renderApp({ route: '/' });
    await screen.findByRole('button', { name: 'Sign in' });
    expect(document.title).toBe('Sign in · Youngengineer Online');
  });

  it('opens the page a link leads to at its top', async () => {
    const scrolled = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const { router } = renderRoster({ route: '/students_list/Dana%20Cohen', session: signedInAs('dana'), api: rosterApi() });
    await screen.findByRole('table');
    // The list is usable (its tab is named by its heading) when the user follows a link.
    await waitFor(() => expect(document.title).toBe('Students List · Youngengineer Online'));
    scrolled.mockClear();
    await act(() => router.navigate('/students/11'));
    await waitFor(() => expect(scrolled).toHaveBeenCalledWith(0, 0));
    scrolled.mockRestore();
  });
});
