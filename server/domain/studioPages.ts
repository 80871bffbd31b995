/**
 * How the content studio stores programs and models: as the fields and post meta of WordPress
 * pages, exactly as the seeded demo (and a WordPress site) has them, so wp/v2/pages serves studio
 * content unchanged. Pure functions: the importer can build the same shapes (programState,
 * modelState) and write them with writePublishedPage (studio.ts).
 */
import sanitizeHtml from 'sanitize-html';
import { CONTENT_IDS, CONTENT_TEXT_LANGUAGES, STUDIO_LIMITS, descriptionKey, tabTitleMetaKey, type ContentTextLanguage, type ContentTexts, type StudioModelInput, type StudioProgramInput, type StudioStepInput, type StudioTabInput } from '../../contract';
import type { PageRow } from '../db/schema';
import { isMediaPath } from '../media/mediaAccess';
import { CODE_META_KEY, effectiveState, liveState, rowWithState, type PageState } from './pageState';
import { audienceMeta, audienceOf } from './programAudience';

export const PROGRAMS_ROOT = CONTENT_IDS.programsRoot;
const TAB_SLOTS = 5;

/** Meta of the older gallery route (numbered files): a model saved by the studio uses its galleries instead. */
const LEGACY_META = ['image_count', 'image_tabs'];

/**
 * What publishing writes to a page: what the studio shows of it (its draft, or a page never
 * published itself) becomes the live page, with status publish and no draft. A published page
 * keeps its slug (links to it keep working); a page published the first time gets one from its title.
 */
export function publishedPatch(row: PageRow, now: Date): Partial<PageRow> {
  const state = effectiveState(row);
  const published = rowWithState(row, state);
  return {
    status: 'publish',
    title: published.title,
    slug: row.status === 'publish' ? row.slug : slugOf(published.title, row.id),
    content: published.content,
    meta_json: published.meta_json,
    fields_json: published.fields_json,
    menu_order: Number(state.meta.order ?? row.menu_order) || 0,
    draft_json: null,
    modified: now.toISOString(),
  };
}

/** A model's program name (meta and field program_name, live and draft) after its program's new name is published. */
export function renamedModelPatch(model: PageRow, programName: string): Partial<PageRow> {
  const rename = (state: PageState): PageState => ({ ...state, meta: { ...state.meta, program_name: programName }, fields: { ...state.fields, program_name: programName } });
  const live = rename(liveState(model));
  return {
    meta_json: JSON.stringify(live.meta),
    fields_json: JSON.stringify(live.fields),
    ...(model.draft_json !== null ? { draft_json: JSON.stringify(rename(effectiveState(model))) } : {}),
  };
}

export const slugOf = (title: string, id: number): string =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 190) || `page-${id}`;

/** A new row for a page the studio creates: never published yet (wp/v2/pages shows only status publish). */
export function newPageRow(id: number, parent: number, state: PageState, now: Date): PageRow {
  const at = now.toISOString();
  return {
    id,
    parent,
    title: state.title,
    slug: slugOf(state.title, id),
    status: 'draft',
    menu_order: Number(state.meta.order ?? 0) || 0,
    content: state.content,
    excerpt: '',
    date: at,
    modified: at,
    meta_json: JSON.stringify(state.meta),
    fields_json: JSON.stringify(state.fields),
    draft_json: null,
  };
}

// ---- program description ------------------------------------------------------------------

/** A program's long description: headings, paragraphs, lists, links, emphasis, and pictures from the media storage. */
export function sanitizeDescription(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ['h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'ul', 'ol', 'li', 'a', 'strong', 'em', 'b', 'i', 'img'],
    allowedAttributes: { a: ['href', 'title'], img: ['src', 'alt', 'width', 'height'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: [] },
    allowProtocolRelative: false,
    exclusiveFilter: (frame) => frame.tag === 'img' && !isMediaPath(frame.attribs.src ?? ''),
  }).trim();
}

// ---- programs -------------------------------------------------------------------------------

/** A program page's state from the editor's input (description already sanitised); other meta and fields it had are kept. */
export function programState(input: StudioProgramInput, order: number, previous: PageState | null): PageState {
  return {
    title: input.title,
    content: input.description,
    meta: {
      ...previous?.meta,
      order: String(order),
      ...audienceMeta(input.audience),
      title: input.title,
      program_name: input.programName,
    },
    fields: {
      ...previous?.fields,
      program_name: input.programName,
      lego_long: input.longImage,
      program_logo: input.logo,
      program_desktop_backgroung: input.desktopBackground,
      program_mobile_backgroung: input.mobileBackground,
    },
  };
}

/** A stored picture field as a path or URL: a string, or WordPress's image object { url }. */
export function imageValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && value !== null && typeof (value as { url?: unknown }).url === 'string') return (value as { url: string }).url;
  return '';
}

