import type { Lesson, LessonDetail, Program } from '../../../api/types';
import { buildLegacyTabs } from './galleryItems';

const program = { id: 130, title: 'Play Machines 1', programName: 'PlayMachines1' } as Program;
const lesson = { id: 140, programId: 130, title: 'Perimeter', experimental: true } as Lesson;
const SITE = 'http://portal.test';
const signed = (path: string) => `${SITE}${path}?exp=1795444200&u=5&sig=abc`;

function detail(gallery: { original: string; thumbnail: string }[]): LessonDetail {
  return {
    id: 140,
    programId: 130,
    title: 'Perimeter',
    showInTabs: true,
    tabs: [{ index: 0, title: 'Small Perimeter', videoUrl: null, videoId: null, gallery }],
    imageCount: null,
    imageTabs: [{ title: 'Small Perimeter', count: 2, folder: 'SmallPerimeter' }],
  };
}

describe('the older gallery route', () => {
  it('loads each numbered file by the signed URL the lesson carries for the same path', () => {
    const base = '/progrmas/PlayMachines1/ExplorationModels/Perimeter/SmallPerimeter';
    const gallery = [1, 2].map((n) => ({ original: signed(`${base}/${n}.svg`), thumbnail: signed(`${base}/thumbs/${n}.svg`) }));
    const { tabs } = buildLegacyTabs({ siteUrl: SITE, program, lesson, detail: detail(gallery), title: 'Perimeter' });
    expect(tabs[0]!.slides.map((s) => [s.original, s.thumbnail])).toEqual(gallery.map((g) => [g.original, g.thumbnail]));
  });

  it('builds the plain URL when the lesson carries none for that path (a WordPress site)', () => {
    const { tabs } = buildLegacyTabs({ siteUrl: SITE, program, lesson, detail: detail([]), title: 'Perimeter' });
    expect(tabs[0]!.slides[1]!.original).toBe(`${SITE}/progrmas/PlayMachines1/ExplorationModels/Perimeter/SmallPerimeter/2.svg`);
  });
});
