import type { Lesson, LessonDetail, LessonTab, Program, ResponsiveImage } from '../../../api/types';
import { MAX_LESSON_TABS } from '../../../shared/constants';
import { textInLanguage } from '../../../shared/i18n/contentTexts';
import { modelKey } from './modelNames';

/** One slide of the instruction gallery, as the page hands it to react-image-gallery. */
export interface SlideView {
  original: string;
  thumbnail: string;
  /** The CMS's own description of the picture (shown as authored); without it the gallery names the step. */
  description?: string;
  /** What the gallery's alt texts say: the model (and part) title and, for a picture, its step among the tab's pictures. */
  caption: SlideCaption;
  width: number;
  height: number;
  /** Present for a video: its embed page. The player is created only when asked for. */
  embedUrl?: string;
  /** A studio-made step's sizes: the browser loads only the one it shows. */
  responsive?: ResponsiveImage;
}

/** `part`: the tab's title where the older route names the pictures by it. */
export type SlideCaption = { title: string; part?: string; step: number; steps: number } | { title: string; video: true };

export interface GalleryTabView {
  /** Stable id for ARIA ids and keys. */
  id: string;
  /** In the shown language; '' when the lesson shows one gallery without tabs, or the content leaves the tab unnamed. */
  title: string;
  /** The tab's name as the content names it in English (what a student's place is saved with). */
  englishTitle: string;
  slides: SlideView[];
}

/** Sizes used when the content does not say: the generated step drawings are 4:3. */
export const DEFAULT_SLIDE_SIZE = { width: 1200, height: 900 } as const;
export const THUMB_SIZE = { width: 96, height: 72 } as const;

/** A neutral poster for a video that comes without a picture (an inline SVG, no request). */
export const VIDEO_POSTER =
  'data:image/svg+xml;charset=utf-8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900" viewBox="0 0 1200 900">' +
      '<rect width="1200" height="900" fill="#0B5FB4"/>' +
      '<circle cx="600" cy="450" r="170" fill="#FFC627"/>' +
      '<path d="M545 360 L700 450 L545 540 Z" fill="#1C1B1F"/></svg>',
  );

function tabSlides(tab: LessonTab, lessonTitle: string, language: string): SlideView[] {
  const described = (item: LessonTab['gallery'][number]) => {
    const description = textInLanguage(item.description ?? '', item.descriptionTranslations, language);
    return description ? { description } : {};
  };
  const images = tab.gallery.filter((item) => !item.embedUrl);
  const videos = tab.gallery.filter((item) => item.embedUrl);
  const slides: SlideView[] = [];
  let step = 0;
  for (const item of tab.gallery) {
    if (item.embedUrl) {
      slides.push({
        original: item.original || VIDEO_POSTER,
        thumbnail: item.thumbnail || item.original || VIDEO_POSTER,
        ...described(item),
        caption: { title: lessonTitle, video: true },
        width: item.width ?? DEFAULT_SLIDE_SIZE.width,
        height: item.height ?? DEFAULT_SLIDE_SIZE.height,
        embedUrl: item.embedUrl,
      });
    } else {
      step += 1;
      slides.push({
        original: item.original,
        thumbnail: item.thumbnail || item.original,
        ...described(item),
        caption: { title: lessonTitle, step, steps: images.length },
        width: item.width ?? DEFAULT_SLIDE_SIZE.width,
        height: item.height ?? DEFAULT_SLIDE_SIZE.height,
        responsive: item.responsive,
      });
    }
  }
  // lesson_N_video_frame without a gallery item of its own: a video slide with a plain poster.
  if (tab.videoUrl && !videos.some((item) => item.embedUrl === tab.videoUrl)) {
    slides.push({
      original: VIDEO_POSTER,
      thumbnail: VIDEO_POSTER,
      caption: { title: lessonTitle, video: true },
      ...DEFAULT_SLIDE_SIZE,
      embedUrl: tab.videoUrl,
    });
  }
  return slides;
}

/**
 * A lesson's media: up to five tabs (only those with content) when show_in_diffrent_tabs is set,
 * else one gallery with everything in tab order. Tab names and step texts are in `language` (the
 * shown one) where the content gives them in it, else in English.
 */
