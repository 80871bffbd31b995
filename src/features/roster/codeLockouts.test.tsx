import { screen, within } from '@testing-library/react';
import { PROGRESS_PATHS, type ProgressSummary } from '../../../contract/progress';
import { apiError } from '../../../test/fakeApi';
import { signedInAs } from '../../../test/renderApp';
import { renderRoster, rosterApi } from '../../../test/fixtures/roster';
import { formattersFor } from '../../shared/i18n/formatting';

jest.setTimeout(20_000);

const until = '2026-11-24T15:00:00.000Z';
const summary: ProgressSummary[] = [
  { studentId: 11, unlocked: 3, inProgress: 1, finished: 2, lastActiveAt: null, lockedOut: [{ lessonId: 131, lessonTitle: 'Catapult', until }] },
  { studentId: 12, unlocked: 0, inProgress: 0, finished: 0, lastActiveAt: null, lockedOut: [] },
];

const api = (answer: ProgressSummary[]) =>
  rosterApi({
    request: async (request) => {
      if (request.path === PROGRESS_PATHS.progressSummary) return answer;
      throw apiError(404, 'rest_no_route');
    },
  });

describe('students list: a student held back by too many wrong codes', () => {
  it('names the student, the model and when she may try again, and what the owner can do now', async () => {
    renderRoster({ route: '/students_list/Dana%20Cohen', session: signedInAs('dana'), api: api(summary) });
    const notice = await screen.findByTestId('code-lockouts');
    expect(within(notice).getByText('Too many wrong codes')).toBeInTheDocument();
    expect(within(notice).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      `noa Levi: Catapult, can try again at ${formattersFor('en').dateTime(new Date(until))}`,
    ]);
    expect(notice).toHaveTextContent('To open this model for them now, use "Unlock for students" on the model\'s card; or wait, and they can type its code again at the time shown.');
  });

  it('says nothing when no student is held back', async () => {
    renderRoster({ route: '/students_list/Dana%20Cohen', session: signedInAs('dana'), api: api(summary.map((s) => ({ ...s, lockedOut: [] }))) });
    await screen.findByRole('table');
    expect(screen.queryByTestId('code-lockouts')).not.toBeInTheDocument();
  });
});
