import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiError, networkError } from '../../../test/fakeApi';
import { signedInAs } from '../../../test/renderApp';
import { allStudents, allUsers, danaStudents, deferred, lee, manyStudents, renderRoster, rosterApi } from '../../../test/fixtures/roster';
import type { Student } from '../../api/types';
import { fakeLayoutBox } from '../../../test/layoutBox';
import { showQaLanguage } from '../../../test/catalogueTexts';

// The export's download (a test checks the file name the page reports for the owner the URL names).
jest.mock('file-saver', () => ({ saveAs: jest.fn() }));

const firstColumn = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);

const afterTest: (() => void)[] = [];
afterEach(() => afterTest.splice(0).forEach((undo) => undo()));

describe('Students list (/students_list/{userName})', () => {
  it("shows a franchise owner only their own students, in the spec's nine columns, with the support e-mail", async () => {
    // The backend already filters; the app filters again (spec section 6), so a leak would not show.
    const { api } = renderRoster({ route: '/students_list/Dana%20Cohen', session: signedInAs('dana'), api: rosterApi() });
    const table = await screen.findByRole('table');
    expect(api.calls.map((c) => c.method)).toEqual(expect.arrayContaining(['getAllStudents', 'getAllUsers']));
    const headers = within(table).getAllByRole('columnheader').map((th) => th.textContent?.replace(/[▲▼↕]/g, ''));
    expect(headers).toEqual(['Student First Name', 'Student Last Name', 'Parent Name', 'Parent Email', 'Phone', 'Program', 'Start Date', 'End Date', 'Lessons', 'Models', 'In progress', 'Finished', 'Last active']);
    expect(within(table).getAllByRole('row')).toHaveLength(1 + danaStudents.length);
    expect(firstColumn()).toEqual(['noa', 'Amir', 'Étienne']);
    const noa = within(table).getAllByRole('row')[1]!;
    expect(within(noa).getAllByRole('cell').map((td) => td.textContent)).toEqual([
      'noa',
      'Levi',
      'Ruth Levi',
      'noa.levi@parents.test',
      '+972 50 000 0000',
      'Robotics 2',
      'October 15, 2024',
      'January 31, 2025',
      '12',
      '',
      '',
      '',
      '',
    ]);
    expect(screen.getByRole('link', { name: 'Sign Up New Student' })).toHaveAttribute('href', '/sign_up_new_student/Dana%20Cohen');
    expect(screen.getByRole('button', { name: 'Export to Excel' })).toBeInTheDocument();
    // Owners edit their students themselves now: the note says how, and what the office still does.
    expect(screen.getByText(/To change a student's details/)).toHaveTextContent(
      "To change a student's details, open their name in the list. To move a student to another franchise owner, or to change your own details, please contact our team at team@demo.portal.test",
    );
    expect(screen.queryByText(/To change user info/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'team@demo.portal.test' })).toHaveAttribute('href', 'mailto:team@demo.portal.test');
    expect(within(noa).getByRole('link', { name: 'noa Levi' })).toHaveAttribute('href', '/students/11');
  });

  it.each([
    ['he', 'כדי לשנות את פרטי התלמיד/ה, פתחו את שמו/ה ברשימה. כדי להעביר תלמיד/ה לבעל/ת זיכיון אחר/ת, או כדי לשנות את הפרטים שלכם, פנו לצוות שלנו בכתובת team@demo.portal.test'],
    ['es', 'Para cambiar los datos de un estudiante, abre su nombre en la lista. Para pasar un estudiante a otro franquiciado, o para cambiar tus propios datos, escribe a nuestro equipo a team@demo.portal.test'],
  ])('tells an owner in %s how to change a student, and whom to ask for the rest', async (language, note) => {
    renderRoster({ route: '/students_list/Dana%20Cohen', session: signedInAs('dana'), api: rosterApi() });
    await screen.findByRole('table');
    await showQaLanguage(language);
    expect(await screen.findByText(note.slice(0, 20), { exact: false })).toHaveTextContent(note);
  });

  it('tells an administrator (who moves students herself) only how to change a student', async () => {
    renderRoster({ route: '/students_list/Dana?owner=2', session: signedInAs('admin'), api: rosterApi() });
    await screen.findByRole('table');
    expect(screen.getByText(/To change a student's details/)).toHaveTextContent(/^To change a student's details, open their name in the list\.$/);
    expect(screen.queryByRole('link', { name: 'team@demo.portal.test' })).not.toBeInTheDocument();
  });

  it('shows an administrator the students of the owner the URL names (?owner=, else the unique first name)', async () => {
    const byId = renderRoster({ route: '/students_list/Lee?owner=3', session: signedInAs('admin'), api: rosterApi() });
    await screen.findByRole('table');
    expect(firstColumn()).toEqual(['Wei', 'Mei']);
    expect(screen.getByText('Students of Lee Wong (Singapore, Singapore)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign Up New Student' })).toHaveAttribute('href', '/sign_up_new_student/Lee?owner=3');
    byId.unmount();

    // A reload or a shared link without the id: the first name, when one owner has it.
    renderRoster({ route: '/students_list/lee', session: signedInAs('admin'), api: rosterApi() });
    await screen.findByRole('table');
    expect(firstColumn()).toEqual(['Wei', 'Mei']);
  });

  it('an administrator who chose Maria and then opens /students_list/Dana sees Dana’s students, and the export is named for Dana', async () => {
    const { user, router } = renderRoster({ route: '/admin/Franchise_Owners_List', session: signedInAs('admin'), api: rosterApi() });
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Students List of Maria Garcia' }));
    await screen.findByText('Students of Maria Garcia (United States, Texas)');
    expect(firstColumn()).toEqual(['Sofia']);

    await act(() => router.navigate('/students_list/Dana'));
    expect(await screen.findByText('Students of Dana Cohen (Israel, Tel Aviv)')).toBeInTheDocument();
    expect(firstColumn()).toEqual(['noa', 'Amir', 'Étienne']);
    await user.click(screen.getByRole('button', { name: 'Export to Excel' }));
    expect(await screen.findByText('Saved Dana Youngengineer Online.xlsx.')).toBeInTheDocument();
  });

  it('asks an administrator to choose when the URL names no owner, or more than one', async () => {
    const nobody = renderRoster({ route: '/students_list/Nobody', session: signedInAs('admin'), api: rosterApi() });
    expect(await screen.findByText(/There is no franchise owner called Nobody/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the Franchise Owners list' })).toHaveAttribute('href', '/admin/Franchise_Owners_List');
    nobody.unmount();

    const leeToo = { ...lee, id: 9, lastName: 'Park', country: 'Korea', state: 'Seoul' };
    renderRoster({ route: '/students_list/Lee', session: signedInAs('admin'), api: rosterApi({ getAllUsers: async () => [...allUsers, leeToo] }) });
    expect(await screen.findByText(/More than one franchise owner is called Lee/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Lee Park (Korea, Seoul)' })).toHaveAttribute('href', '/students_list/Lee?owner=9');
    expect(screen.getByRole('link', { name: 'Lee Wong (Singapore, Singapore)' })).toHaveAttribute('href', '/students_list/Lee?owner=3');
  });

  it('toggles the sort of a column (first click ascending), and another column replaces it', async () => {
    const { user, router } = renderRoster({ route: '/students_list/Dana%20Cohen', session: signedInAs('dana'), api: rosterApi() });
    await screen.findByRole('table');
    const th = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });
    const sortBy = (name: string) => user.click(within(th(name)).getByRole('button'));

    expect(th('Student First Name')).toHaveAttribute('aria-sort', 'none');
    await sortBy('Student First Name');
    expect(th('Student First Name')).toHaveAttribute('aria-sort', 'ascending');
    // Locale-aware and case-insensitive: 'Amir' < 'Étienne' < 'noa'.
    expect(firstColumn()).toEqual(['Amir', 'Étienne', 'noa']);
    await sortBy('Student First Name');
    expect(th('Student First Name')).toHaveAttribute('aria-sort', 'descending');
    expect(firstColumn()).toEqual(['noa', 'Étienne', 'Amir']);

    await sortBy('Start Date');
    expect(th('Student First Name')).toHaveAttribute('aria-sort', 'none');
    expect(th('Start Date')).toHaveAttribute('aria-sort', 'ascending');
    expect(firstColumn()).toEqual(['Amir', 'noa', 'Étienne']);
    // The sort is in the URL: a reload or a shared link keeps it.
    expect(router.state.location.search).toBe('?sort=startDate');

    await sortBy('Lessons');
    expect(firstColumn()).toEqual(['Étienne', 'noa', 'Amir']);
    // Keyboard: the header is a button, Enter toggles it.
    within(th('Lessons')).getByRole('button').focus();
    await user.keyboard('{Enter}');
    expect(th('Lessons')).toHaveAttribute('aria-sort', 'descending');
    expect(firstColumn()).toEqual(['Amir', 'noa', 'Étienne']);
  });

  it('shows placeholder rows while loading, then the table', async () => {
    const students = deferred<Student[]>();
    renderRoster({ route: '/students_list/Dana%20Cohen', session: signedInAs('dana'), api: rosterApi({ getAllStudents: () => students.promise }) });
    expect(await screen.findByText('Loading students…')).toBeInTheDocument();
    expect(screen.getByTestId('skeleton-table')).toBeInTheDocument();
    students.release(allStudents);
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(screen.queryByTestId('skeleton-table')).not.toBeInTheDocument();
  });

  it('does not blame the Wi-Fi when the server fails', async () => {
    const api = rosterApi({ getAllStudents: async () => Promise.reject(apiError(500, 'internal_server_error')) });
    renderRoster({ route: '/students_list/Dana%20Cohen', session: signedInAs('dana'), api });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The list could not be loaded. Something went wrong on our side');
    expect(alert).not.toHaveTextContent('Wi-Fi');
  });

  it('says plainly when the list could not be loaded, and Try again loads it', async () => {
    let fail = true;
    const api = rosterApi({
      getAllStudents: async () => {
        if (fail) throw networkError();
        return allStudents;
      },
    });
    const { user } = renderRoster({ route: '/students_list/Dana%20Cohen', session: signedInAs('dana'), api });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The list could not be loaded. Check the Wi-Fi connection, then try again.');
    expect(alert).not.toHaveTextContent('Failed to fetch');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(firstColumn()).toHaveLength(3);
  });

  it('loads the list by itself when the connection returns, without Try again', async () => {
    let online = false;
    const api = rosterApi({
      getAllStudents: async () => {
        if (!online) throw networkError();
        return allStudents;
      },
    });
    renderRoster({ route: '/students_list/Dana%20Cohen', session: signedInAs('dana'), api });
    expect(await screen.findByRole('alert')).toHaveTextContent('Check the Wi-Fi connection');
    online = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(firstColumn()).toEqual(['noa', 'Amir', 'Étienne']);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows an empty state with the sign-up link when the owner has no students', async () => {
    renderRoster({ route: '/students_list/Dana%20Cohen', session: signedInAs('dana'), api: rosterApi({ getAllStudents: async () => [] }) });
    expect(await screen.findByText('No students yet.')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Sign Up New Student' })).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Export to Excel' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('renders only the visible rows above a hundred students, in a focusable scroll region', async () => {
    afterTest.push(fakeLayoutBox(1024, 720));
    const many = manyStudents(1500, 2);
    renderRoster({ route: '/students_list/Dana%20Cohen', session: signedInAs('dana'), api: rosterApi({ getAllStudents: async () => many }) });
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getAllByRole('row').length).toBeGreaterThan(5));
    const rendered = within(table).getAllByRole('row').length;
    expect(rendered).toBeLessThan(100);
    expect(table).toHaveAttribute('aria-rowcount', String(many.length + 1));
    const region = screen.getByRole('region', { name: 'Students' });
    expect(region).toHaveAttribute('tabindex', '0');

    // Scrolled to the middle: the rows in view are the students at that place, numbered for
    // assistive technology by their place in the whole list.
    region.scrollTop = 48 * 700;
    fireEvent.scroll(region);
    await waitFor(() => expect(within(table).getByRole('link', { name: /^Noa700 / })).toBeInTheDocument());
    const dataRows = within(table).getAllByRole('row').filter((row) => row.querySelector('td') && row.getAttribute('aria-rowindex'));
    expect(dataRows.length).toBeLessThan(100);
    for (const row of dataRows) {
      const place = Number(row.getAttribute('aria-rowindex')) - 2;
      expect(row.querySelector('td')).toHaveTextContent(many[place]!.firstName);
    }
  });
});
