import { act, screen, waitFor } from '@testing-library/react';
import { renderApp, signedInAs } from '../../../test/renderApp';
import { spyOnStepViewed } from '../../../test/stepViewedSpy';
import { CATAPULT, FLYING_CHAIRS, createContentApi } from '../../../test/fixtures/content';
import { firstSlideArrives, thumbImages } from '../../../test/galleryDom';
import { galleryRoute } from './galleryTestRoutes';

/** The step picture the gallery shows now. */
const currentStep = () => document.querySelector<HTMLImageElement>('.image-gallery-slide.image-gallery-center img.slide-image');
const counter = () => screen.getByTestId('gallery-step-counter');
const search = (view: ReturnType<typeof renderApp>) => view.router.state.location.search;
const openCatapult = (query = '') =>
  renderApp({ route: `${galleryRoute(CATAPULT)}${query}`, session: signedInAs('mia', { unlockedLessonIds: [CATAPULT] }), api: createContentApi({ unlocked: [CATAPULT] }) });

describe('instruction gallery: the step in the URL, the counter, keys and zoom', () => {
  let stepViewed: jest.SpyInstance;
  beforeEach(() => {
    stepViewed = spyOnStepViewed();
  });
  afterEach(() => stepViewed.mockRestore());
  const viewedSteps = () => stepViewed.mock.calls.map(([payload]) => payload);

  it('opens the tab and step the URL names, with a counter a child can read', async () => {
    const view = openCatapult('?tab=tab-1&step=2');
    expect(await screen.findByRole('tab', { name: 'Experiment', selected: true })).toBeInTheDocument();
    expect(currentStep()).toHaveAttribute('alt', 'Catapult, step 2 of 2');
    expect(counter()).toHaveTextContent('Step 2 of 2');
    expect(counter()).toHaveAttribute('aria-live', 'polite');
    // The counter is the gallery's one live region.
    expect(document.querySelector('.image-gallery')).toHaveAttribute('aria-live', 'off');
    view.unmount();
  });

  it('clamps a step out of range, reads a broken one as step 1, and falls back to the first tab', async () => {
    for (const [query, tab, text] of [
      ['?tab=tab-0&step=99', 'Build', 'Step 3 of 3'],
      ['?tab=tab-0&step=0', 'Build', 'Step 1 of 3'],
      ['?tab=tab-1&step=two', 'Experiment', 'Step 1 of 2'],
      ['?tab=no-such-tab&step=2', 'Build', 'Step 2 of 3'],
      ['?step=-4', 'Build', 'Step 1 of 3'],
    ] as const) {
      const view = openCatapult(query);
      expect(await screen.findByRole('tab', { name: tab, selected: true })).toBeInTheDocument();
      expect({ query, counter: counter().textContent }).toEqual({ query, counter: text });
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      view.unmount();
    }
  });

  it('writes each move into the URL in place of the last one, so Back leaves for the models list', async () => {
    const view = renderApp({
      route: '/select-model/PlayMachines1/130',
      session: signedInAs('mia', { unlockedLessonIds: [CATAPULT] }),
      api: createContentApi({ unlocked: [CATAPULT] }),
    });
    await screen.findByRole('heading', { level: 1 });
    await act(() => view.router.navigate(galleryRoute(CATAPULT)));
    await screen.findByRole('tablist', { name: 'Catapult parts' });
    expect(search(view)).toBe('');

    await view.user.click(screen.getByRole('button', { name: 'Next Slide' }));
    await waitFor(() => expect(search(view)).toBe('?tab=tab-0&step=2'));
    expect(view.router.state.historyAction).toBe('REPLACE');
    await waitFor(() => expect(counter()).toHaveTextContent('Step 2 of 3'));
    expect(currentStep()).toHaveAttribute('alt', 'Catapult, step 2 of 3');

    await view.user.click(screen.getByRole('tab', { name: 'Experiment' }));
    await waitFor(() => expect(search(view)).toBe('?tab=tab-1&step=1'));
    await waitFor(() => expect(counter()).toHaveTextContent('Step 1 of 2'));
    // Pressing the tab already shown keeps the step.
    await view.user.click(screen.getByRole('button', { name: 'Next Slide' }));
    await waitFor(() => expect(search(view)).toBe('?tab=tab-1&step=2'));
    await view.user.click(screen.getByRole('tab', { name: 'Experiment' }));
    expect(search(view)).toBe('?tab=tab-1&step=2');

    // A link to a step from elsewhere (the URL changes under the open gallery): it goes there.
    await act(() => view.router.navigate(`${galleryRoute(CATAPULT)}?tab=tab-0&step=3`, { replace: true }));
    await waitFor(() => expect(counter()).toHaveTextContent('Step 3 of 3'));
    expect(currentStep()).toHaveAttribute('alt', 'Catapult, step 3 of 3');

    await act(() => view.router.navigate(-1));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/select-model/PlayMachines1/130'));
    view.unmount();
  });

  it('has no tab in the URL of a lesson without tabs', async () => {
    const view = renderApp({ route: galleryRoute(FLYING_CHAIRS), session: signedInAs('dana'), api: createContentApi({ viewer: 'owner' }) });
    await screen.findByRole('heading', { level: 1, name: 'Flying Chairs' });
    expect(counter()).toHaveTextContent('Step 1 of 6');
    await view.user.click(screen.getByRole('button', { name: 'Next Slide' }));
    await waitFor(() => expect(search(view)).toBe('?step=2'));
    view.unmount();
  });

  it('reports each step shown once: on opening, on each move, on a tab change, not on other renders', async () => {
    const view = openCatapult('?tab=tab-0&step=2');
    await screen.findByRole('tablist', { name: 'Catapult parts' });
    const place = { programId: 130, lessonId: CATAPULT, tabs: 3 };
    expect(viewedSteps()).toEqual([{ ...place, tabId: 'tab-0', tabIndex: 0, tabTitle: 'Build', step: 2, steps: 3 }]);
    // Renders that do not move (the thumbnails' pictures arriving) report nothing.
    firstSlideArrives();
    expect(thumbImages()).toHaveLength(3);
    expect(viewedSteps()).toHaveLength(1);

    await view.user.click(screen.getByRole('button', { name: 'Next Slide' }));
    await waitFor(() => expect(viewedSteps()).toHaveLength(2));
    expect(viewedSteps()[1]).toEqual({ ...place, tabId: 'tab-0', tabIndex: 0, tabTitle: 'Build', step: 3, steps: 3 });

    await view.user.click(screen.getByRole('tab', { name: 'Video' }));
    await waitFor(() => expect(viewedSteps()).toHaveLength(3));
    // A video tab's slide is a step too.
    expect(viewedSteps()[2]).toEqual({ ...place, tabId: 'tab-2', tabIndex: 2, tabTitle: 'Video', step: 1, steps: 1 });
    await act(() => new Promise((resolve) => setTimeout(resolve, 500)));
    expect(viewedSteps()).toHaveLength(3);
    view.unmount();
  });

  it("reports a lesson without tabs as its one part, 'all'", async () => {
    const view = renderApp({ route: galleryRoute(FLYING_CHAIRS), session: signedInAs('dana'), api: createContentApi({ viewer: 'owner' }) });
    await screen.findByRole('heading', { level: 1, name: 'Flying Chairs' });
    expect(viewedSteps()).toEqual([{ programId: 130, lessonId: FLYING_CHAIRS, tabId: 'all', tabIndex: 0, tabTitle: '', tabs: 1, step: 1, steps: 6 }]);
    view.unmount();
  });

  it('arrow keys move between steps when the gallery has the focus, never while typing in a field', async () => {
    const view = openCatapult();
    const steps = await screen.findByRole('group', { name: 'Catapult, Build: steps' });
    steps.focus();
    await view.user.keyboard('{ArrowRight}');
    await waitFor(() => expect(counter()).toHaveTextContent('Step 2 of 3'));
    await waitFor(() => expect(search(view)).toBe('?tab=tab-0&step=2'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 450)));
    await view.user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(counter()).toHaveTextContent('Step 1 of 3'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 450)));
    // With a modifier the key is the browser's (Alt+Left is Back).
    await view.user.keyboard('{Alt>}{ArrowRight}{/Alt}');

    // A field on the page, and one inside the gallery (a note a child types): arrows move the caret.
    const outside = document.createElement('input');
    document.body.append(outside);
    const inside = document.createElement('input');
    steps.append(inside);
    for (const field of [outside, inside]) {
      await view.user.click(field);
      await view.user.keyboard('ab{ArrowLeft}{ArrowRight}{ArrowRight}');
    }
    await act(() => new Promise((resolve) => setTimeout(resolve, 450)));
    expect(counter()).toHaveTextContent('Step 1 of 3');
    expect(search(view)).toBe('?tab=tab-0&step=1');
    outside.remove();
    inside.remove();
    view.unmount();
  });

  it('zooms the step picture with its buttons and with + − 0, and a new step starts unzoomed', async () => {
    const view = openCatapult();
    const steps = await screen.findByRole('group', { name: 'Catapult, Build: steps' });
    const zoomIn = screen.getByRole('button', { name: 'Zoom in' });
    const zoomOut = screen.getByRole('button', { name: 'Zoom out' });
    const reset = screen.getByRole('button', { name: 'Reset zoom' });
    expect(zoomOut).toBeDisabled();
    expect(reset).toBeDisabled();

    await view.user.click(zoomIn);
    expect(steps).toHaveAttribute('data-zoomed', 'true');
    expect(currentStep()!.style.transform).toMatch(/scale\(1\.5\)/);
    await view.user.click(zoomIn);
    expect(currentStep()!.style.transform).toMatch(/scale\(2\.25\)/);
    await view.user.click(zoomOut);
    expect(currentStep()!.style.transform).toMatch(/scale\(1\.5\)/);
    await view.user.click(reset);
    expect(steps).not.toHaveAttribute('data-zoomed');
    expect(currentStep()!.style.transform).toBe('');

    steps.focus();
    await view.user.keyboard('+');
    expect(steps).toHaveAttribute('data-zoomed', 'true');
    await view.user.keyboard('0');
    expect(steps).not.toHaveAttribute('data-zoomed');
    await view.user.keyboard('+');
    const zoomedPicture = currentStep()!;
    await view.user.keyboard('{ArrowRight}');
    await waitFor(() => expect(counter()).toHaveTextContent('Step 2 of 3'));
    expect(steps).not.toHaveAttribute('data-zoomed');
    expect(zoomedPicture.style.transform).toBe('');

    // A video slide has no zoom.
    await view.user.click(screen.getByRole('tab', { name: 'Video' }));
    await screen.findByRole('button', { name: /Play video/ });
    expect(screen.queryByRole('button', { name: 'Zoom in' })).not.toBeInTheDocument();
    view.unmount();
  });
});
