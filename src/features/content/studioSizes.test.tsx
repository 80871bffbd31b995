/**
 * Lighter steps: a step the content studio made comes with its generated sizes
 * (srcSet, webpSrcSet, sizes, thumbnailWebp on the wire); the gallery offers them to the browser in
 * a <picture>, so it loads only the width it shows, and the strip only the 160-px thumbnail.
 * A seeded picture keeps its plain <img>.
 */
import { screen } from '@testing-library/react';
import type { ResponsiveImage } from '../../api/types';
import { mapLessonDetail } from '../../api/pageMappers';
import type { WirePage } from '../../../contract';
import { STUDIO_SLIDE_SIZES } from '../../../contract';
import { renderApp, signedInAs } from '../../../test/renderApp';
import { CATAPULT, createContentApi } from '../../../test/fixtures/content';
import { firstSlideArrives, slideImages, thumbImages } from '../../../test/galleryDom';

const site = 'https://portal.test';
const signed = (path: string) => `${site}${path}?exp=1795000000&u=7&sig=abc`;
const studioStep = (folder: string) => ({
  original: signed(`/progrmas/studio/${folder}/1280.jpg`),
  thumbnail: signed(`/progrmas/studio/${folder}/thumb.jpg`),
  originalWidth: 1280,
  originalHeight: 960,
  srcSet: [375, 750, 1280].map((w) => `${signed(`/progrmas/studio/${folder}/${w}.jpg`)} ${w}w`).join(', '),
  webpSrcSet: [375, 750, 1280].map((w) => `${signed(`/progrmas/studio/${folder}/${w}.webp`)} ${w}w`).join(', '),
  sizes: STUDIO_SLIDE_SIZES,
  thumbnailWebp: signed(`/progrmas/studio/${folder}/thumb.webp`),
});

/** Catapult as the portal backend answers it: two studio steps, then a seeded one. */
const wire = {
  id: CATAPULT,
  parent: 130,
  title: { rendered: 'Catapult' },
  content: { rendered: '' },
  show_in_diffrent_tabs: false,
  metadata: {},
  lesson_0_gallery: [studioStep('a'), studioStep('b'), { original: `${site}/progrmas/PlayMachines1/MainModels/Catapult/3.svg`, thumbnail: `${site}/progrmas/PlayMachines1/MainModels/Catapult/thumbs/3.svg` }],
} as unknown as WirePage;

describe('studio step sizes in the gallery', () => {
  it('offers each studio step as a <picture> of its WebP and JPEG sizes, thumbnails at 160 px only; a seeded step stays a plain <img>', async () => {
    const preloaded: [string, ResponsiveImage | undefined][] = [];
    const view = renderApp({
      route: `/model_building_instructions/PlayMachines1/130/${CATAPULT}`,
      session: signedInAs('mia', { unlockedLessonIds: [CATAPULT] }),
      api: createContentApi({ unlocked: [CATAPULT], overrides: { getLesson: async () => mapLessonDetail(wire) } }),
      preloadImage: (url, responsive) => preloaded.push([url, responsive]),
    });
    await screen.findByRole('img', { name: 'Catapult, step 1 of 3' });
    const [first, second, seeded] = slideImages();
    const a = studioStep('a');

    expect(first).toHaveAttribute('src', a.original);
    expect(first).toHaveAttribute('srcset', a.srcSet);
    expect(first).toHaveAttribute('sizes', '(max-width: 800px) 100vw, 1068px');
    const source = first!.parentElement!;
    expect(source.tagName).toBe('PICTURE');
    expect([...source.querySelectorAll('source')].map((s) => [s.type, s.getAttribute('srcset'), s.getAttribute('sizes')])).toEqual([['image/webp', a.webpSrcSet, a.sizes]]);
    expect(second).toHaveAttribute('srcset', studioStep('b').srcSet);
    // The preload picks from the same sizes, not the 1280-px original alone.
    expect(preloaded).toEqual([[a.original, { srcSet: a.srcSet, webpSrcSet: a.webpSrcSet, sizes: a.sizes, thumbnailWebp: a.thumbnailWebp }]]);

    // The seeded step: its plain <img>, as before.
    expect(seeded!.parentElement!.tagName).not.toBe('PICTURE');
    expect(seeded).not.toHaveAttribute('srcset');

    firstSlideArrives();
    const thumbs = thumbImages();
    expect(thumbs.map((t) => t.getAttribute('src'))).toEqual([a.thumbnail, studioStep('b').thumbnail, `${site}/progrmas/PlayMachines1/MainModels/Catapult/thumbs/3.svg`]);
    expect(thumbs.map((t) => t.parentElement!.querySelector('source')?.getAttribute('srcset') ?? null)).toEqual([a.thumbnailWebp, studioStep('b').thumbnailWebp, null]);
    for (const thumb of thumbs) expect(thumb).not.toHaveAttribute('srcset');
    // Nothing on the page names a 750- or 1280-px file for a thumbnail.
    expect(thumbs.map((t) => t.parentElement!.innerHTML).join('')).not.toMatch(/\/(750|1280)\.(jpg|webp)/);
    view.unmount();
  });
});
