import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { signedInAs } from '../../../../test/renderApp';
import { allStudents, manyStudents, renderRoster, rosterApi, student } from '../../../../test/fixtures/roster';
import { SEARCH_URL_DELAY_MS } from './useRosterView';

/** The column of the students' (or owners') first names, whichever place it has in the table. */
const firstNames = () => {
  const table = screen.getByRole('table');
  const place = within(table)
    .getAllByRole('columnheader')
    .findIndex((th) => /^(Student )?First Name/.test(th.textContent ?? ''));
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelectorAll('td')[place]?.textContent);
};

const count = () => screen.getByRole('status');
const search = () => screen.getByRole('searchbox', { name: /^Search/ });

/** A student whose lessons are still running (every fixture student's end date has passed). */
const jose = student(3, 'José', 'Núñez', {
  id: 40,
  parentName: 'Inés Núñez',
  parentEmail: 'ines@parents.test',
  phone: '+65 8123 4567',
  program: 'Robotics 10',
  startDate: '2026-01-10',
  endDate: '2099-12-31',
});
const withJose = () => rosterApi({ getAllStudents: async () => [...allStudents, jose] });

describe('Finding students on the students list', () => {
  it('finds by name, parent, e-mail or phone, ignoring accents and case, and counts what it shows', async () => {
    const { user, router } = renderRoster({ route: '/students_list/Dana%20Cohen', session: signedInAs('dana'), api: rosterApi() });
    await screen.findByRole('table');
    expect(count()).toHaveTextContent('3 students');
    expect(count()).toHaveAttribute('aria-live', 'polite');

    await user.type(search(), 'ETIENNE');
    await waitFor(() => expect(firstNames()).toEqual(['Étienne']));
    expect(count()).toHaveTextContent('1 of 3 students');

    await user.clear(search());
    await user.type(search(), 'ruth');
    await waitFor(() => expect(firstNames()).toEqual(['noa']));
    await user.clear(search());
    await user.type(search(), 'amir.katz@');
    await waitFor(() => expect(firstNames()).toEqual(['Amir']));
    // Each word must appear somewhere in the row: first and last name together.
    await user.clear(search());
    await user.type(search(), 'etienne ben david');
    await waitFor(() => expect(firstNames()).toEqual(['Étienne']));
    // The URL takes the text after a short pause, so a reload shows the same rows.
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('q')).toBe('etienne ben david'), { timeout: SEARCH_URL_DELAY_MS * 5 });
  });

  it('says calmly when nothing matches, and Clear filters shows every student again', async () => {
    const { user, router } = renderRoster({ route: '/students_list/Lee?owner=3&q=zzz&sort=firstName', session: signedInAs('admin'), api: rosterApi() });
    expect(await screen.findByText('No student matches this search and these filters.')).toBeInTheDocument();
    expect(count()).toHaveTextContent('0 of 2 students');
    expect(screen.getByRole('button', { name: 'Export to Excel' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(firstNames()).toEqual(['Mei', 'Wei']));
    expect(count()).toHaveTextContent('2 students');
    expect(search()).toHaveValue('');
    // Whose list it is and the sort stay.
    expect(router.state.location.search).toBe('?owner=3&sort=firstName');
  });

  it('formats the count with thousands separators', async () => {
    const many = manyStudents(1204, 2);
    const { user } = renderRoster({ route: '/students_list/Dana%20Cohen', session: signedInAs('dana'), api: rosterApi({ getAllStudents: async () => many }) });
    await screen.findByRole('table');
    expect(count()).toHaveTextContent('1,204 students');
    await user.type(search(), 'a');
    const matching = many.filter((s) => [s.firstName, s.lastName, s.parentName, s.parentEmail].join(' ').toLowerCase().includes('a')).length;
    expect(matching).toBeGreaterThan(1000);
    await waitFor(() => expect(count()).toHaveTextContent(`${matching.toLocaleString('en-US')} of 1,204 students`));
  });

  it('links each name to the student’s page', async () => {
    renderRoster({ route: '/students_list/Dana%20Cohen', session: signedInAs('dana'), api: rosterApi() });
    await screen.findByRole('table');
    expect(screen.getByRole('link', { name: 'noa Levi' })).toHaveAttribute('href', '/students/11');
  });
});

