import { act, screen, waitFor, within } from '@testing-library/react';
import { renderApp, signedInAs } from '../../../test/renderApp';
import { CATAPULT, CATAPULT_VIDEO, FLYING_CHAIRS, createContentApi } from '../../../test/fixtures/content';
import { galleryRoute } from './galleryTestRoutes';

describe('instruction gallery: video and fullscreen', () => {
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
});
