/**
 * How the content studio stores programs and models: as the fields and post meta of WordPress
 * pages, exactly as the seeded demo (and a WordPress site) has them, so wp/v2/pages serves studio
 * content unchanged. Pure functions: the importer can build the same shapes (programState,
 * modelState) and write them with writePublishedPage (studio.ts).
 */
import sanitizeHtml from 'sanitize-html';
import { CONTENT_IDS, STUDIO_LIMITS, type StudioModelInput, type StudioProgramInput, type StudioStepInput, type StudioTabInput } from '../../contract';
import type { PageRow } from '../db/schema';
import { isMediaPath } from '../media/mediaAccess';
import { CODE_META_KEY, parseMeta, parseObject } from './content';

/** What a page shows: the columns and JSON a draft holds (pages.draft_json) or the row itself has. */
export interface PageState {
  title: string;
  /** HTML */
  content: string;
  meta: Record<string, string>;
  fields: Record<string, unknown>;
}

export const PROGRAMS_ROOT = CONTENT_IDS.programsRoot;
const TAB_SLOTS = 5;

/** Meta of the older gallery route (numbered files): a model saved by the studio uses its galleries instead. */
const LEGACY_META = ['image_count', 'image_tabs'];


export function liveState(row: PageRow): PageState {
  return { title: row.title, content: row.content, meta: parseMeta(row), fields: parseObject(row.fields_json) };
}

/** Rows are read-only once loaded: each one's state is parsed once (sorting a catalogue asks many times). */
const parsedStates = new WeakMap<PageRow, PageState>();

/** The page as the studio edits it: its draft when it has one. Treat the answer as read-only. */
export function effectiveState(row: PageRow): PageState {
  let state = parsedStates.get(row);
  if (!state) {
    state = parseEffectiveState(row);
    parsedStates.set(row, state);
  }
  return state;
}

function parseEffectiveState(row: PageRow): PageState {
  if (row.draft_json === null || row.draft_json === '') return liveState(row);
  const draft = parseObject(row.draft_json);
  const live = liveState(row);
  return {
    title: typeof draft.title === 'string' ? draft.title : live.title,
    content: typeof draft.content === 'string' ? draft.content : live.content,
    meta: typeof draft.meta === 'object' && draft.meta !== null ? (draft.meta as Record<string, string>) : live.meta,
    fields: typeof draft.fields === 'object' && draft.fields !== null ? (draft.fields as Record<string, unknown>) : live.fields,
  };
}

/** The row with these columns (what publishing a draft writes, and what a preview presents). */
export function rowWithState(row: PageRow, state: PageState): PageRow {
  return { ...row, title: state.title, content: state.content, meta_json: JSON.stringify(state.meta), fields_json: JSON.stringify(state.fields) };
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
      hide: input.hidden ? '1' : '0',
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
    hidden: String(state.meta.hide ?? '0').trim() === '1',
    logo: imageValue(state.fields.program_logo),
    longImage: imageValue(state.fields.lego_long),
    desktopBackground: imageValue(state.fields.program_desktop_backgroung),
    mobileBackground: imageValue(state.fields.program_mobile_backgroung),
    description: state.content,
  };
}

export const programOrderOf = (state: PageState): number => Number(state.meta.order ?? 0) || 0;

// ---- models ---------------------------------------------------------------------------------

/** A gallery item as the demo and WordPress store it. */
export interface StoredGalleryItem {
  original: string;
  thumbnail: string;
  /** Absent when unknown (a step imported without its size: width and height 0). */
  originalWidth?: number;
  originalHeight?: number;
}

export function galleryItemOf(step: StudioStepInput): StoredGalleryItem {
  const item: StoredGalleryItem = { original: step.original, thumbnail: step.thumbnail };
  if (step.width > 0 && step.height > 0) {
    item.originalWidth = step.width;
    item.originalHeight = step.height;
  }
  return item;
}

/**
 * A model page's state from the editor's input. Tab N's steps go to lesson_N_gallery, its video to
 * lesson_N_video_frame { url } (a media path or an embed URL: the app plays either in its video
 * slide), its title to meta lesson_N_tab_title. The older route's numbered-file meta and the demo's
 * lesson_N_videoid go: the galleries now say it all.
 */
export function modelState(input: StudioModelInput, programName: string, order: number, previous: PageState | null): PageState {
  const meta: Record<string, string> = {};
  for (const [key, value] of Object.entries(previous?.meta ?? {})) {
    if (LEGACY_META.includes(key) || /^lesson_\d+_(tab_title|videoid)$/.test(key)) continue;
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
    if (tab && tab.title !== '') meta[`lesson_${i}_tab_title`] = tab.title;
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
  return {
    original,
    thumbnail: imageValue(g.thumbnail) || original,
    width: Number(g.originalWidth ?? g.width ?? 0) || 0,
    height: Number(g.originalHeight ?? g.height ?? 0) || 0,
  };
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
      title: state.meta[`lesson_${i}_tab_title`] ?? '',
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

/** A name to show for a step: its upload folder, or the file's name. */
export function stepNameOf(step: StudioStepInput): string {
  const match = STUDIO_ORIGINAL.exec(step.original);
  if (match) return match[1]!.split('/').pop() ?? match[1]!;
  return step.original.split('?')[0]!.split('/').pop() ?? step.original;
}

export const modelOrderOf = (state: PageState): number => Number(state.meta.order ?? 0) || 0;

export const isExperimental = (state: PageState): boolean => String(state.meta.experimental_model ?? '0').trim() === '1';
