import { act, screen, waitFor } from '@testing-library/react';
import { CLASS_NOW_PATHS } from '../../../../contract/classNow';
import { PROGRESS_PATHS } from '../../../../contract/progress';
import { apiError } from '../../../../test/fakeApi';
import { CATAPULT, createContentApi } from '../../../../test/fixtures/content';
import { studioConfig } from '../../../../test/fixtures/studio';
import { renderApp, signedInAs } from '../../../../test/renderApp';
import type { ApiRequest } from '../../../api/transport';
import { contentActions, type StepViewed } from '../contentSlice';

jest.setTimeout(20_000);

const route = `/model_building_instructions/PlayMachines1/130/${CATAPULT}`;
const step = (n: number): StepViewed => ({ programId: 130, lessonId: CATAPULT, tabId: 'build', tabTitle: 'Build', tabIndex: 0, tabs: 3, step: n, steps: 3 });

function studentGallery(answer: (request: ApiRequest) => Promise<unknown> = async () => ({})) {
  const requests: ApiRequest[] = [];
  const api = createContentApi({
    unlocked: [CATAPULT],
    overrides: {
      request: async (request) => {
        if (request.path !== CLASS_NOW_PATHS.myStuck && request.path !== PROGRESS_PATHS.myProgress) return Promise.reject(apiError(404, 'rest_no_route', 'No route'));
        requests.push(request);
        return answer(request);
      },
    },
  });
  const view = renderApp({ route, session: signedInAs('mia', { unlockedLessonIds: [CATAPULT] }), api, config: studioConfig });
  return { ...view, requests };
}

describe("I'm stuck (a student in the gallery)", () => {
  it('tells the teacher about the step on screen, says so until the student moves on', async () => {
    const { user, requests } = studentGallery();
    await screen.findByRole('tablist', { name: 'Catapult parts' });
    await user.click(screen.getByRole('button', { name: 'Next Slide' }));
    expect(await screen.findByText('Step 2 of 3')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: "I'm stuck" }));
    expect(await screen.findByText('Your teacher has been told')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: "I'm stuck" })).toBeNull();
    // The step on screen is saved first, so the teacher sees where the child is stuck.
    const sent = requests.filter((r) => r.method !== 'GET').map((r) => [r.method, r.path, r.body]);
    const stuckAt = sent.findIndex(([, path]) => path === CLASS_NOW_PATHS.myStuck);
    expect(sent[stuckAt]).toEqual(['POST', CLASS_NOW_PATHS.myStuck, { lessonId: CATAPULT }]);
    expect(sent.slice(0, stuckAt)).toContainEqual(['PUT', PROGRESS_PATHS.myProgress, { lessonId: CATAPULT, tabId: 'tab-0', tabTitle: 'Build', tabIndex: 0, tabs: 3, step: 2, steps: 3 }]);
    await user.click(screen.getByRole('button', { name: 'Next Slide' }));
    expect(await screen.findByRole('button', { name: "I'm stuck" })).toBeEnabled();
    expect(screen.queryByText('Your teacher has been told')).toBeNull();
  });

  it('is there from the first step, before the child has moved', async () => {
    studentGallery();
    await screen.findByRole('tablist', { name: 'Catapult parts' });
    expect(screen.getByText('Step 1 of 3')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: "I'm stuck" })).toBeEnabled();
  });

  it('a failure says so calmly and the button stays', async () => {
    const { user } = studentGallery(async () => Promise.reject(apiError(0, 'network_error', 'Failed to fetch')));
    await screen.findByRole('tablist', { name: 'Catapult parts' });
    await user.click(await screen.findByRole('button', { name: "I'm stuck" }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your teacher could not be told. Try again.');
    await waitFor(() => expect(screen.getByRole('button', { name: "I'm stuck" })).toBeEnabled());
  });

  it('owners never see it', async () => {
    const view = renderApp({ route, session: signedInAs('dana'), api: createContentApi({ viewer: 'owner' }), config: studioConfig });
    await screen.findByRole('tablist', { name: 'Catapult parts' });
    act(() => void view.store.dispatch(contentActions.stepViewed(step(1))));
    expect(screen.queryByRole('button', { name: "I'm stuck" })).toBeNull();
  });
});
