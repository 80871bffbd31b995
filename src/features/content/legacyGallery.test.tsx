import { screen, waitFor, within } from '@testing-library/react';
import { renderApp, signedInAs } from '../../../test/renderApp';
import { spyOnStepViewed } from '../../../test/stepViewedSpy';
import { LAWN_MOWER, PERIMETER, createContentApi } from '../../../test/fixtures/content';
import { firstSlideArrives, slideImages, thumbImages } from '../../../test/galleryDom';

describe('older gallery route /model_building_instructions/{userName}/{programName}/{ModelName}', () => {
  it('sends a student without the model’s flag to /', async () => {
    const view = renderApp({ route: '/model_building_instructions/Mia%20Levi/PlayMachines2/LawnMower', session: signedInAs('mia'), api: createContentApi() });
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/'));
    expect(view.api.calls.some((c) => c.method === 'getLesson')).toBe(false);
    view.unmount();
  });

  it('asks the server: a student it says unlocked the model sees it on a new device, with no stored flag', async () => {
    const route = '/model_building_instructions/Mia%20Levi/PlayMachines2/LawnMower';
    const view = renderApp({ route, session: signedInAs('mia'), api: createContentApi({ unlocked: [LAWN_MOWER] }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Lawn Mower' })).toBeInTheDocument();
    expect(view.router.state.location.pathname).toBe(route);
    expect(view.api.calls.map((c) => c.method)).toContain('getLessons');
    view.unmount();
  });

  it('shows the image set chosen by program, section and model name with the count from content data', async () => {
    renderApp({
      route: '/model_building_instructions/Mia%20Levi/PlayMachines2/LawnMower',
      session: signedInAs('mia', { unlockedModels: { LawnMower: true } }),
      api: createContentApi({ unlocked: [LAWN_MOWER] }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Lawn Mower' })).toBeInTheDocument();
    firstSlideArrives();
    expect(thumbImages()).toHaveLength(51);
    expect(thumbImages()[0]).toHaveAttribute('src', '/progrmas/PlayMachines2/MainModels/LawnMower/thumbs/1.svg');
    expect(slideImages()[0]).toHaveAttribute('src', '/progrmas/PlayMachines2/MainModels/LawnMower/1.svg');
    expect(slideImages()[0]).toHaveAttribute('alt', 'Lawn Mower, step 1 of 51');
    // Only the current slide and its neighbours are mounted; the next one loads at once.
    expect(slideImages().map((i) => [i.alt, i.getAttribute('loading')])).toEqual([
      ['Lawn Mower, step 1 of 51', 'eager'],
      ['Lawn Mower, step 2 of 51', 'eager'],
      ['Lawn Mower, step 51 of 51', 'lazy'],
    ]);
  });

  it('shows a tabbed experimental model with one folder per tab (privileged users need no flag)', async () => {
    const view = renderApp({
      route: '/model_building_instructions/Dana%20Cohen/PlayMachines1/Perimeter',
      session: signedInAs('dana'),
      api: createContentApi({ viewer: 'owner' }),
    });
    const tablist = await screen.findByRole('tablist');
    expect(within(tablist).getAllByRole('tab').map((t) => t.textContent)).toEqual(['Small Perimeter', 'Big Perimeter']);
    firstSlideArrives();
    expect(thumbImages()).toHaveLength(3);
    expect(slideImages()[0]).toHaveAttribute('src', '/progrmas/PlayMachines1/ExplorationModels/Perimeter/SmallPerimeter/1.svg');
    await view.user.click(within(tablist).getByRole('tab', { name: 'Big Perimeter' }));
    firstSlideArrives();
    expect(thumbImages()).toHaveLength(2);
    expect(thumbImages()[1]).toHaveAttribute('src', '/progrmas/PlayMachines1/ExplorationModels/Perimeter/BigPerimeter/thumbs/2.svg');
    expect(view.api.calls.find((c) => c.method === 'getLesson')?.args).toEqual([PERIMETER]);
    view.unmount();
  });

  it('goes to / when the model does not exist', async () => {
    const view = renderApp({ route: '/model_building_instructions/Dana%20Cohen/PlayMachines1/NoSuchModel', session: signedInAs('dana'), api: createContentApi({ viewer: 'owner' }) });
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/'));
    view.unmount();
  });

  it('keeps the step and tab in the URL too, and reports the lesson it resolved', async () => {
    const stepViewed = spyOnStepViewed();
    try {
      const route = '/model_building_instructions/Mia%20Levi/PlayMachines2/LawnMower';
      const view = renderApp({ route: `${route}?step=50`, session: signedInAs('mia', { unlockedModels: { LawnMower: true } }), api: createContentApi({ unlocked: [LAWN_MOWER] }) });
      expect(await screen.findByTestId('gallery-step-counter')).toHaveTextContent('Step 50 of 51');
      expect(stepViewed.mock.calls.map(([payload]) => payload)).toEqual([{ programId: 167, lessonId: LAWN_MOWER, tabId: 'all', tabIndex: 0, tabTitle: '', tabs: 1, step: 50, steps: 51 }]);
      await view.user.click(screen.getByRole('button', { name: 'Next Slide' }));
      await waitFor(() => expect(view.router.state.location.search).toBe('?step=51'));
      expect(view.router.state.location.pathname).toBe('/model_building_instructions/Mia%20Levi/PlayMachines2/LawnMower');
      await waitFor(() => expect(stepViewed).toHaveBeenCalledTimes(2));
      expect(stepViewed.mock.lastCall?.[0]).toMatchObject({ lessonId: LAWN_MOWER, step: 51, steps: 51 });
      view.unmount();

      stepViewed.mockClear();
      const perimeter = renderApp({
        route: '/model_building_instructions/Dana%20Cohen/PlayMachines1/Perimeter?tab=tab-1&step=2',
        session: signedInAs('dana'),
        api: createContentApi({ viewer: 'owner' }),
      });
      expect(await screen.findByRole('tab', { name: 'Big Perimeter', selected: true })).toBeInTheDocument();
      expect(screen.getByTestId('gallery-step-counter')).toHaveTextContent('Step 2 of 2');
      expect(stepViewed.mock.calls.map(([payload]) => payload)).toEqual([{ programId: 130, lessonId: PERIMETER, tabId: 'tab-1', tabIndex: 1, tabTitle: 'Big Perimeter', tabs: 2, step: 2, steps: 2 }]);
      perimeter.unmount();
    } finally {
      stepViewed.mockRestore();
    }
  });
});
