import { screen, waitFor } from '@testing-library/react';
import { PROGRESS_PATHS, type ProgressEntry } from '../../../../contract/progress';
import { apiError } from '../../../../test/fakeApi';
import { CATAPULT, createContentApi } from '../../../../test/fixtures/content';
import { renderApp, signedInAs } from '../../../../test/renderApp';
import { selectProgressLoad } from './progressSlice';

jest.setTimeout(15_000);

const galleryRoute = `/model_building_instructions/PlayMachines1/130/${CATAPULT}`;
const saved = (extra: Partial<ProgressEntry> = {}): ProgressEntry => ({
  lessonId: CATAPULT,
  tabTitle: '',
  tabsDone: [],
  programId: 130,
  tabId: 'experiment',
  tabIndex: 1,
  tabs: 3,
  step: 2,
  steps: 4,
  finishedAt: null,
  startedAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-24T10:00:00.000Z',
  ...extra,
});

/** Catapult unlocked on the server, which has `places` saved for Mia. */
function studentApi(places: ProgressEntry[]) {
  return createContentApi({
    unlocked: [CATAPULT],
    overrides: {
      request: async (request) => {
        if (request.path === PROGRESS_PATHS.myProgress && request.method === 'GET') return places;
        throw apiError(404, 'rest_no_route');
      },
    },
  });
}

const open = (route: string, places: ProgressEntry[]) => renderApp({ route, session: signedInAs('mia', { unlockedLessonIds: [CATAPULT] }), api: studentApi(places) });

describe('resume (gallery page)', () => {
  it('opens where the student left off: a URL without a step is replaced by the saved tab and step', async () => {
    const view = open(galleryRoute, [saved()]);
    await waitFor(() => expect(view.router.state.location.search).toBe('?tab=experiment&step=2'), { timeout: 5000 });
    expect(view.router.state.location.pathname).toBe(galleryRoute);
    // Replaced, not pushed: Back leaves the gallery instead of returning to step 1.
    expect(view.router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByRole('heading', { level: 1, name: 'Catapult' })).toBeInTheDocument();
    view.unmount();
  });

  it('a step in the URL wins over the saved place', async () => {
    const view = open(`${galleryRoute}?tab=build&step=3`, [saved()]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Catapult' })).toBeInTheDocument();
    await waitFor(() => expect(selectProgressLoad(view.store.getState()).status).toBe('ready'), { timeout: 5000 });
    expect(view.router.state.location.search).toBe('?tab=build&step=3');
    view.unmount();
  });

  it('a model finished earlier opens at step 1', async () => {
    const view = open(galleryRoute, [saved({ finishedAt: '2026-11-24T10:00:00.000Z' })]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Catapult' })).toBeInTheDocument();
    await waitFor(() => expect(selectProgressLoad(view.store.getState()).status).toBe('ready'), { timeout: 5000 });
    expect(view.router.state.location.search).not.toContain('step=2');
    view.unmount();
  });
});
