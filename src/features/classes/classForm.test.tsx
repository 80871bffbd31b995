import { screen, waitFor, within } from '@testing-library/react';
import { CLASSES_PATHS, type ClassInput } from '../../../contract/classes';
import { classesApi, classRecord, renderClasses } from '../../../test/fixtures/classes';
import { apiError, networkError } from '../../../test/fakeApi';
import type { ApiError } from '../../api/types';

jest.setTimeout(20_000);

type User = ReturnType<typeof renderClasses>['user'];

async function fillNewClass(user: User) {
  await user.type(await screen.findByLabelText('Name'), 'Monday Builders');
  await user.selectOptions(screen.getByLabelText('Program'), 'Play Machines 1');
  await user.type(screen.getByLabelText('Place'), 'Oak Street School');
  await user.click(screen.getByRole('checkbox', { name: 'Monday' }));
  await user.clear(screen.getByLabelText('Start date'));
  await user.type(screen.getByLabelText('Start date'), '2026-12-01');
  await user.type(screen.getByLabelText('End date'), '2027-06-30');
  await user.clear(screen.getByLabelText('Time zone'));
  await user.type(screen.getByLabelText('Time zone'), 'Asia/Jerusalem');
  await user.type(screen.getByLabelText('Find a student'), 'a');
  await user.click(screen.getByRole('checkbox', { name: 'Amir Katz' }));
  await user.clear(screen.getByLabelText('Find a student'));
  await user.click(screen.getByRole('checkbox', { name: 'noa Levi' }));
}

const refused = (params: Record<string, string>): ApiError => ({ ...apiError(400, 'rest_invalid_param', 'Invalid parameter(s): name'), params });

