import { screen, waitFor, within } from '@testing-library/react';
import { MEETINGS_PATHS } from '../../../contract/meetings';
import { apiError, networkError } from '../../../test/fakeApi';
import { fourChildren, meetingRecord, meetingsApi, renderTimetable, type MeetingsFake } from '../../../test/fixtures/meetings';

jest.setTimeout(20_000);

type User = ReturnType<typeof renderTimetable>['user'];

const withSuggested = (): MeetingsFake => ({
  meetings: [meetingRecord(1, '2026-11-27T16:00')],
  attendance: { 1: { meetingId: 1, students: fourChildren([11, 12]), modelId: null, takenAt: null, takenByName: null } },
});

const child = (name: string) => screen.getByRole('radiogroup', { name });

async function markThreePresentOneAbsent(user: User) {
  await user.click(within(await screen.findByRole('radiogroup', { name: 'Noam Friedman' })).getByRole('radio', { name: 'Present' }));
  await user.click(within(child('Mia Levi')).getByRole('radio', { name: 'Present' }));
  await user.click(within(child('Tamar Ben-David')).getByRole('radio', { name: 'Present' }));
  await user.click(within(child('Itai Mizrahi')).getByRole('radio', { name: 'Absent' }));
}

describe('A meeting: take attendance', () => {
  it('marks each child with one tap, records the model taught, saves and shows the saved counts', async () => {
    const { api, requests } = meetingsApi({ meetings: [meetingRecord(1, '2026-11-27T16:00')] });
    const { user } = renderTimetable('/timetable/meetings/1', 'dana', api);
    expect(await screen.findByRole('heading', { level: 1, name: 'Monday Builders' })).toBeInTheDocument();
    expect(screen.getByText('Fri, Nov 27, 2026, 16:00')).toBeInTheDocument();
    await markThreePresentOneAbsent(user);
    const model = screen.getByLabelText('Model taught');
    await within(model).findByRole('option', { name: 'Catapult' });
    await user.selectOptions(model, 'Catapult');
    await user.click(screen.getByRole('button', { name: 'Save attendance' }));
    expect(await screen.findByText('Saved: 3 present, 0 late, 1 absent, 0 not marked.')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PUT')).toMatchObject({
      path: MEETINGS_PATHS.attendance(1),
      body: {
        marks: [
          { studentId: 11, mark: 'present' },
          { studentId: 12, mark: 'present' },
          { studentId: 13, mark: 'present' },
          { studentId: 14, mark: 'absent' },
        ],
        modelId: 1001,
      },
    });
    // The meeting's counts are read again after the save.
    expect(await screen.findByText('3 present · 0 late · 1 absent')).toBeInTheDocument();
  });

  it('gives each child a radio group named after them that the keyboard moves through', async () => {
    const { user } = renderTimetable('/timetable/meetings/1', 'dana', meetingsApi({ meetings: [meetingRecord(1, '2026-11-27T16:00')] }).api);
    const noam = await screen.findByRole('radiogroup', { name: 'Noam Friedman' });
    const present = within(noam).getByRole('radio', { name: 'Present' });
    present.focus();
    await user.keyboard(' ');
    expect(present).toBeChecked();
    await user.tab();
    // Tab leaves the group for the next child's (the arrows move within a group: the browser's own radios).
    expect(within(child('Mia Levi')).getByRole('radio', { name: 'Present' })).toHaveFocus();
    await user.keyboard(' ');
    expect(within(child('Mia Levi')).getByRole('radio', { name: 'Present' })).toBeChecked();
    expect(present).toBeChecked();
  });

  it('hints at the suggested children and marks them all present with one button, saved only when the teacher saves', async () => {
    const { api, requests } = meetingsApi(withSuggested());
    const { user } = renderTimetable('/timetable/meetings/1', 'dana', api);
    await screen.findByRole('radiogroup', { name: 'Noam Friedman' });
    expect(screen.getAllByText('Suggested: was in the portal during the class')).toHaveLength(2);
    expect(child('Noam Friedman')).toHaveAccessibleDescription('Suggested: was in the portal during the class');
    expect(child('Tamar Ben-David')).not.toHaveAccessibleDescription();
    await user.click(screen.getByRole('button', { name: 'Mark all suggested present' }));
    expect(within(child('Noam Friedman')).getByRole('radio', { name: 'Present' })).toBeChecked();
    expect(within(child('Mia Levi')).getByRole('radio', { name: 'Present' })).toBeChecked();
    expect(within(child('Tamar Ben-David')).getByRole('radio', { name: 'Present' })).not.toBeChecked();
    expect(requests.filter((r) => r.method === 'PUT')).toEqual([]);
  });

  it('keeps the marks when the network fails, in words, and sends them again', async () => {
    const fake: MeetingsFake = { meetings: [meetingRecord(1, '2026-11-27T16:00')], refuse: { attendance: networkError() } };
    const { api } = meetingsApi(fake);
    const { user } = renderTimetable('/timetable/meetings/1', 'dana', api);
    await markThreePresentOneAbsent(user);
    await user.click(screen.getByRole('button', { name: 'Save attendance' }));
    const alert = await screen.findByText(/The attendance was not saved\..*Your marks are still here\./);
    expect(alert).not.toHaveTextContent('Failed to fetch');
    expect(within(child('Itai Mizrahi')).getByRole('radio', { name: 'Absent' })).toBeChecked();
    expect(within(child('Noam Friedman')).getByRole('radio', { name: 'Present' })).toBeChecked();
    delete fake.refuse;
    await user.click(screen.getByRole('button', { name: 'Save attendance' }));
    expect(await screen.findByText('Saved: 3 present, 0 late, 1 absent, 0 not marked.')).toBeInTheDocument();
  });

  it('says in words when attendance is not open yet, or the meeting is cancelled, never the server’s text', async () => {
    const fake: MeetingsFake = { meetings: [meetingRecord(1, '2026-11-27T16:00')], refuse: { attendance: apiError(409, 'yo_meeting_not_started', 'Attendance opens at 15:30 UTC') } };
    const { user } = renderTimetable('/timetable/meetings/1', 'dana', meetingsApi(fake).api);
    await markThreePresentOneAbsent(user);
    await user.click(screen.getByRole('button', { name: 'Save attendance' }));
    expect(await screen.findByText('Attendance opens 30 minutes before the meeting starts: come back then. Your marks are still here.')).toBeInTheDocument();
    fake.refuse = { attendance: apiError(409, 'yo_meeting_cancelled') };
    await user.click(screen.getByRole('button', { name: 'Save attendance' }));
    expect(await screen.findByText('This meeting is cancelled: put it back before taking attendance.')).toBeInTheDocument();
    fake.refuse = { attendance: { ...apiError(400, 'rest_invalid_param', 'Invalid parameter(s): modelId'), params: { modelId: 'Not a model of this program.' } } };
    await user.click(screen.getByRole('button', { name: 'Save attendance' }));
    await waitFor(() => expect(screen.getByLabelText('Model taught')).toHaveAccessibleDescription('Choose one of this program’s models.'));
    expect(screen.getByLabelText('Model taught')).toHaveFocus();
    expect(screen.queryByText(/UTC|Invalid parameter|Not a model/)).not.toBeInTheDocument();
  });

  it('asks before leaving marks not saved, and keeps them when the teacher stays', async () => {
    const { user, router } = renderTimetable('/timetable/meetings/1', 'dana', meetingsApi({ meetings: [meetingRecord(1, '2026-11-27T16:00')] }).api);
    await user.click(within(await screen.findByRole('radiogroup', { name: 'Mia Levi' })).getByRole('radio', { name: 'Late' }));
    await user.click(screen.getByRole('link', { name: 'Back to the timetable' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/timetable/meetings/1');
    expect(within(child('Mia Levi')).getByRole('radio', { name: 'Late' })).toBeChecked();
  });
});

describe('A meeting: move, cancel, note', () => {
  it('moves the meeting, or shows a refused time at the date field in words', async () => {
    const fake: MeetingsFake = { meetings: [meetingRecord(1, '2026-11-27T16:00')], refuse: { write: { ...apiError(400, 'rest_invalid_param', 'Invalid parameter(s): startsAt'), params: { startsAt: 'Before the class starts.' } } } };
    const { api, requests } = meetingsApi(fake);
    const { user } = renderTimetable('/timetable/meetings/1', 'dana', api);
    const date = await screen.findByLabelText('New date');
    expect(date).toHaveValue('2026-11-27');
    expect(screen.getByLabelText('New time')).toHaveValue('16:00');
    await user.clear(date);
    await user.type(date, '2020-01-01');
    await user.click(screen.getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(date).toHaveAccessibleDescription(/^Not possible then/));
    expect(date).toHaveFocus();
    expect(screen.queryByText(/Before the class starts|Invalid parameter/)).not.toBeInTheDocument();
    delete fake.refuse;
    await user.clear(date);
    await user.type(date, '2026-11-30');
    await user.click(screen.getByRole('button', { name: 'Move' }));
    await screen.findByText('Mon, Nov 30, 2026, 16:00');
    expect(screen.getByText('Moved')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'PUT').at(-1)).toMatchObject({ path: MEETINGS_PATHS.meeting(1), body: { startsAt: '2026-11-30T16:00' } });
  });

  it('cancels and puts back a meeting, saves a note, and words the refusal of a meeting already attended', async () => {
    const fake: MeetingsFake = { meetings: [meetingRecord(1, '2026-11-27T16:00')] };
    const { api, requests } = meetingsApi(fake);
    const { user } = renderTimetable('/timetable/meetings/1', 'dana', api);
    await user.click(await screen.findByRole('button', { name: 'Cancel meeting' }));
    expect(await screen.findByText('This meeting is cancelled.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save attendance' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Put back' }));
    await screen.findByRole('button', { name: 'Save attendance' });
    expect(requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([{ cancelled: true }, { cancelled: false }]);

    await user.type(screen.getByLabelText('A holiday, another room…'), 'Room 4 today');
    await user.click(screen.getByRole('button', { name: 'Save note' }));
    expect(await screen.findByText('Room 4 today', { selector: 'p' })).toBeInTheDocument();
    expect(requests.at(-1)?.body).toEqual({ note: 'Room 4 today' });

    fake.refuse = { write: apiError(409, 'yo_meeting_attended', 'Attendance was taken') };
    await user.click(screen.getByRole('button', { name: 'Cancel meeting' }));
    expect(await screen.findByText('Attendance was taken at this meeting: it can no longer be moved or cancelled.')).toBeInTheDocument();
    expect(screen.queryByText('Attendance was taken')).not.toBeInTheDocument();
  });
});
