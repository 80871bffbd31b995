/**
 * A content page as stored: its row's columns and the JSON of its post meta and custom fields, and
 * the content studio's draft beside them (pages.draft_json). Both what wp/v2/pages presents
 * (content.ts) and what the studio edits and publishes (studioPages.ts, studio.ts) read pages
 * through these functions.
 */
import type { PageRow } from '../db/schema';

/** The post meta key of a lesson's unlock code. */
export const CODE_META_KEY = 'lesson_password';

export function parseMeta(row: PageRow): Record<string, string> {
  return parseObject(row.meta_json) as Record<string, string>;
}

/** A JSON object column's value ({} when it holds anything else). */
export function parseObject(json: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** What a page shows: the columns and JSON a draft holds (pages.draft_json) or the row itself has. */
export interface PageState {
  title: string;
  /** HTML */
  content: string;
  meta: Record<string, string>;
  fields: Record<string, unknown>;
}

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