describe('Filters on the All Students List', () => {
  const render = (query: string) => renderRoster({ route: `/admin/all_students_list${query}`, session: signedInAs('admin'), api: withJose() });

  it('filters by program, owner and country from the URL, and a changed filter goes to the URL', async () => {
    const { user, router } = render('?program=Robotics%2010');
    await screen.findByRole('table');
    expect(firstNames()).toEqual(['Wei', 'José']);
    expect(count()).toHaveTextContent('2 of 7 students');
    expect(screen.getByRole('combobox', { name: 'Program' })).toHaveValue('Robotics 10');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Franchise owner' }), 'Maria Garcia');
    await waitFor(() => expect(screen.getByText('No student matches this search and these filters.')).toBeInTheDocument());
    expect(new URLSearchParams(router.state.location.search).get('owner')).toBe('4');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Program' }), '');
    await waitFor(() => expect(firstNames()).toEqual(['Sofia']));
    expect(router.state.location.search).toBe('?owner=4');

    await act(() => router.navigate('/admin/all_students_list?country=Singapore'));
    await waitFor(() => expect(firstNames()).toEqual(['Wei', 'Mei', 'José']));
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveValue('Singapore');
  });

  it('filters active and ended students by their end date against today', async () => {
    const { user } = render('?status=active');
    await screen.findByRole('table');
    expect(firstNames()).toEqual(['José']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'ended');
    await waitFor(() => expect(firstNames()).toEqual(['noa', 'Amir', 'Étienne', 'Wei', 'Mei', 'Sofia']));
  });

  it('filters by a start-date range, both ends included', async () => {
    const { router } = render('?from=2024-12-31&to=2025-01-05');
    await screen.findByRole('table');
    expect(firstNames()).toEqual(['Étienne', 'Sofia']);
    expect(screen.getByLabelText('Started from')).toHaveValue('2024-12-31');
    fireEvent.change(screen.getByLabelText('Started until'), { target: { value: '' } });
    await waitFor(() => expect(firstNames()).toEqual(['Étienne', 'Sofia', 'José']));
    expect(router.state.location.search).toBe('?from=2024-12-31');
  });

  it('keeps the search, filters and sort through a reload (the URL round trip)', async () => {
    const first = render('');
    const { user, router } = first;
    await screen.findByRole('table');
    await user.type(search(), 'nunez');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'active');
    await user.click(within(screen.getByRole('columnheader', { name: /^Student First Name/ })).getByRole('button'));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('q')).toBe('nunez'), { timeout: SEARCH_URL_DELAY_MS * 5 });
    const url = `${router.state.location.pathname}${router.state.location.search}`;
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ q: 'nunez', status: 'active', sort: 'firstName' });
    first.unmount();

    render(url.replace('/admin/all_students_list', ''));
    await screen.findByRole('table');
    expect(firstNames()).toEqual(['José']);
    expect(search()).toHaveValue('nunez');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('active');
    expect(screen.getByRole('columnheader', { name: /^Student First Name/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(count()).toHaveTextContent('1 of 7 students');
  });
});

describe('Finding franchise owners', () => {
  it('searches names, e-mail, country and state without accents, and filters by country', async () => {
    const { user } = renderRoster({ route: '/admin/Franchise_Owners_List', session: signedInAs('admin'), api: rosterApi() });
    await screen.findByRole('table');
    expect(count()).toHaveTextContent('4 franchise owners');
    await user.type(search(), 'zoe aberg');
    await waitFor(() => expect(firstNames()).toEqual(['zoë']));
    expect(count()).toHaveTextContent('1 of 4 franchise owners');
    await user.clear(search());
    await user.type(search(), 'texas');
    await waitFor(() => expect(firstNames()).toEqual(['Maria']));
    await user.clear(search());
    await user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'Singapore');
    await waitFor(() => expect(firstNames()).toEqual(['Lee']));
  });
});
