import { screen, waitFor, within } from '@testing-library/react';
import { LESSONS_PATHS } from '../../../contract/lessons';
import { apiError } from '../../../test/fakeApi';
import { renderRenewals, renewalDue, renewalsApi } from '../../../test/fixtures/renewals';

jest.setTimeout(20_000);

const refused = (params: Record<string, string>) => ({ ...apiError(400, 'rest_invalid_param', 'Invalid parameter(s)'), params });

describe('Lesson settings (administrators)', () => {
  it('saves the settings, then lists by the new thresholds', async () => {
    const { api, requests } = renewalsApi({ due: [renewalDue(11)] });
    const { user } = renderRenewals('/renewals', 'admin', api);
    const form = await screen.findByRole('form', { name: 'Lesson settings' });
    const lessons = within(form).getByLabelText('List a student with this many lessons left or fewer');
    expect(lessons).toHaveValue(2);
    expect(within(form).getByLabelText('List a student this many days before the end date')).toHaveValue(14);
    await user.click(within(form).getByRole('checkbox', { name: /Count held lessons/ }));
    await user.clear(lessons);
    await user.type(lessons, '3');
    const listsBefore = requests.filter((r) => r.path === LESSONS_PATHS.renewalsDue).length;
    await user.click(within(form).getByRole('button', { name: 'Save settings' }));
    expect(await within(form).findByText('Saved. The list follows the new settings.')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PUT')).toMatchObject({ path: LESSONS_PATHS.lessonSettings, body: { countHeldLessons: true, renewalLessonsLeft: 3, renewalDaysBeforeEnd: 14 } });
    await waitFor(() => expect(requests.filter((r) => r.path === LESSONS_PATHS.renewalsDue).length).toBe(listsBefore + 1));
    expect(await screen.findByText('Students with 3 or fewer lessons left, or whose lessons end within 14 days.')).toBeInTheDocument();
  });

  it('checks the numbers before sending: a refused one is said at its field, and nothing is sent', async () => {
    const { api, requests } = renewalsApi();
    const { user } = renderRenewals('/renewals', 'admin', api);
    const form = await screen.findByRole('form', { name: 'Lesson settings' });
    const days = within(form).getByLabelText('List a student this many days before the end date');
    await user.clear(days);
    await user.type(days, '365');
    await user.click(within(form).getByRole('button', { name: 'Save settings' }));
    expect(days).toHaveAccessibleDescription('A whole number from 0 to 120.');
    expect(days).toHaveFocus();
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
  });

  it("shows the server's refusal at its field, in words", async () => {
    const { api } = renewalsApi({ refuse: { settings: refused({ renewalLessonsLeft: 'renewalLessonsLeft must be at most 50' }) } });
    const { user } = renderRenewals('/renewals', 'admin', api);
    const form = await screen.findByRole('form', { name: 'Lesson settings' });
    await user.click(within(form).getByRole('button', { name: 'Save settings' }));
    const lessons = within(form).getByLabelText('List a student with this many lessons left or fewer');
    await waitFor(() => expect(lessons).toHaveAccessibleDescription('A whole number from 0 to 50.'));
    expect(within(form).getByText('Some fields need a change: see the messages beside them.')).toBeInTheDocument();
    expect(form).not.toHaveTextContent('must be at most');
  });
});