export function programInputOf(state: PageState): StudioProgramInput {
  return {
    title: state.title,
    programName: state.meta.program_name ?? imageValue(state.fields.program_name),
    audience: audienceOf(state.meta),
    logo: imageValue(state.fields.program_logo),
    longImage: imageValue(state.fields.lego_long),
    desktopBackground: imageValue(state.fields.program_desktop_backgroung),
    mobileBackground: imageValue(state.fields.program_mobile_backgroung),
    description: state.content,
  };
}

export const programOrderOf = (state: PageState): number => Number(state.meta.order ?? 0) || 0;

/**
 * Why a program may not be published yet, or null: without a logo and without a single model its
 * tile would be blank and lead nowhere.
 */
export function programPublishProblem(state: PageState, modelCount: number): string | null {
  if (modelCount > 0 || programInputOf(state).logo !== '') return null;
  return 'This program has no logo and no models, so students would see an empty tile. Add a logo or a model, then publish.';
}

// ---- models ---------------------------------------------------------------------------------

/** A gallery item as the demo and WordPress store it. */
export interface StoredGalleryItem {
  original: string;
  thumbnail: string;
  /** The step's name in the studio (its uploaded file's name). */
  name?: string;
  /** Absent when unknown (a step imported without its size: width and height 0). */
  originalWidth?: number;
  originalHeight?: number;
  /** The step's text in English, and description_he, description_es in the other languages; each absent when not given. */
  description?: string;
  description_he?: string;
  description_es?: string;
}

export function galleryItemOf(step: StudioStepInput): StoredGalleryItem {
  const item: StoredGalleryItem = { original: step.original, thumbnail: step.thumbnail };
  if (step.name) item.name = step.name;
  if (step.width > 0 && step.height > 0) {
    item.originalWidth = step.width;
    item.originalHeight = step.height;
  }
  if (step.description) item.description = step.description;
  for (const language of CONTENT_TEXT_LANGUAGES) {
    const given = step.descriptionTranslations?.[language];
    if (given) item[descriptionKey(language)] = given;
  }
  return item;
}

/** The texts of the other languages read from stored values (meta or a gallery item's keys); '' and non-text left out. */
function translationsOf(read: (language: ContentTextLanguage) => unknown): ContentTexts {
  const texts: ContentTexts = {};
  for (const language of CONTENT_TEXT_LANGUAGES) {
    const value = read(language);
    if (typeof value === 'string' && value !== '') texts[language] = value;
  }
  return texts;
}

/** Meta the studio writes for a model's tabs (and the demo's video ids): rewritten whole on every save. */
const TAB_META = new RegExp(`^lesson_\\d+_(tab_title(_(${CONTENT_TEXT_LANGUAGES.join('|')}))?|videoid)$`);

/**
 * A model page's state from the editor's input. Tab N's steps go to lesson_N_gallery, its video to
 * lesson_N_video_frame { url } (a media path or an embed URL: the app plays either in its video
 * slide), its title to meta lesson_N_tab_title (in Hebrew and Spanish lesson_N_tab_title_he and
 * _es, when given). The older route's numbered-file meta and the demo's lesson_N_videoid go: the
 * galleries now say it all.
 */
export function modelState(input: StudioModelInput, programName: string, order: number, previous: PageState | null): PageState {
  const meta: Record<string, string> = {};
  for (const [key, value] of Object.entries(previous?.meta ?? {})) {
    if (LEGACY_META.includes(key) || TAB_META.test(key)) continue;
    meta[key] = value;
  }
  Object.assign(meta, {
    order: String(order),
    experimental_model: input.experimental ? '1' : '0',
    [CODE_META_KEY]: input.code,
    lesson_plans_title: input.lessonPlanTitle,
    lesson_plans_url: input.lessonPlan,
    program_name: programName,
  });
  const fields: Record<string, unknown> = {
    ...previous?.fields,
    single_model_lego_color: input.titleImage,
    small_image: input.smallImage,
    program_name: programName,
    show_in_diffrent_tabs: input.showInDifferentTabs,
  };
  const posters = videoPosters(previous);
  for (let i = 0; i < TAB_SLOTS; i += 1) {
    const tab: StudioTabInput | undefined = input.tabs[i];
    // A video that keeps its poster item (the demo's and WordPress's video slides) keeps it after the steps.
    const items: unknown[] = [...(tab?.steps.map(galleryItemOf) ?? []), ...(tab && tab.video !== '' ? (posters.get(tab.video) ?? []) : [])];
    fields[`lesson_${i}_gallery`] = items.length > 0 ? items : false;
    fields[`lesson_${i}_video_frame`] = tab && tab.video !== '' ? { url: tab.video } : false;
    if (tab && tab.title !== '') meta[tabTitleMetaKey(i)] = tab.title;
    for (const language of CONTENT_TEXT_LANGUAGES) {
      const title = tab?.titleTranslations?.[language];
      if (title) meta[tabTitleMetaKey(i, language)] = title;
    }
  }
  return { title: input.title, content: previous?.content ?? '', meta, fields };
}

