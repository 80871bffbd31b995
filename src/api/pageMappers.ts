/**
 * WordPress pages to programs, lessons, lesson details and the terms page. A separate module that
 * the ApiClient loads with the first content call, so the login page does not download it.
 */
import { decodeEntities } from './text';
import { isObj, toList, toNumber, toNumberOrNull, toText, type Obj } from './mappers';
import type { ContentPage, GalleryItem, Lesson, LessonDetail, LessonTab, Program, ResponsiveImage } from './types';
import { CONTENT_TEXT_LANGUAGES, descriptionKey, tabTitleMetaKey, type ContentTextLanguage, type ContentTexts, type WireGalleryItem, type WireImage, type WireMeta, type WirePage } from '../../contract';

// Readers only content pages need (they load with this module, not with the login page).

/** Post meta: the first item of an array, or the bare value; '' when absent. */
export function metaValue(value: WireMeta | null | undefined | unknown): string {
  if (Array.isArray(value)) return value.length > 0 ? toText(value[0]) : '';
  return toText(value);
}

/** A truthy flag however it arrives: true, 1, "1", "true", "yes", ["1"]. */
export function toFlag(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0 && toFlag(value[0]);
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  if (typeof value === 'string') return ['1', 'true', 'yes', 'on'].includes(value.trim().toLowerCase());
  return false;
}

/** An image field: a URL, an object with a url, or false/null/'' for none. */
export function toImage(value: WireImage | unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (isObj(value) && typeof value.url === 'string' && value.url !== '') return value.url;
  return null;
}

const MAX_TABS = 5;

const title = (page: Partial<WirePage>): string =>
  decodeEntities(isObj(page.title) ? toText((page.title as Obj).rendered) : toText(page.title)).trim();

export function mapContentPage(wire: WirePage): ContentPage {
  return {
    id: toNumber(wire.id),
    title: title(wire),
    html: isObj(wire.content) ? toText((wire.content as Obj).rendered) : '',
  };
}

const meta = (page: WirePage, key: string): string => metaValue(isObj(page.metadata) ? page.metadata[key] : undefined);

export function mapProgram(wire: WirePage): Program {
  return {
    id: toNumber(wire.id),
    title: title(wire),
    order: toNumber(meta(wire, 'order'), toNumber(wire.menu_order)),
    hidden: toFlag(meta(wire, 'hide')),
    forTeachers: meta(wire, 'audience') === 'teachers',
    enrolled: wire.enrolled === true,
    displayTitle: decodeEntities(meta(wire, 'title')),
    programName: meta(wire, 'program_name'),
    legoLong: toImage(wire.lego_long),
    logo: toImage(wire.program_logo),
    desktopBackground: toImage(wire.program_desktop_backgroung),
    mobileBackground: toImage(wire.program_mobile_backgroung),
  };
}

export function mapLesson(wire: WirePage): Lesson {
  const code = meta(wire, 'lesson_password').trim();
  return {
    id: toNumber(wire.id),
    programId: toNumber(wire.parent),
    title: title(wire),
    order: toNumber(meta(wire, 'order'), toNumber(wire.menu_order)),
    experimental: toFlag(meta(wire, 'experimental_model')),
    colorTitleImage: toImage(wire.single_model_lego_color),
    smallImage: toImage(wire.small_image),
    programName: toText(wire.program_name) || meta(wire, 'program_name'),
    unlockCode: code === '' ? null : code,
    unlocked: typeof wire.unlocked === 'boolean' ? wire.unlocked : null,
    lessonPlansTitle: decodeEntities(meta(wire, 'lesson_plans_title')),
    lessonPlansUrl: meta(wire, 'lesson_plans_url'),
    showInTabs: toFlag(wire.show_in_diffrent_tabs),
  };
}

export const mapPrograms = (wire: unknown): Program[] => toList<WirePage>(wire).filter(isObj).map(mapProgram);
export const mapLessons = (wire: unknown): Lesson[] => toList<WirePage>(wire).filter(isObj).map(mapLesson);

/** A text's other languages (a site without them, or with '' there, gives none: the English stands). */
function translations(read: (language: ContentTextLanguage) => string): ContentTexts | null {
  const texts: ContentTexts = {};
  for (const language of CONTENT_TEXT_LANGUAGES) {
    const text = read(language).trim();
    if (text !== '') texts[language] = text;
  }
  return Object.keys(texts).length > 0 ? texts : null;
}

function mapGalleryItem(wire: WireGalleryItem | string): GalleryItem | null {
  if (typeof wire === 'string') return wire === '' ? null : { original: wire, thumbnail: wire };
  if (!isObj(wire)) return null;
  const original = toImage(wire.original) ?? toImage((wire as Obj).url);
  if (original === null) return null;
  const item: GalleryItem = { original, thumbnail: toImage(wire.thumbnail) ?? original };
  if (typeof wire.embedUrl === 'string' && wire.embedUrl !== '') item.embedUrl = wire.embedUrl;
  const width = toNumberOrNull(wire.originalWidth);
  const height = toNumberOrNull(wire.originalHeight);
  if (width !== null) item.width = width;
  if (height !== null) item.height = height;
  if (typeof wire.description === 'string' && wire.description !== '') item.description = wire.description;
  const descriptions = translations((language) => toText(wire[descriptionKey(language)]));
  if (descriptions) item.descriptionTranslations = descriptions;
  const responsive = responsiveImage(wire);
  if (responsive) item.responsive = responsive;
  return item;
}

/** A studio-made step's srcset and sizes; none without both (a plain WordPress item, a seeded one). */
function responsiveImage(wire: WireGalleryItem): ResponsiveImage | null {
  const srcSet = toText(wire.srcSet).trim();
  const sizes = toText(wire.sizes).trim();
  if (srcSet === '' || sizes === '') return null;
  return { srcSet, sizes, webpSrcSet: toText(wire.webpSrcSet).trim(), thumbnailWebp: toText(wire.thumbnailWebp).trim() };
}

function videoUrl(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (isObj(value) && typeof value.url === 'string' && value.url !== '') return value.url;
  return null;
}

function imageTabs(raw: string): LessonDetail['imageTabs'] {
  if (raw.trim() === '') return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return toList<unknown>(parsed)
      .filter(isObj)
      .map((tab) => ({ title: decodeEntities(toText(tab.title)), count: toNumber(tab.count), folder: toText(tab.folder) }));
  } catch {
    return [];
  }
}

export function mapLessonDetail(wire: WirePage): LessonDetail {
  const tabs: LessonTab[] = [];
  for (let index = 0; index < MAX_TABS; index += 1) {
    const videoId = meta(wire, `lesson_${index}_videoid`).trim();
    const titles = translations((language) => decodeEntities(meta(wire, tabTitleMetaKey(index, language))));
    tabs.push({
      index,
      title: decodeEntities(meta(wire, tabTitleMetaKey(index))).trim(),
      ...(titles ? { titleTranslations: titles } : {}),
      videoUrl: videoUrl(wire[`lesson_${index}_video_frame`]),
      videoId: videoId === '' ? null : videoId,
      gallery: toList<WireGalleryItem | string>(wire[`lesson_${index}_gallery`])
        .map(mapGalleryItem)
        .filter((item): item is GalleryItem => item !== null),
    });
  }
  return {
    id: toNumber(wire.id),
    programId: toNumber(wire.parent),
    title: title(wire),
    showInTabs: toFlag(wire.show_in_diffrent_tabs),
    tabs,
    imageCount: toNumberOrNull(meta(wire, 'image_count')),
    imageTabs: imageTabs(meta(wire, 'image_tabs')),
  };
}