export function buildLessonTabs(detail: LessonDetail, lessonTitle: string, language = 'en'): { tabs: GalleryTabView[]; tabbed: boolean } {
  const withContent = detail.tabs
    .slice(0, MAX_LESSON_TABS)
    .map((tab) => ({ tab, slides: tabSlides(tab, lessonTitle, language) }))
    .filter(({ slides }) => slides.length > 0);
  if (detail.showInTabs && withContent.length > 0) {
    return {
      tabbed: true,
      tabs: withContent.map(({ tab, slides }) => {
        // A tab the content leaves unnamed is named by the screen ("Part 2", in the reader's language).
        const englishTitle = tab.title.trim();
        return { id: `tab-${tab.index}`, title: englishTitle && textInLanguage(englishTitle, tab.titleTranslations, language), englishTitle, slides };
      }),
    };
  }
  return { tabbed: false, tabs: [{ id: 'all', title: '', englishTitle: '', slides: withContent.flatMap(({ slides }) => slides) }] };
}

export const legacySection = (lesson: Lesson): 'MainModels' | 'ExplorationModels' =>
  lesson.experimental ? 'ExplorationModels' : 'MainModels';

const decodedPath = (url: string): string => {
  try {
    return decodeURIComponent(new URL(url, 'http://site.invalid').pathname);
  } catch {
    return url;
  }
};

/**
 * The lesson's own gallery URLs by path. The portal backend signs its media URLs (?exp=&u=&sig=),
 * so the older route's files are loaded by the URL the lesson carries for the same path, when it
 * carries one; a plain WordPress site's files load by the built URL as they always did.
 */
function urlsByPath(detail: LessonDetail): (url: string) => string {
  const known = new Map<string, string>();
  for (const tab of detail.tabs) {
    for (const item of tab.gallery) for (const url of [item.original, item.thumbnail]) if (url) known.set(decodedPath(url), url);
  }
  return (url) => known.get(decodedPath(url)) ?? url;
}

function numberedSlides(base: string, count: number, title: string, part: string | undefined, urlOf: (url: string) => string): SlideView[] {
  return Array.from({ length: count }, (_, i) => ({
    original: urlOf(`${base}/${i + 1}.svg`),
    thumbnail: urlOf(`${base}/thumbs/${i + 1}.svg`),
    caption: { title, ...(part ? { part } : {}), step: i + 1, steps: count },
    ...DEFAULT_SLIDE_SIZE,
  }));
}

/**
 * The older gallery route: /progrmas/{program}/{section}/{Model}/{n}.svg with thumbnails in thumbs/,
 * tabbed models one folder per tab; counts come from the lesson's image_count / image_tabs.
 * Without counts it falls back to the lesson's own galleries.
 */
export function buildLegacyTabs(input: {
  siteUrl: string;
  program: Program;
  lesson: Lesson;
  detail: LessonDetail;
  title: string;
  language?: string;
}): { tabs: GalleryTabView[]; tabbed: boolean } {
  const { siteUrl, program, lesson, detail, title, language } = input;
  const root = `${siteUrl.replace(/\/$/, '')}/progrmas/${encodeURIComponent(program.programName || modelKey(program.title))}/${legacySection(lesson)}/${encodeURIComponent(modelKey(lesson.title))}`;
  const urlOf = urlsByPath(detail);
  const tabsWithImages = detail.imageTabs.filter((tab) => tab.count > 0).slice(0, MAX_LESSON_TABS);
  if (tabsWithImages.length > 0) {
    return {
      tabbed: true,
      tabs: tabsWithImages.map((tab, i) => ({
        id: `tab-${i}`,
        title: tab.title,
        englishTitle: tab.title,
        slides: numberedSlides(`${root}/${encodeURIComponent(tab.folder)}`, tab.count, title, tab.title, urlOf),
      })),
    };
  }
  if (detail.imageCount !== null && detail.imageCount > 0) {
    return { tabbed: false, tabs: [{ id: 'all', title: '', englishTitle: '', slides: numberedSlides(root, detail.imageCount, title, undefined, urlOf) }] };
  }
  return buildLessonTabs(detail, title, language);
}
