import { screen, waitFor } from '@testing-library/react';
import type { ApiClient } from '../api/types';
import { contentActions } from '../features/content/contentSlice';
import { selectContent } from '../features/content/contentSelectors';
import { PAGE_DATA_FRESH_MS } from '../shared/takeLatestUnlessFresh';
import { CATAPULT, createContentApi } from '../../test/fixtures/content';
import { createMemoryStorage } from '../../test/memoryStorage';
import { renderApp, signedInAs, testConfig } from '../../test/renderApp';
import { requestEarlyPageData } from './earlyPageData';
import { createAppStore } from './store';

/** token/validate that answers only when the test says so. */
function heldValidation() {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  return { validateToken: async () => held, release };
}

const callsTo = (api: { calls: { method: keyof ApiClient }[] }, method: keyof ApiClient) => api.calls.filter((c) => c.method === method).length;

describe('the opened page’s data on start, while the stored sign-in is checked', () => {
  it('select model: the lessons are asked for during token/validate, and the page shows them without asking again', async () => {
    const check = heldValidation();
    const api = createContentApi({ viewer: 'owner', overrides: { validateToken: check.validateToken } });
    renderApp({ route: '/select-model/PlayMachines2/167', session: signedInAs('dana'), api });

    // The page itself cannot mount before the check answers; its data is already on the way,
    // asked for before the content's code has loaded.
    await waitFor(() => expect(callsTo(api, 'getLessons')).toBe(1));
    expect(api.calls.find((c) => c.method === 'askEarly')?.args).toEqual([167]);
    expect(await screen.findByText(/Checking your sign-in/)).toBeInTheDocument();
    expect(screen.queryByTestId('model-card-2001')).not.toBeInTheDocument();

    check.release();
    expect(await screen.findByTestId('model-card-2001')).toBeInTheDocument();
    expect(callsTo(api, 'getLessons')).toBe(1);
  });

  it('gallery: the lesson page is asked for during token/validate, once', async () => {
    const check = heldValidation();
    const api = createContentApi({ viewer: 'owner', overrides: { validateToken: check.validateToken } });
    renderApp({ route: `/model_building_instructions/PlayMachines1/130/${CATAPULT}`, session: signedInAs('dana'), api });

    await waitFor(() => expect(callsTo(api, 'getLesson')).toBe(1));
    expect(api.calls.find((c) => c.method === 'askEarly')?.args).toEqual([130, CATAPULT]);
    check.release();
    expect(await screen.findByRole('heading', { level: 1, name: 'Catapult' })).toBeInTheDocument();
    expect(callsTo(api, 'getLesson')).toBe(1);
  });

  it('students list: students and users are asked for during token/validate, once', async () => {
    const check = heldValidation();
    const api = createContentApi({
      viewer: 'owner',
      overrides: {
        validateToken: check.validateToken,
        getAllStudents: async () => [
          {
            id: 40,
            teacherId: 2,
            firstName: 'Noa',
            lastName: 'Early',
            parentName: 'Parent Early',
            parentEmail: 'noa.early@example.test',
            phone: '+972 50 000 0040',
            program: 'Play Machines 2',
            startDate: '2026-09-01',
            endDate: '2027-06-30',
            numberOfLessons: 30,
          },
        ],
      },
    });
    renderApp({ route: '/students_list/dana', session: signedInAs('dana'), api });

    await waitFor(() => expect(callsTo(api, 'getAllStudents')).toBe(1));
    expect(callsTo(api, 'getAllUsers')).toBe(1);
    // The lists were asked for by the route itself, before the roster's code had loaded.
    expect(callsTo(api, 'askRosterEarly')).toBe(1);
    check.release();
    expect(await screen.findByText('Noa', { selector: 'td a' })).toBeInTheDocument();
    expect(callsTo(api, 'getAllStudents')).toBe(1);
  });

  it('asks for nothing early when signed out, or for pages that declare no early data', async () => {
    const signedOut = createContentApi({ viewer: 'owner' });
    renderApp({ route: '/select-model/PlayMachines2/167', api: signedOut });
    await screen.findByRole('button', { name: 'Sign in' });
    expect(callsTo(signedOut, 'getLessons')).toBe(0);
    expect(callsTo(signedOut, 'askEarly')).toBe(0);

    const check = heldValidation();
    const admin = createContentApi({ viewer: 'admin', overrides: { validateToken: check.validateToken } });
    renderApp({ route: '/sign_up_new_student/admin', session: signedInAs('admin'), api: admin });
    await waitFor(() => expect(callsTo(admin, 'validateToken')).toBe(1));
    expect(callsTo(admin, 'getPrograms')).toBe(0);
    expect(callsTo(admin, 'askRosterEarly')).toBe(0);
    check.release();
    // The page asks once the check has answered.
    await waitFor(() => expect(callsTo(admin, 'getPrograms')).toBe(1));
  });

  it('a page opened again while its data loads, or soon after, asks once; another page, or later, asks again', async () => {
    const api = createContentApi({ viewer: 'owner' });
    const view = renderApp({ route: '/terms_of_use', session: signedInAs('dana'), api });
    await waitFor(() => expect(view.store.getState().session.valid).toBe(true));
    // No content page is open: the content's flows join as a content page's would.
    await view.store.joinFeature('content');

    // Twice in a row (the start-up's open, then the page's own): one request.
    view.store.dispatch(contentActions.modelsPageOpened({ programId: 167 }));
    view.store.dispatch(contentActions.modelsPageOpened({ programId: 167 }));
    await waitFor(() => expect(selectContent(view.store.getState()).lessons[167]?.status).toBe('succeeded'));
    view.store.dispatch(contentActions.modelsPageOpened({ programId: 167 }));
    expect(callsTo(api, 'getLessons')).toBe(1);

    // Another program is its own load.
    view.store.dispatch(contentActions.modelsPageOpened({ programId: 130 }));
    await waitFor(() => expect(callsTo(api, 'getLessons')).toBe(2));

    // Long after: the page loads afresh (unlocks made on another device show).
    const clock = jest.spyOn(Date, 'now').mockReturnValue(Date.now() + PAGE_DATA_FRESH_MS + 60_000);
    try {
      view.store.dispatch(contentActions.modelsPageOpened({ programId: 167 }));
      await waitFor(() => expect(callsTo(api, 'getLessons')).toBe(3));
    } finally {
      clock.mockRestore();
    }
  });
});

describe('the opened page’s chunks on start', () => {
  it('starts loading the matched routes’ chunks (layout and page), and only theirs', async () => {
    const layout = jest.fn(async () => ({}));
    const gallery = jest.fn(async () => ({}));
    const studentsList = jest.fn(async () => ({}));
    const routes = [
      {
        lazy: layout,
        children: [
          { path: '/model_building_instructions/:first/:second/:third', lazy: gallery },
          { path: '/students_list/:userName', lazy: studentsList },
        ],
      },
    ];
    const api = createContentApi({ viewer: 'owner' });
    const { store, persistor, sagaTask } = createAppStore({
      api,
      navigator: { navigate: () => undefined },
      config: testConfig,
      storage: createMemoryStorage({}),
    });
    requestEarlyPageData(routes, `/model_building_instructions/PlayMachines1/130/${CATAPULT}`, store, persistor, api);
    expect(layout).toHaveBeenCalledTimes(1);
    expect(gallery).toHaveBeenCalledTimes(1);
    expect(studentsList).not.toHaveBeenCalled();
    sagaTask?.cancel();
  });
});
