import { screen, within } from '@testing-library/react';
import type { WirePage } from '../../../contract/wire';
import { mapLessonDetail } from '../../api/pageMappers';
import { renderApp, signedInAs } from '../../../test/renderApp';
import { showQaLanguage } from '../../../test/catalogueTexts';
import { CATAPULT, createContentApi } from '../../../test/fixtures/content';
import { slideImages } from '../../../test/galleryDom';
import { spyOnStepViewed } from '../../../test/stepViewedSpy';
import { galleryRoute } from './galleryTestRoutes';

const picture = (n: number) => `https://portal.test/progrmas/studio/arm-${n}/1280.jpg`;

/**
 * Catapult as wp/v2/pages serves it: Build named in English, Hebrew and Spanish, Experiment in
 * English only; Build's first step has its text in all three, its second only in English, its third none.
 */
const catapultPage = {
  id: CATAPULT,
  parent: 130,
  title: { rendered: 'Catapult' },
  show_in_diffrent_tabs: true,
  metadata: {
    lesson_0_tab_title: ['Build'],
    lesson_0_tab_title_he: ['בנייה'],
    lesson_0_tab_title_es: ['Construir'],
    lesson_1_tab_title: ['Experiment'],
    lesson_1_tab_title_es: [''],
  },
  lesson_0_gallery: [
    { original: picture(1), thumbnail: picture(1), description: 'Put the arm on the base', description_he: 'שימו את הזרוע על הבסיס', description_es: 'Pon el brazo sobre la base' },
    { original: picture(2), thumbnail: picture(2), description: 'Add the rubber band' },
    { original: picture(3), thumbnail: picture(3) },
  ],
  lesson_1_gallery: [{ original: picture(4), thumbnail: picture(4) }],
} as unknown as WirePage;

function openCatapult() {
  const api = createContentApi({ unlocked: [CATAPULT], overrides: { getLesson: async () => mapLessonDetail(catapultPage) } });
  return renderApp({ route: galleryRoute(CATAPULT), session: signedInAs('mia', { unlockedLessonIds: [CATAPULT] }), api });
}

const tabNames = () => within(screen.getByRole('tablist')).getAllByRole('tab').map((tab) => tab.textContent);
const stepTexts = () => slideImages().map((image) => image.alt);

describe("a model's tab names and step texts in the reader's language", () => {
  let stepViewed: jest.SpyInstance;
  beforeEach(() => {
    stepViewed = spyOnStepViewed();
  });
  afterEach(() => stepViewed.mockRestore());

  it('in Spanish: the Spanish names and texts where the office gave them, the English ones elsewhere', async () => {
    const view = openCatapult();
    await screen.findByRole('tablist', { name: 'Catapult parts' });
    await showQaLanguage('es');
    expect(await screen.findByRole('tab', { name: 'Construir', selected: true })).toBeInTheDocument();
    expect(tabNames()).toEqual(['Construir', 'Experiment']);
    expect(stepTexts()).toEqual(['Pon el brazo sobre la base', 'Add the rubber band', 'Catapult, paso 3 de 3']);
    // The student's place keeps the tab's English name (Class now shows it in the teacher's language).
    expect(stepViewed.mock.calls.at(-1)?.[0]).toMatchObject({ tabId: 'tab-0', tabTitle: 'Build' });
    view.unmount();
  });

  it('in Hebrew, right to left: the Hebrew ones, and the English where none was given', async () => {
    const view = openCatapult();
    await screen.findByRole('tablist', { name: 'Catapult parts' });
    await showQaLanguage('he');
    expect(await screen.findByRole('tab', { name: 'בנייה', selected: true })).toBeInTheDocument();
    expect(tabNames()).toEqual(['בנייה', 'Experiment']);
    expect(stepTexts()[0]).toBe('שימו את הזרוע על הבסיס');
    expect(stepTexts()[1]).toBe('Add the rubber band');
    // A text the office wrote is shown as written: its direction is the text's own.
    expect(slideImages()[0]).toHaveAttribute('dir', 'auto');
    view.unmount();
  });

  it('in English, and on a site whose pages have no such keys, what it showed before', async () => {
    const view = openCatapult();
    expect(await screen.findByRole('tab', { name: 'Build', selected: true })).toBeInTheDocument();
    expect(tabNames()).toEqual(['Build', 'Experiment']);
    expect(stepTexts()).toEqual(['Put the arm on the base', 'Add the rubber band', 'Catapult, step 3 of 3']);
    view.unmount();

    const plain = createContentApi({ unlocked: [CATAPULT] });
    const wordPress = renderApp({ route: galleryRoute(CATAPULT), session: signedInAs('mia', { unlockedLessonIds: [CATAPULT] }), api: plain });
    await screen.findByRole('tablist', { name: 'Catapult parts' });
    await showQaLanguage('es');
    expect(await screen.findByRole('tab', { name: 'Build', selected: true })).toBeInTheDocument();
    expect(tabNames()).toEqual(['Build', 'Experiment', 'Video']);
    wordPress.unmount();
  });

  it("a tab the content leaves unnamed is 'Part 2' in the reader's language, and its place is saved without a name", async () => {
    const unnamed = { ...catapultPage, metadata: { ...catapultPage.metadata, lesson_1_tab_title: [''] } } as unknown as WirePage;
    const api = createContentApi({ unlocked: [CATAPULT], overrides: { getLesson: async () => mapLessonDetail(unnamed) } });
    const view = renderApp({ route: galleryRoute(CATAPULT), session: signedInAs('mia', { unlockedLessonIds: [CATAPULT] }), api });
    await screen.findByRole('tablist', { name: 'Catapult parts' });
    expect(tabNames()).toEqual(['Build', 'Part 2']);
    await showQaLanguage('es');
    expect(await screen.findByRole('tab', { name: 'Parte 2' })).toBeInTheDocument();
    await showQaLanguage('he');
    expect(await screen.findByRole('tab', { name: 'חלק 2' })).toBeInTheDocument();
    screen.getByRole('tab', { name: 'חלק 2' }).click();
    expect(await screen.findByRole('tab', { name: 'חלק 2', selected: true })).toBeInTheDocument();
    expect(stepViewed.mock.calls.at(-1)?.[0]).toMatchObject({ tabId: 'tab-1', tabTitle: '' });
    view.unmount();
  });
});
