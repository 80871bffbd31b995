import { screen, within } from '@testing-library/react';
import { PROGRESS_PATHS, type StudentProgressEntry } from '../../../contract/progress';
import type { ApiRequest } from '../../api/transport';
import { apiError } from '../../../test/fakeApi';
import { signedInAs } from '../../../test/renderApp';
import { renderRoster, rosterApi } from '../../../test/fixtures/roster';

jest.setTimeout(30_000);

const entry = (lessonId: number, title: string, extra: Partial<StudentProgressEntry>): StudentProgressEntry => ({
  lessonId,
  tabTitle: '',
  tabsDone: [],
  programId: 130,
  title,
  tabId: 'build',
  tabIndex: 0,
  tabs: 1,
  step: 4,
  steps: 12,
  finishedAt: null,
  startedAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-24T10:00:00.000Z',
  ...extra,
});

function api(answer: (request: ApiRequest) => Promise<unknown>) {
  return rosterApi({ request: async (request) => (request.path === PROGRESS_PATHS.studentProgress(12) ? answer(request) : Promise.reject(apiError(404, 'rest_no_route'))) });
}

const progressSection = async () => within(await screen.findByRole('region', { name: 'Progress' }));

describe("a student's page: Progress", () => {
  it('lists each model the student opened: title, state, the tab by its name and the step (or only Finished), and when they last moved', async () => {
    renderRoster({
      route: '/students/12',
      session: signedInAs('dana'),
      api: api(async () => [
        entry(1001, 'Catapult', { tabId: 'experiment', tabIndex: 1, tabs: 3 }),
        entry(1002, 'Flying Chairs', { step: 12, finishedAt: '2026-11-01T10:00:00.000Z', updatedAt: '2026-11-01T10:00:00.000Z' }),
        entry(1003, 'Turning Basket', { tabId: 'tab-2', tabTitle: 'Video', tabIndex: 2, tabs: 3, step: 1, steps: 1, updatedAt: '2026-10-30T10:00:00.000Z' }),
        entry(1004, 'Mixer', { tabId: 'tab-2', tabTitle: 'Video', tabIndex: 2, tabs: 3, step: 1, steps: 1, finishedAt: '2026-10-29T10:00:00.000Z', updatedAt: '2026-10-29T10:00:00.000Z' }),
      ]),
    });
    const section = await progressSection();
    const items = await section.findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'CatapultIn progress · Part 2 of 3, Step 4 of 12Last moved November 24, 2026',
      'Flying ChairsFinishedLast moved November 01, 2026',
      'Turning BasketIn progress · Video, Step 1 of 1Last moved October 30, 2026',
      'MixerFinishedLast moved October 29, 2026',
    ]);
  });

  it('says so when the student has opened no model, and offers a retry when the load fails', async () => {
    let fail = true;
    const { user } = renderRoster({
      route: '/students/12',
      session: signedInAs('dana'),
      api: api(async () => {
        if (fail) throw apiError(0, 'network_error');
        return [];
      }),
    });
    const section = await progressSection();
    const retry = await section.findByRole('button', { name: /try again/i });
    expect(section.queryByText('network_error')).toBeNull();
    fail = false;
    await user.click(retry);
    expect(await section.findByText('No model opened yet.')).toBeInTheDocument();
  });
});
