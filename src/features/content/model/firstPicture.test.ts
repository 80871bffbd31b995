import type { LessonDetail, LessonTab } from '../../../api/types';
import { buildLessonTabs } from './galleryItems';
import { firstPictureOf } from './firstPicture';

const tab = (index: number, gallery: LessonTab['gallery'], videoUrl: string | null = null): LessonTab => ({ index, title: `Tab ${index}`, videoUrl, videoId: null, gallery });
const detail = (tabs: LessonTab[], showInTabs: boolean): LessonDetail => ({ id: 1, programId: 2, title: 'Catapult', showInTabs, tabs, imageCount: null, imageTabs: [] });
const picture = (name: string) => ({ original: `https://img.test/${name}.svg`, thumbnail: `https://img.test/${name}-t.svg` });

describe('firstPictureOf: the picture the gallery opens on', () => {
  it.each([
    ['the first tab has pictures', [tab(0, [picture('a'), picture('b')]), tab(1, [picture('c')])]],
    ['the first tab is empty', [tab(0, []), tab(1, [picture('c')])]],
    ['a video with its own picture comes first', [tab(0, [{ ...picture('poster'), embedUrl: 'https://video.test/1' }])]],
    ['only a video without a picture', [tab(0, [], 'https://video.test/2'), tab(1, [picture('late')])]],
    ['nothing at all', [tab(0, [])]],
    ['content only past the fifth tab', [0, 1, 2, 3, 4].map((i) => tab(i, [])).concat(tab(5, [picture('sixth')]))],
  ])('agrees with the gallery’s first slide when %s', (_case, tabs) => {
    for (const showInTabs of [true, false]) {
      const lesson = detail(tabs, showInTabs);
      const slide = buildLessonTabs(lesson, 'Catapult').tabs[0]?.slides[0];
      const expected = slide && !slide.original.startsWith('data:') ? slide.original : undefined;
      expect(firstPictureOf(lesson)).toBe(expected);
    }
  });
});
