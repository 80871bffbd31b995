import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp, signedInAs } from '../../../test/renderApp';
import { spyOnStepViewed } from '../../../test/stepViewedSpy';
import { apiError } from '../../../test/fakeApi';
import { CATAPULT, CATAPULT_VIDEO, FLYING_CHAIRS, KIT_CONTENTS, createContentApi } from '../../../test/fixtures/content';
import { firstSlideArrives, slideImages, thumbImages, thumbPlaces } from '../../../test/galleryDom';

const galleryRoute = (lessonId: number, programId = 130, programName = 'PlayMachines1') =>
  `/model_building_instructions/${programName}/${programId}/${lessonId}`;


describe('instruction gallery', () => {
  it('sends a student who has not unlocked the lesson to /', async () => {
    const view = renderApp({ route: galleryRoute(CATAPULT), session: signedInAs('mia'), api: createContentApi() });
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Select Your Program' })).toBeInTheDocument();
    view.unmount();
  });

  it('lets a student in when the backend says the lesson is unlocked (another device)', async () => {
    const view = renderApp({ route: galleryRoute(CATAPULT), session: signedInAs('mia'), api: createContentApi({ unlocked: [CATAPULT] }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Catapult' })).toBeInTheDocument();
    expect(view.router.state.location.pathname).toBe(galleryRoute(CATAPULT));
    view.unmount();
  });

  it('shows the tabs that have content, with their titles, as ARIA tabs; a non-looping gallery with thumbnails', async () => {
    const view = renderApp({ route: galleryRoute(CATAPULT), session: signedInAs('mia', { unlockedLessonIds: [CATAPULT] }), api: createContentApi({ unlocked: [CATAPULT] }) });
    const tablist = await screen.findByRole('tablist', { name: 'Catapult parts' });
    const tabs = within(tablist).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Build', 'Experiment', 'Video']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');

    expect(screen.getByRole('link', { name: /Go Back/ })).toHaveAttribute('href', '/select-model/PlayMachines1/130');
    // Build: 3 steps; the first and the next one (preloaded) load at once, the wrapped-around third waits.
    // The strip holds a place for each thumbnail; their pictures wait until the first step's has arrived.
    expect(thumbPlaces()).toHaveLength(3);
    expect(thumbImages()).toHaveLength(0);
    firstSlideArrives();
    expect(thumbImages()).toHaveLength(3);
    for (const thumb of thumbImages()) {
      expect(thumb).toHaveAttribute('loading', 'lazy');
      expect(thumb).toHaveAttribute('width', '96');
      expect(thumb).toHaveAttribute('height', '72');
    }
    expect(slideImages().map((i) => [i.alt, i.getAttribute('loading')])).toEqual([
      ['Catapult, step 1 of 3', 'eager'],
      ['Catapult, step 2 of 3', 'eager'],
      ['Catapult, step 3 of 3', 'lazy'],
    ]);
    for (const image of slideImages()) {
      expect(image).toHaveAttribute('width', '1200');
      expect(image).toHaveAttribute('height', '900');
    }
    // Non-looping: no way back from the first slide.
    expect(screen.getByRole('button', { name: 'Previous Slide' })).toBeDisabled();

    tabs[0]!.focus();
    await view.user.keyboard('{ArrowRight}');
    expect(tabs[1]).toHaveAttribute('aria-selected', 'true');
    expect(tabs[1]).toHaveFocus();
    firstSlideArrives();
    expect(thumbImages()).toHaveLength(2);
    expect(slideImages()[0]).toHaveAttribute('src', 'https://portal.test/progrmas/PlayMachines1/MainModels/Catapult/Experiment/1.svg');
    view.unmount();
  });

  it('plays a video only when asked, hides play and fullscreen while it plays, and unmounts it on close or slide change', async () => {
    const view = renderApp({ route: galleryRoute(CATAPULT), session: signedInAs('mia', { unlockedLessonIds: [CATAPULT] }), api: createContentApi({ unlocked: [CATAPULT] }) });
    await view.user.click(await screen.findByRole('tab', { name: 'Video' }));
    expect(document.querySelector('iframe')).toBeNull();
    expect(screen.getByRole('button', { name: 'Open Fullscreen' })).toBeInTheDocument();

    await view.user.click(await screen.findByRole('button', { name: /Play video/ }));
    const iframe = document.querySelector('iframe');
    expect(iframe).not.toBeNull();
    expect(iframe!.src).toBe(`${CATAPULT_VIDEO}?autoplay=1`);
    expect(iframe).toHaveAttribute('title', 'Catapult, Video video');
    expect(screen.queryByRole('button', { name: 'Open Fullscreen' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Play or Pause Slideshow' })).not.toBeInTheDocument();

    await view.user.click(screen.getByRole('button', { name: 'Close video' }));
    expect(document.querySelector('iframe')).toBeNull();
    expect(screen.getByRole('button', { name: 'Open Fullscreen' })).toBeInTheDocument();

    // The video's thumbnail opens the player too; switching tabs resets it.
    const thumbs = screen.getByRole('navigation', { name: 'Thumbnail Navigation' });
    await view.user.click(within(thumbs).getByRole('button', { name: 'Go to Slide 1' }));
    await waitFor(() => expect(document.querySelector('iframe')).not.toBeNull());
    await view.user.click(screen.getByRole('tab', { name: 'Build' }));
    expect(document.querySelector('iframe')).toBeNull();
    view.unmount();
  });

  it('fullscreen covers the whole window above the site header, with an Exit fullscreen button that Escape also works', async () => {
    const view = renderApp({ route: galleryRoute(CATAPULT), session: signedInAs('mia', { unlockedLessonIds: [CATAPULT] }), api: createContentApi({ unlocked: [CATAPULT] }) });
    const open = await screen.findByRole('button', { name: 'Open Fullscreen' });
    await view.user.click(open);
    const layer = document.querySelector<HTMLElement>('.image-gallery')!;
    expect(layer).toHaveClass('fullscreen-modal');
    const header = document.querySelector('header')!;
    expect(Number(getComputedStyle(layer).zIndex)).toBeGreaterThan(Number(getComputedStyle(header).zIndex));
    // Centred without a transform: a transform would make the exit button's `fixed` relative to the slides.
    expect(getComputedStyle(layer.querySelector('.image-gallery-content')!).transform).toBe('none');
    const exit = screen.getByRole('button', { name: 'Exit fullscreen' });
    expect(exit).toBe(open);
    expect(exit).toHaveFocus();
    expect(getComputedStyle(exit).position).toBe('fixed');
    expect(document.documentElement.style.overflow).toBe('hidden');

    await view.user.click(exit);
    expect(layer).not.toHaveClass('fullscreen-modal');
    expect(screen.getByRole('button', { name: 'Open Fullscreen' })).toHaveFocus();
    expect(document.documentElement.style.overflow).toBe('');

    // Escape leaves it, wherever the focus is.
    await view.user.click(screen.getByRole('button', { name: 'Open Fullscreen' }));
    expect(layer).toHaveClass('fullscreen-modal');
    (document.activeElement as HTMLElement).blur();
    await view.user.keyboard('{Escape}');
    expect(layer).not.toHaveClass('fullscreen-modal');
    view.unmount();
  });

  it('stops the video when the slide changes', async () => {
    const withTwo = createContentApi({
      viewer: 'owner',
      overrides: {
        getLesson: async () => ({
          id: FLYING_CHAIRS,
          programId: 130,
          title: 'Flying Chairs',
          showInTabs: false,
          imageCount: null,
          imageTabs: [],
          tabs: [
            {
              index: 0,
              title: '',
              videoUrl: 'https://portal.test/content/videos/embed/chairs.html?lang=en',
              videoId: 'chairs',
              gallery: [{ original: 'https://portal.test/1.svg', thumbnail: 'https://portal.test/t1.svg' }],
            },
          ],
        }),
      },
    });
    const view = renderApp({ route: galleryRoute(FLYING_CHAIRS), session: signedInAs('dana'), api: withTwo });
    expect(await screen.findByRole('heading', { level: 1, name: 'Flying Chairs' })).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Next Slide' }));
    await waitFor(() => expect(screen.getByTestId('gallery-step-counter')).toHaveTextContent('Step 2 of 2'));
    // The gallery ignores clicks until its slide transition (350 ms) ends.
    await act(() => new Promise((resolve) => setTimeout(resolve, 450)));
    await view.user.click(await screen.findByRole('button', { name: /Play video/ }));
    expect(document.querySelector('iframe')!.src).toBe('https://portal.test/content/videos/embed/chairs.html?lang=en&autoplay=1');
    await view.user.click(screen.getByRole('button', { name: 'Previous Slide' }));
    await waitFor(() => expect(screen.getByTestId('gallery-step-counter')).toHaveTextContent('Step 1 of 2'));
    await waitFor(() => expect(document.querySelector('iframe')).toBeNull());
    view.unmount();
  });

  it('starts downloading the first slide with the lesson, only for a user who may see it', async () => {
    const preloaded: string[] = [];
    const view = renderApp({
      route: galleryRoute(CATAPULT),
      session: signedInAs('mia', { unlockedLessonIds: [CATAPULT] }),
      api: createContentApi({ unlocked: [CATAPULT] }),
      preloadImage: (url) => preloaded.push(url),
    });
    await screen.findByRole('tablist', { name: 'Catapult parts' });
    expect(preloaded).toEqual([slideImages()[0]!.src]);
    view.unmount();

    const notOpened: string[] = [];
    const denied = renderApp({ route: galleryRoute(CATAPULT), session: signedInAs('mia'), api: createContentApi(), preloadImage: (url) => notOpened.push(url) });
    await waitFor(() => expect(denied.router.state.location.pathname).toBe('/'));
    expect(notOpened.filter((url) => url.includes('/progrmas/'))).toEqual([]);
    denied.unmount();
  });

  it('shows everything in one gallery when show_in_diffrent_tabs is off', async () => {
    renderApp({ route: galleryRoute(FLYING_CHAIRS), session: signedInAs('dana'), api: createContentApi({ viewer: 'owner' }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Flying Chairs' })).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(thumbPlaces()).toHaveLength(6);
    // A first picture that fails to load does not keep the strip empty.
    fireEvent.error(slideImages()[0]!);
    expect(thumbImages()).toHaveLength(6);
  });

  it('uses the program’s desktop background from 801 px and the mobile one up to 800 px', async () => {
    renderApp({ route: galleryRoute(FLYING_CHAIRS), session: signedInAs('admin'), api: createContentApi({ viewer: 'admin' }) });
    await screen.findByRole('heading', { level: 1, name: 'Flying Chairs' });
    const css = Array.from(document.querySelectorAll('style'))
      .map((s) => s.textContent)
      .join('\n');
    expect(css).toMatch(/@media \(min-width: ?801px\)\{[^}]*desktop-bg\.svg/);
    expect(css).toMatch(/@media \(max-width: ?800px\)\{[^}]*mobile-bg\.svg/);
  });

  it('saves kit_on_header_clicked = 1 when lesson 793 opens', async () => {
    const view = renderApp({ route: galleryRoute(KIT_CONTENTS), session: signedInAs('dana'), api: createContentApi({ viewer: 'owner' }) });
    await screen.findByRole('heading', { level: 1, name: 'Kit Contents' });
    await waitFor(() => expect(view.api.calls.find((c) => c.method === 'markKitContentsOpened')?.args).toEqual([]));
    expect(view.store.getState().session.kitContentsOpened).toBe(true);
    view.unmount();
  });

  it('does not call the user-meta endpoint on a plain WordPress site, but still remembers it (HideClicked)', async () => {
    const view = renderApp({
      route: galleryRoute(KIT_CONTENTS),
      session: signedInAs('dana'),
      api: createContentApi({ viewer: 'wordpress' }),
      config: { capabilities: { serverUnlock: false, userMeta: false, createFranchiseOwner: false } },
    });
    await screen.findByRole('heading', { level: 1, name: 'Kit Contents' });
    await waitFor(() => expect(view.store.getState().session.kitContentsOpened).toBe(true));
    expect(view.api.calls.some((c) => c.method === 'markKitContentsOpened')).toBe(false);
    view.unmount();
  });

  it('shows a calm failure with Try again when the lesson cannot load', async () => {
    let first = true;
    const api = createContentApi({
      viewer: 'owner',
      overrides: {
        getLesson: async (id) => {
          if (first) {
            first = false;
            throw apiError(500, 'internal_error', 'stack trace here');
          }
          return (await createContentApi().getLesson(id)) as never;
        },
      },
    });
    const view = renderApp({ route: galleryRoute(CATAPULT), session: signedInAs('dana'), api });
    const alert = await screen.findByRole('alert');
    expect(alert).not.toHaveTextContent('stack trace');
    await view.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Catapult' })).toBeInTheDocument();
    view.unmount();
  });
});

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
    expect(viewedSteps()).toEqual([{ ...place, tabId: 'tab-0', tabIndex: 0, step: 2, steps: 3 }]);
    // Renders that do not move (the thumbnails' pictures arriving) report nothing.
    firstSlideArrives();
    expect(thumbImages()).toHaveLength(3);
    expect(viewedSteps()).toHaveLength(1);

    await view.user.click(screen.getByRole('button', { name: 'Next Slide' }));
    await waitFor(() => expect(viewedSteps()).toHaveLength(2));
    expect(viewedSteps()[1]).toEqual({ ...place, tabId: 'tab-0', tabIndex: 0, step: 3, steps: 3 });

    await view.user.click(screen.getByRole('tab', { name: 'Video' }));
    await waitFor(() => expect(viewedSteps()).toHaveLength(3));
    // A video tab's slide is a step too.
    expect(viewedSteps()[2]).toEqual({ ...place, tabId: 'tab-2', tabIndex: 2, step: 1, steps: 1 });
    await act(() => new Promise((resolve) => setTimeout(resolve, 500)));
    expect(viewedSteps()).toHaveLength(3);
    view.unmount();
  });

  it("reports a lesson without tabs as its one part, 'all'", async () => {
    const view = renderApp({ route: galleryRoute(FLYING_CHAIRS), session: signedInAs('dana'), api: createContentApi({ viewer: 'owner' }) });
    await screen.findByRole('heading', { level: 1, name: 'Flying Chairs' });
    expect(viewedSteps()).toEqual([{ programId: 130, lessonId: FLYING_CHAIRS, tabId: 'all', tabIndex: 0, tabs: 1, step: 1, steps: 6 }]);
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
