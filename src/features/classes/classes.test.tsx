import { screen, within } from '@testing-library/react';
import { CLASSES_PATHS } from '../../../contract/classes';
import { classesApi, classRecord, renderClasses } from '../../../test/fixtures/classes';
import { apiError, networkError } from '../../../test/fakeApi';

jest.setTimeout(20_000);

describe('Classes: the list', () => {
  it('shows each class with its program, schedule, place, next meeting and number of students', async () => {
    const { api, requests } = classesApi([
      classRecord(1, { name: 'Monday Builders', weekdays: [1, 3], students: [1, 2, 3, 4].map((id) => ({ id, displayName: `S${id}` })) }),
      classRecord(2, { name: 'Old group', place: '', nextMeeting: null, students: [{ id: 5, displayName: 'S5' }] }),
    ]);
    renderClasses('/classes', 'dana', api);
    const first = await screen.findByRole('article', { name: 'Monday Builders' });
    expect(within(first).getByText('Play Machines 1')).toBeInTheDocument();
    expect(within(first).getByText('Mon, Wed · 16:00, 60 min')).toBeInTheDocument();
    expect(within(first).getByText('Oak Street School')).toBeInTheDocument();
    // The place's wall clock as written, whatever the browser's zone.
    expect(within(first).getByText('Mon, Nov 30, 2026, 16:00')).toBeInTheDocument();
    expect(within(first).getByText('4 students')).toBeInTheDocument();
    expect(within(first).queryByText('Owner')).not.toBeInTheDocument();
    const second = screen.getByRole('article', { name: 'Old group' });
    expect(within(second).getByText('No more meetings')).toBeInTheDocument();
    expect(within(second).getByText('1 student')).toBeInTheDocument();
    expect(within(second).queryByText('Place')).not.toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Edit Monday Builders' })).toHaveAttribute('href', '/classes/1');
    expect(requests[0]).toMatchObject({ method: 'GET', path: CLASSES_PATHS.classes });
  });

  it('asks for the archived ones too when "Show archived" is switched on', async () => {
    const { api, requests } = classesApi([classRecord(1)]);
    const { user } = renderClasses('/classes', 'dana', api);
    await screen.findByRole('article', { name: 'Class 1' });
    await user.click(screen.getByRole('switch', { name: 'Show archived' }));
    await screen.findByRole('article', { name: 'Class 1' });
    expect(requests.at(-1)?.path).toBe(`${CLASSES_PATHS.classes}?archived=1`);
  });

  it('says there are no classes yet and offers a new one', async () => {
    const { api } = classesApi([]);
    renderClasses('/classes', 'dana', api);
    expect(await screen.findByText('No classes yet')).toBeInTheDocument();
    const links = screen.getAllByRole('link', { name: 'New class' });
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link).toHaveAttribute('href', '/classes/new');
  });

  it('fails calmly: no raw error text, and a way to try again', async () => {
    const { api } = classesApi([], { list: apiError(500, 'internal_server_error', 'SQLITE_BUSY: database is locked') });
    renderClasses('/classes', 'dana', api);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('the classes');
    expect(alert).not.toHaveTextContent(/SQLITE|internal_server_error/);
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('keeps the list calm offline too', async () => {
    const { api } = classesApi([], { list: networkError() });
    renderClasses('/classes', 'dana', api);
    expect(await screen.findByRole('alert')).not.toHaveTextContent('Failed to fetch');
  });

  it('shows an administrator each class’s owner, and filters by owner', async () => {
    const { api, requests } = classesApi([classRecord(1, { name: 'Monday Builders' }), classRecord(2, { name: 'Tan group', ownerId: 3, ownerName: 'Lee Wong' })], {}, 'admin');
    // The filter needs the owners, not the office's thousands of students.
    const studentsAsked = jest.spyOn(api, 'getAllStudents');
    const { user } = renderClasses('/classes', 'admin', api);
    const lees = await screen.findByRole('article', { name: 'Tan group' });
    expect(within(lees).getByText('Owner')).toBeInTheDocument();
    expect(within(lees).getByText('Lee Wong')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Monday Builders' })).getByText('Dana Cohen')).toBeInTheDocument();
    const filter = screen.getByRole('combobox', { name: 'Owner' });
    await within(filter).findByRole('option', { name: 'Lee Wong' });
    await user.selectOptions(filter, 'Lee Wong');
    await screen.findByRole('article', { name: 'Tan group' });
    expect(requests.at(-1)?.path).toBe(`${CLASSES_PATHS.classes}?owner=3`);
    expect(studentsAsked).not.toHaveBeenCalled();
  });

  it('is in the menu of an owner and of an administrator on the portal’s own backend', async () => {
    const { api } = classesApi([]);
    const { user } = renderClasses('/classes', 'dana', api);
    await screen.findByText('No classes yet');
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Classes' })).toBeInTheDocument();
  });
});
