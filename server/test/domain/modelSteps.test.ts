/**
 * A model's tabs and steps as the instruction gallery shows them to a child, read from the stored
 * page: the place a child saves (tab position, step) names a step of these, so the insights find
 * its picture and know the model's last step.
 */
import type { PageRow } from '../../db/schema';
import { isLastStep, modelTabs } from '../../domain/modelSteps';

const page = (fields: Record<string, unknown>, meta: Record<string, string> = {}): PageRow => ({
  id: 500,
  parent: 130,
  title: 'Model',
  slug: 'model',
  status: 'publish',
  menu_order: 0,
  content: '',
  excerpt: '',
  date: '2026-11-01T00:00:00.000Z',
  modified: '2026-11-01T00:00:00.000Z',
  meta_json: JSON.stringify(meta),
  fields_json: JSON.stringify(fields),
  draft_json: null,
});
const step = (n: number) => ({ original: `/progrmas/M/${n}.svg`, thumbnail: `/progrmas/M/thumbs/${n}.svg` });

test('with tabs, each slot with something to show is a tab (empty slots are skipped), named in English; a video frame without its own item is a step without a picture', () => {
  const tabs = modelTabs(
    page(
      { show_in_diffrent_tabs: ['1'], lesson_0_gallery: [step(1), step(2)], lesson_1_gallery: false, lesson_2_gallery: { 1: step(4), 0: { url: '/progrmas/M/3.svg' } }, lesson_3_video_frame: { url: 'https://video.example/embed/1' } },
      { lesson_0_tab_title: ' Build ', lesson_2_tab_title: 'Experiment', lesson_3_tab_title: 'Video' },
    ),
  );
  expect(tabs).toEqual([
    { title: 'Build', thumbnails: ['/progrmas/M/thumbs/1.svg', '/progrmas/M/thumbs/2.svg'] },
    { title: 'Experiment', thumbnails: ['/progrmas/M/3.svg', '/progrmas/M/thumbs/4.svg'] },
    { title: 'Video', thumbnails: [null] },
  ]);
  expect(isLastStep(tabs, 2, 1)).toBe(true);
  expect(isLastStep(tabs, 1, 2)).toBe(false);
});

test("without tabs, one gallery holds every slot's steps in order, its tab unnamed", () => {
  const tabs = modelTabs(page({ show_in_diffrent_tabs: false, lesson_0_gallery: [step(1), '', step(2)], lesson_1_gallery: [step(3)] }, { lesson_0_tab_title: 'Build' }));
  expect(tabs).toEqual([{ title: '', thumbnails: ['/progrmas/M/thumbs/1.svg', '/progrmas/M/thumbs/2.svg', '/progrmas/M/thumbs/3.svg'] }]);
  expect(isLastStep(tabs, 0, 3)).toBe(true);
});
