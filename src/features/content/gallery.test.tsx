import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp, signedInAs } from '../../../test/renderApp';
import { apiError } from '../../../test/fakeApi';
import { CATAPULT, CATAPULT_VIDEO, FLYING_CHAIRS, KIT_CONTENTS, LAWN_MOWER, PERIMETER, createContentApi } from '../../../test/fixtures/content';

const galleryRoute = (lessonId: number, programId = 130, programName = 'PlayMachines1') =>
  `/model_building_instructions/${programName}/${programId}/${lessonId}`;

const slideImages = () => Array.from(document.querySelectorAll<HTMLImageElement>('.image-gallery-slide img.slide-image'));
const thumbImages = () => Array.from(document.querySelectorAll<HTMLImageElement>('.image-gallery-thumbnail img'));
const thumbPlaces = () => document.querySelectorAll('.image-gallery-thumbnail .image-gallery-thumbnail-inner');
/** The current step's picture has arrived: the strip's pictures may load now. */
const firstSlideArrives = () => fireEvent.load(slideImages()[0]!);

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

    await view.user.click(screen.getByRole('button', { name: /Play video/ }));
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
    await waitFor(() => expect(document.querySelector('.image-gallery-index-current')).toHaveTextContent('2'));
    // The gallery ignores clicks until its slide transition (350 ms) ends.
    await act(() => new Promise((resolve) => setTimeout(resolve, 450)));
    await view.user.click(await screen.findByRole('button', { name: /Play video/ }));
    expect(document.querySelector('iframe')!.src).toBe('https://portal.test/content/videos/embed/chairs.html?lang=en&autoplay=1');
    await view.user.click(screen.getByRole('button', { name: 'Previous Slide' }));
    await waitFor(() => expect(document.querySelector('.image-gallery-index-current')).toHaveTextContent('1'));
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

describe('older gallery route /model_building_instructions/{userName}/{programName}/{ModelName}', () => {
  it('sends a student without the model’s flag to /', async () => {
    const view = renderApp({ route: '/model_building_instructions/Mia%20Levi/PlayMachines2/LawnMower', session: signedInAs('mia'), api: createContentApi() });
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/'));
    expect(view.api.calls.some((c) => c.method === 'getLesson')).toBe(false);
    view.unmount();
  });

  it('asks the server: a student it says unlocked the model sees it on a new device, with no stored flag (defect 4)', async () => {
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
});
