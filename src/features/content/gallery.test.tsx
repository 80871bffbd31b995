import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp, signedInAs } from '../../../test/renderApp';
import { apiError } from '../../../test/fakeApi';
import { CATAPULT, FLYING_CHAIRS, KIT_CONTENTS, createContentApi } from '../../../test/fixtures/content';
import { firstSlideArrives, slideImages, thumbImages, thumbPlaces } from '../../../test/galleryDom';
import { galleryRoute } from './galleryTestRoutes';

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