describe('Classes: the form', () => {
  it('creates a class with what was typed, the browser’s time zone as the default, and goes back to the list', async () => {
    const { api, requests } = classesApi([]);
    const { user, router } = renderClasses('/classes/new', 'dana', api);
    expect(await screen.findByLabelText('Time zone')).toHaveValue(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(screen.getByLabelText('Time zone')).toHaveAccessibleDescription('Times are the place’s own clock in this zone.');
    await fillNewClass(user);
    expect(screen.getByText('2 of 60 chosen')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create class' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/classes'));
    const sent = requests.find((r) => r.method === 'POST');
    expect(sent).toMatchObject({ path: CLASSES_PATHS.classes });
    expect(sent?.body).toEqual({
      name: 'Monday Builders',
      programId: 130,
      place: 'Oak Street School',
      weekdays: [1],
      startTime: '16:00',
      lengthMinutes: 60,
      startDate: '2026-12-01',
      endDate: '2027-06-30',
      timeZone: 'Asia/Jerusalem',
      studentIds: [12, 11],
    } satisfies ClassInput);
  });

  it('checks the limits before sending, says so at each field and focuses the first', async () => {
    const { api, requests } = classesApi([]);
    const { user } = renderClasses('/classes/new', 'dana', api);
    await user.type(await screen.findByLabelText('Name'), 'x'.repeat(81));
    await user.clear(screen.getByLabelText('Length (minutes)'));
    await user.type(screen.getByLabelText('Length (minutes)'), '500');
    await user.type(screen.getByLabelText('End date'), '2020-01-01');
    await user.clear(screen.getByLabelText('Time zone'));
    await user.type(screen.getByLabelText('Time zone'), 'Mars/Olympus');
    await user.click(screen.getByRole('button', { name: 'Create class' }));
    const name = screen.getByLabelText('Name');
    expect(name).toHaveFocus();
    expect(name).toHaveAccessibleDescription('At most 80 characters.');
    expect(screen.getByLabelText('Program')).toHaveAccessibleDescription('Choose a program.');
    expect(screen.getByRole('group', { name: 'Weekdays' })).toHaveAccessibleDescription('Choose at least one weekday.');
    expect(screen.getByLabelText('Length (minutes)')).toHaveAccessibleDescription('A whole number of minutes from 15 to 240.');
    expect(screen.getByLabelText('End date')).toHaveAccessibleDescription('The last day cannot be before the first.');
    expect(screen.getByLabelText('Time zone')).toHaveAccessibleDescription(/Not a known time zone/);
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('shows the server’s field refusals at their fields and keeps everything typed', async () => {
    const { api } = classesApi([], { write: refused({ name: 'An active class already has this name.', place: 'Too long.' }) });
    const { user } = renderClasses('/classes/new', 'dana', api);
    await fillNewClass(user);
    await user.click(screen.getByRole('button', { name: 'Create class' }));
    const name = screen.getByLabelText('Name');
    await waitFor(() => expect(name).toHaveAccessibleDescription('This owner already has an active class with this name: choose another.'));
    await waitFor(() => expect(name).toHaveFocus());
    expect(screen.getByLabelText('Place')).toHaveAccessibleDescription('The server did not accept this: check it.');
    expect(screen.getByText('Some fields need a change: see the messages beside them.')).toBeInTheDocument();
    expect(name).toHaveValue('Monday Builders');
    expect(screen.queryByText(/Invalid parameter/)).not.toBeInTheDocument();
  });

  it('keeps everything typed when the network fails, and sends it again', async () => {
    const failing = classesApi([], { write: networkError() });
    const { user } = renderClasses('/classes/new', 'dana', failing.api);
    await fillNewClass(user);
    await user.click(screen.getByRole('button', { name: 'Create class' }));
    const alert = await screen.findByText(/The class was not saved\..*What you typed is still here\./);
    expect(alert).not.toHaveTextContent('Failed to fetch');
    expect(screen.getByLabelText('Name')).toHaveValue('Monday Builders');
    expect(screen.getByLabelText('Place')).toHaveValue('Oak Street School');
    expect(screen.getByRole('checkbox', { name: 'Monday' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Amir Katz' })).toBeChecked();
    expect(screen.getByLabelText('End date')).toHaveValue('2027-06-30');
  });

  it('edits a class as it is, then archives and restores it', async () => {
    const { api, requests } = classesApi([classRecord(7, { name: 'Monday Builders', weekdays: [1, 4] })]);
    const { user, router } = renderClasses('/classes/7', 'dana', api);
    const name = await screen.findByLabelText('Name');
    expect(name).toHaveValue('Monday Builders');
    expect(screen.getByRole('checkbox', { name: 'Thursday' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'noa Levi' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Étienne Ben David' })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Archive class' }));
    expect(await screen.findByText('This class is archived: it has no meetings and is not in the list.')).toBeInTheDocument();
    expect(requests.at(-1)).toMatchObject({ method: 'POST', path: CLASSES_PATHS.classArchive(7), body: { archived: true } });
    await user.click(screen.getByRole('button', { name: 'Restore class' }));
    await screen.findByRole('button', { name: 'Archive class' });
    expect(requests.at(-1)).toMatchObject({ body: { archived: false } });
    await user.clear(name);
    await user.type(name, 'Monday Makers');
    await user.click(screen.getByRole('button', { name: 'Save class' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/classes'));
    const put = requests.find((r) => r.method === 'PUT');
    expect(put).toMatchObject({ path: CLASSES_PATHS.class(7), body: { name: 'Monday Makers', weekdays: [1, 4], studentIds: [11, 12] } });
    expect(put?.body).not.toHaveProperty('ownerId');
  });

  it('asks before leaving what was typed, and lets the user stay with it', async () => {
    const { api } = classesApi([]);
    const { user, router } = renderClasses('/classes/new', 'dana', api);
    await user.type(await screen.findByLabelText('Name'), 'Monday Builders');
    await user.click(screen.getByRole('link', { name: 'Back to classes' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/classes/new');
    expect(screen.getByLabelText('Name')).toHaveValue('Monday Builders');
  });

  it('has an administrator pick the owner first, then offers that owner’s students only', async () => {
    const { api, requests } = classesApi([], {}, 'admin');
    const { user } = renderClasses('/classes/new', 'admin', api);
    const students = await screen.findByRole('group', { name: 'Students' });
    expect(within(students).getByText('Choose the owner first.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create class' }));
    expect(screen.getByLabelText('Owner')).toHaveFocus();
    await user.selectOptions(screen.getByLabelText('Owner'), 'Lee Wong');
    expect(within(students).getByRole('checkbox', { name: 'Wei Tan' })).toBeInTheDocument();
    expect(within(students).queryByRole('checkbox', { name: 'noa Levi' })).not.toBeInTheDocument();
    await fillLee(user);
    await user.click(screen.getByRole('button', { name: 'Create class' }));
    await waitFor(() => expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({ ownerId: 3, studentIds: [21] }));
  });
});

async function fillLee(user: User) {
  await user.type(screen.getByLabelText('Name'), 'Tan group');
  await user.selectOptions(screen.getByLabelText('Program'), 'Play Machines 1');
  await user.click(screen.getByRole('checkbox', { name: 'Friday' }));
  await user.type(screen.getByLabelText('End date'), '2027-06-30');
  await user.click(screen.getByRole('checkbox', { name: 'Wei Tan' }));
}
