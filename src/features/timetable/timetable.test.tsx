import { act, screen, waitFor, within } from '@testing-library/react';
import { MEETINGS_PATHS } from '../../../contract/meetings';
import { apiError, networkError } from '../../../test/fakeApi';
import type { ApiError } from '../../api/types';
import { meetingRecord, meetingsApi, renderTimetable } from '../../../test/fixtures/meetings';
import { addDays, localToday, mondayOf, weekDays } from './weeks';

jest.setTimeout(20_000);

const today = localToday();
const meetingsAsked = (requests: { method: string; path: string }[]) => requests.filter((r) => r.method === 'GET' && r.path.startsWith(`${MEETINGS_PATHS.meetings}?`)).map((r) => r.path);

describe('Timetable: the week', () => {
  it('shows today’s meetings first with Take attendance, then the week Monday to Sunday with each meeting’s state and counts', async () => {
    const monday = mondayOf(today);
    const [other, second, third, fourth] = weekDays(monday).filter((day) => day !== today) as [string, string, string, string];
    const { api, requests } = meetingsApi({
      meetings: [
        meetingRecord(1, `${today}T16:00`),
        meetingRecord(2, `${other}T09:30`, { className: 'Art of Gears', place: '', studentCount: 1, attendance: { present: 3, late: 1, absent: 2, unmarked: 0 } }),
        meetingRecord(3, `${second}T10:00`, { className: 'Sunday Club', status: 'cancelled', note: 'Holiday' }),
        meetingRecord(4, `${third}T11:00`, { className: 'Moved One', moved: true }),
        meetingRecord(5, `${fourth}T12:00`, { className: 'Extra One', kind: 'extra', scheduledDate: null }),
      ],
    });
    renderTimetable('/timetable', 'dana', api);
    const todays = await screen.findByRole('list', { name: /^Today/ });
    const card = within(todays).getByRole('article', { name: /Monday Builders/ });
    expect(within(card).getByText('16:00')).toBeInTheDocument();
    expect(within(card).getByText('Oak Street School')).toBeInTheDocument();
    expect(within(card).getByText('4 children')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Take attendance: Monday Builders at 16:00' })).toHaveAttribute('href', '/timetable/meetings/1');
    // Today comes before the week in the page.
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent ?? '');
    expect(headings[0]).toMatch(/^Today/);
    expect(headings[1]).toMatch(/^Week/);

    const art = screen.getByRole('article', { name: /Art of Gears/ });
    expect(within(art).getByText('1 child')).toBeInTheDocument();
    expect(within(art).getByText('3 present · 1 late · 2 absent')).toBeInTheDocument();
    expect(within(art).queryByRole('link', { name: /Take attendance/ })).not.toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: /Sunday Club/ })).getByText('Cancelled')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: /Sunday Club/ })).getByText('Holiday')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: /Moved One/ })).getByText('Moved')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: /Extra One/ })).getByText('Extra meeting')).toBeInTheDocument();
    expect(meetingsAsked(requests)).toEqual([`${MEETINGS_PATHS.meetings}?from=${monday}&to=${addDays(monday, 6)}`]);
  });

  it('keeps the week in the address: previous, next and this week, a reload and Back', async () => {
    const { api, requests } = meetingsApi({ meetings: [meetingRecord(9, '2026-11-18T16:00', { className: 'Week Before' })] });
    const { user, router } = renderTimetable('/timetable?week=2026-11-25', 'dana', api);
    // Any day of a week opens that week, from its Monday.
    await screen.findByText('No meetings this week');
    expect(meetingsAsked(requests)).toContain(`${MEETINGS_PATHS.meetings}?from=2026-11-23&to=2026-11-29`);
    await user.click(screen.getByRole('link', { name: 'Previous week' }));
    await screen.findByRole('article', { name: /Week Before/ });
    expect(router.state.location.search).toBe('?week=2026-11-16');
    await user.click(screen.getByRole('link', { name: 'Next week' }));
    await screen.findByText('No meetings this week');
    expect(router.state.location.search).toBe('?week=2026-11-23');
    await act(() => router.navigate(-1));
    await screen.findByRole('article', { name: /Week Before/ });
    await user.click(screen.getByRole('link', { name: 'This week' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?week=${mondayOf(today)}`));
  });

  it('says when there are no meetings, and offers to try again when they could not be read', async () => {
    const failing = meetingsApi({ meetings: [], refuse: { list: networkError() } });
    const { user } = renderTimetable('/timetable?week=2026-11-23', 'dana', failing.api);
    const retry = await screen.findByRole('button', { name: /Try again/ });
    expect(screen.queryByText(/Failed to fetch/)).not.toBeInTheDocument();
    failing.requests.length = 0;
    await user.click(retry);
    await waitFor(() => expect(meetingsAsked(failing.requests)).toHaveLength(1));
  });

  it('shows an empty week and an empty today in words', async () => {
    renderTimetable('/timetable', 'dana', meetingsApi({ meetings: [] }).api);
    expect(await screen.findByText('No meetings this week')).toBeInTheDocument();
    expect(screen.getByText('No meetings today.')).toBeInTheDocument();
  });

  it('lets an administrator see every owner’s week or one owner’s, kept in the address, without the calendar panel', async () => {
    const { api, requests } = meetingsApi({ meetings: [meetingRecord(1, '2026-11-24T16:00', { ownerName: 'Lee Wong', ownerId: 3, className: 'Tan group' })] }, 'admin');
    const { user, router } = renderTimetable('/timetable?week=2026-11-23', 'admin', api);
    const card = await screen.findByRole('article', { name: /Tan group/ });
    expect(within(card).getByText('Lee Wong')).toBeInTheDocument();
    const filter = screen.getByRole('combobox', { name: 'Owner' });
    await within(filter).findByRole('option', { name: 'Lee Wong' });
    await user.selectOptions(filter, 'Lee Wong');
    await waitFor(() => expect(meetingsAsked(requests).at(-1)).toBe(`${MEETINGS_PATHS.meetings}?from=2026-11-23&to=2026-11-29&owner=3`));
    expect(router.state.location.search).toBe('?week=2026-11-23&owner=3');
    expect(screen.queryByRole('heading', { name: 'Calendar subscription' })).not.toBeInTheDocument();
  });
});

describe('Timetable: add a meeting', () => {
  it('adds an extra meeting to a chosen class and shows its week', async () => {
    const { api, requests } = meetingsApi({ meetings: [] });
    const { user, router } = renderTimetable('/timetable?week=2026-11-23', 'dana', api);
    await screen.findByText('No meetings this week');
    await user.click(screen.getByRole('button', { name: 'Add a meeting' }));
    const form = screen.getByRole('form', { name: 'Add a meeting' });
    await user.click(within(form).getByRole('button', { name: 'Add meeting' }));
    expect(within(form).getByLabelText('Class')).toHaveAccessibleDescription('Choose a class.');
    expect(within(form).getByLabelText('Class')).toHaveFocus();
    await user.selectOptions(await within(form).findByLabelText('Class'), 'Art of Gears');
    await user.type(within(form).getByLabelText('Date'), '2026-12-02');
    await user.type(within(form).getByLabelText('Time'), '17:30');
    await user.click(within(form).getByRole('button', { name: 'Add meeting' }));
    await screen.findByRole('article', { name: /Monday Builders/ });
    expect(requests.find((r) => r.method === 'POST')).toMatchObject({ path: MEETINGS_PATHS.classMeetings(8), body: { startsAt: '2026-12-02T17:30' } });
    expect(router.state.location.search).toBe('?week=2026-11-30');
    expect(screen.getByText('The meeting was added.')).toBeInTheDocument();
  });

  it('shows a refused time at the date field in words, and keeps what was typed when the network fails', async () => {
    const refused: ApiError = { ...apiError(400, 'rest_invalid_param', 'Invalid parameter(s): startsAt'), params: { startsAt: 'Outside the class dates.' } };
    const fake = { meetings: [], refuse: { write: refused } };
    const { api } = meetingsApi(fake);
    const { user } = renderTimetable('/timetable?week=2026-11-23', 'dana', api);
    await user.click(await screen.findByRole('button', { name: 'Add a meeting' }));
    const form = screen.getByRole('form', { name: 'Add a meeting' });
    await user.selectOptions(await within(form).findByLabelText('Class'), 'Art of Gears');
    await user.type(within(form).getByLabelText('Date'), '2030-12-02');
    await user.type(within(form).getByLabelText('Time'), '17:30');
    await user.click(within(form).getByRole('button', { name: 'Add meeting' }));
    const date = within(form).getByLabelText('Date');
    await waitFor(() => expect(date).toHaveAccessibleDescription(/^Not possible then: it must be between the class’s first and last days/));
    expect(date).toHaveFocus();
    expect(screen.queryByText(/Outside the class dates|Invalid parameter/)).not.toBeInTheDocument();

    fake.refuse.write = networkError();
    await user.click(within(form).getByRole('button', { name: 'Add meeting' }));
    expect(await within(form).findByText(/The meeting was not added\..*What you typed is still here\./)).toBeInTheDocument();
    expect(date).toHaveValue('2030-12-02');
    expect(within(form).getByLabelText('Time')).toHaveValue('17:30');
    expect(within(form).getByLabelText('Class')).toHaveValue('8');
  });
});
