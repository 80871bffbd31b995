import { screen, waitFor, within } from '@testing-library/react';
import { MEETINGS_PATHS } from '../../../contract/meetings';
import { apiError, createFakeApi, networkError } from '../../../test/fakeApi';
import { meetingsApi, renderTimetable } from '../../../test/fixtures/meetings';

jest.setTimeout(20_000);

const feedCalls = (requests: { method: string; path: string }[]) => requests.filter((r) => r.path === MEETINGS_PATHS.calendarFeed).map((r) => r.method);

describe('Timetable: the calendar subscription', () => {
  it('makes a secret address, shows it once with Copy, makes a new one and turns it off', async () => {
    const { api, requests } = meetingsApi({ meetings: [] });
    const { user } = renderTimetable('/timetable?week=2026-11-23', 'dana', api);
    const panel = await screen.findByRole('region', { name: 'Calendar subscription' });
    await user.click(await within(panel).findByRole('button', { name: 'Subscribe in your calendar' }));
    const address = await within(panel).findByLabelText('Your calendar address');
    expect(address).toHaveValue('https://portal.test/wp-json/yo/v1/calendar/s3cr3t.ics');
    expect(address).toHaveAccessibleDescription(/^Keep this address secret/);
    await user.click(within(panel).getByRole('button', { name: 'Copy' }));
    expect(await within(panel).findByText('Copied.')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe('https://portal.test/wp-json/yo/v1/calendar/s3cr3t.ics');

    await user.click(within(panel).getByRole('button', { name: 'Make a new address (the old one stops working)' }));
    await waitFor(() => expect(feedCalls(requests)).toEqual(['GET', 'POST', 'POST']));
    await user.click(within(panel).getByRole('button', { name: 'Turn off' }));
    await within(panel).findByRole('button', { name: 'Subscribe in your calendar' });
    expect(within(panel).queryByLabelText('Your calendar address')).not.toBeInTheDocument();
    expect(feedCalls(requests)).toEqual(['GET', 'POST', 'POST', 'DELETE']);
  });

  it('says an active subscription is on without showing any address again, and words a failure', async () => {
    const fake = { meetings: [], feed: { active: true, createdAt: '2026-11-01T10:00:00.000Z' }, refuse: { write: networkError() } };
    const { user } = renderTimetable('/timetable?week=2026-11-23', 'dana', meetingsApi(fake).api);
    const panel = await screen.findByRole('region', { name: 'Calendar subscription' });
    expect(await within(panel).findByText('Your calendar subscription is on.')).toBeInTheDocument();
    expect(within(panel).queryByRole('textbox')).not.toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Turn off' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent(/^That did not go through\./);
    expect(within(panel).queryByText(/Failed to fetch/)).not.toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Turn off' })).toBeInTheDocument();
  });

  it('is left out where the backend has no calendar feed', async () => {
    const { api } = meetingsApi({ meetings: [] });
    const request = api.request;
    const withoutFeed = createFakeApi({ request: (call) => (call.path === MEETINGS_PATHS.calendarFeed ? Promise.reject(apiError(404, 'rest_no_route')) : request(call)) });
    renderTimetable('/timetable?week=2026-11-23', 'dana', withoutFeed);
    await screen.findByText('No meetings this week');
    await waitFor(() => expect(withoutFeed.calls.some((c) => c.method === 'request' && (c.args[0] as { path: string }).path === MEETINGS_PATHS.calendarFeed)).toBe(true));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Calendar subscription' })).not.toBeInTheDocument());
  });
});