/** A stored model's video poster items (gallery items with an embedUrl), by the video they show. */
function videoPosters(previous: PageState | null): Map<string, unknown[]> {
  const posters = new Map<string, unknown[]>();
  for (let i = 0; i < TAB_SLOTS; i += 1) {
    const gallery = previous?.fields[`lesson_${i}_gallery`];
    for (const item of Array.isArray(gallery) ? gallery : []) {
      const embedUrl = typeof item === 'object' && item !== null ? (item as { embedUrl?: unknown }).embedUrl : undefined;
      if (typeof embedUrl === 'string' && embedUrl !== '') posters.set(embedUrl, [...(posters.get(embedUrl) ?? []), item]);
    }
  }
  return posters;
}

function stepOf(item: unknown): StudioStepInput | null {
  if (typeof item === 'string') return item === '' ? null : { original: item, thumbnail: item, width: 0, height: 0 };
  if (typeof item !== 'object' || item === null) return null;
  const g = item as Record<string, unknown>;
  // A video's poster item (the demo's video tabs): the tab's video, not a step.
  if (typeof g.embedUrl === 'string' && g.embedUrl !== '') return null;
  const original = imageValue(g.original) || imageValue(g.url);
  if (original === '') return null;
  const step: StudioStepInput = {
    original,
    thumbnail: imageValue(g.thumbnail) || original,
    width: Number(g.originalWidth ?? g.width ?? 0) || 0,
    height: Number(g.originalHeight ?? g.height ?? 0) || 0,
  };
  if (typeof g.name === 'string' && g.name !== '') step.name = g.name;
  if (typeof g.description === 'string' && g.description !== '') step.description = g.description;
  const translations = translationsOf((language) => g[descriptionKey(language)]);
  if (Object.keys(translations).length > 0) step.descriptionTranslations = translations;
  return step;
}

function videoOf(state: PageState, i: number): string {
  const frame = state.fields[`lesson_${i}_video_frame`];
  if (typeof frame === 'string') return frame;
  return imageValue(frame);
}

/** The editor's view of a stored model: tabs up to the last one with a title, steps or a video (at least one). */
export function modelInputOf(state: PageState): StudioModelInput {
  const tabs: StudioTabInput[] = [];
  for (let i = 0; i < TAB_SLOTS; i += 1) {
    const gallery = state.fields[`lesson_${i}_gallery`];
    tabs.push({
      title: state.meta[tabTitleMetaKey(i)] ?? '',
      titleTranslations: translationsOf((language) => state.meta[tabTitleMetaKey(i, language)]),
      steps: (Array.isArray(gallery) ? gallery : []).map(stepOf).filter((s): s is StudioStepInput => s !== null),
      video: videoOf(state, i),
    });
  }
  let count = TAB_SLOTS;
  while (count > 1 && tabs[count - 1]!.title === '' && tabs[count - 1]!.steps.length === 0 && tabs[count - 1]!.video === '') count -= 1;
  return {
    title: state.title,
    code: state.meta[CODE_META_KEY] ?? '',
    experimental: isExperimental(state),
    titleImage: imageValue(state.fields.single_model_lego_color),
    smallImage: imageValue(state.fields.small_image),
    lessonPlanTitle: state.meta.lesson_plans_title ?? '',
    lessonPlan: state.meta.lesson_plans_url ?? '',
    showInDifferentTabs: state.fields.show_in_diffrent_tabs === true || state.fields.show_in_diffrent_tabs === '1' || state.fields.show_in_diffrent_tabs === 1,
    tabs: tabs.slice(0, Math.min(count, STUDIO_LIMITS.tabs)),
  };
}

/** The stored name of a studio step's sizes (contract/studio.ts): /progrmas/studio/{folder}/{width}.jpg. */
const STUDIO_ORIGINAL = /^\/progrmas\/studio\/(.+)\/(\d+)\.jpg$/;

/** A name to show for a step: the name it was given (its uploaded file's), else its upload folder or the file's name. */
export function stepNameOf(step: StudioStepInput): string {
  if (step.name) return step.name;
  const match = STUDIO_ORIGINAL.exec(step.original);
  if (match) return match[1]!.split('/').pop() ?? match[1]!;
  return step.original.split('?')[0]!.split('/').pop() ?? step.original;
}

export const modelOrderOf = (state: PageState): number => Number(state.meta.order ?? 0) || 0;

export const isExperimental = (state: PageState): boolean => String(state.meta.experimental_model ?? '0').trim() === '1';
