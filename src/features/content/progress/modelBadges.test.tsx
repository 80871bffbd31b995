import { screen, waitFor, within } from '@testing-library/react';
import { PROGRESS_PATHS, type ProgressEntry } from '../../../../contract/progress';
import { apiError } from '../../../../test/fakeApi';
import { CATAPULT, FLYING_CHAIRS, createContentApi } from '../../../../test/fixtures/content';
import { renderApp, signedInAs } from '../../../../test/renderApp';

jest.setTimeout(15_000);

const TURNING_BASKET = 1003;
const place = (lessonId: number, extra: Partial<ProgressEntry>): ProgressEntry => ({
  lessonId,
  tabTitle: '',
  tabsDone: [],
  programId: 130,
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

function api(viewer: 'student' | 'owner') {
  return createContentApi({
    viewer,
    unlocked: [CATAPULT, FLYING_CHAIRS, TURNING_BASKET],
    overrides: {
      request: async (request) => {
        if (request.path === PROGRESS_PATHS.myProgress && request.method === 'GET')
          return [place(CATAPULT, { tabId: 'experiment', tabIndex: 1, tabs: 3 }), place(FLYING_CHAIRS, { step: 12, finishedAt: '2026-11-24T10:00:00.000Z' })];
        throw apiError(404, 'rest_no_route');
      },
    },
  });
}

describe('select model: where the student is in each model', () => {
  it('marks open models New, In progress (part and step) or Finished, in words', async () => {
    renderApp({ route: '/select-model/PlayMachines1/130', session: signedInAs('mia'), api: api('student') });
    const catapult = await screen.findByTestId(`model-card-${CATAPULT}`);
    expect(await within(catapult).findByText('In progress · Part 2 · Step 4 of 12', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(within(screen.getByTestId(`model-card-${FLYING_CHAIRS}`)).getByText('Finished')).toBeInTheDocument();
    expect(within(screen.getByTestId(`model-card-${TURNING_BASKET}`)).getByText('New')).toBeInTheDocument();
  });

  it('opening Build step 1 and then the Video tab is not Finished: every tab must be gone through to its end', async () => {
    const view = renderApp({
      route: `/model_building_instructions/PlayMachines1/130/${CATAPULT}?tab=tab-0&step=1`,
      session: signedInAs('mia', { unlockedLessonIds: [CATAPULT] }),
      api: createContentApi({ unlocked: [CATAPULT], overrides: { request: async (request) => (request.method === 'GET' ? [] : Promise.reject(apiError(0, 'network_error'))) } }),
    });
    await view.user.click(await screen.findByRole('tab', { name: 'Video' }));
    await waitFor(() => expect(view.router.state.location.search).toContain('tab=tab-2'));
    await view.router.navigate('/select-model/PlayMachines1/130');
    const catapult = await screen.findByTestId(`model-card-${CATAPULT}`);
    expect(await within(catapult).findByText('In progress · Part 3 · Step 1 of 1', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(within(catapult).queryByText('Finished')).toBeNull();
  });

  it('an owner sees no marks (owners are not tracked)', async () => {
    const view = renderApp({ route: '/select-model/PlayMachines1/130', session: signedInAs('dana'), api: api('owner') });
    await screen.findByTestId(`model-card-${CATAPULT}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByText(/^New$|In progress|Finished/)).toBeNull();
    expect(view.api.calls.filter((c) => c.method === 'request' && (c.args[0] as { path: string }).path === PROGRESS_PATHS.myProgress)).toEqual([]);
  });
});
