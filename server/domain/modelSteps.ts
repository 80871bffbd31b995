/**
 * A model's tabs and steps as the instruction gallery shows them to a child (the app's
 * buildLessonTabs), read from the stored page: a child's place names a tab by its position among
 * the tabs with something to show and a step by its slide in that tab, videos included. Up to five
 * gallery slots; with show_in_diffrent_tabs each slot with content is a tab, else one gallery holds
 * every slot's slides in order.
 */
import { tabTitleMetaKey } from '../../contract';
import type { PageRow } from '../db/schema';
import { parseMeta, parseObject } from './pageState';
import { imageValue } from './studioPages';

const GALLERY_SLOTS = 5;

export interface ModelTab {
  /** The tab's English name; '' without tabs (or a tab the content leaves unnamed). */
  title: string;
  /** Each step's thumbnail as stored (a media path or URL), 1-based step n at n - 1; null for a video without a picture. */
  thumbnails: (string | null)[];
}

/** A gallery as WordPress stores it: a list, or an object keyed by index. */
function listOf(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (typeof value !== 'object' || value === null) return [];
  const entries = Object.entries(value);
  const index = (key: string) => (/^\d+$/.test(key) ? Number(key) : Number.MAX_SAFE_INTEGER);
  return entries.sort(([a], [b]) => index(a) - index(b) || a.localeCompare(b)).map(([, item]) => item);
}

/** A slide's thumbnail, or undefined for an item that shows nothing (the gallery skips it). */
function slideOf(item: unknown): { thumbnail: string | null; embedUrl: string } | undefined {
  if (typeof item === 'string') return item === '' ? undefined : { thumbnail: item, embedUrl: '' };
  if (typeof item !== 'object' || item === null) return undefined;
  const g = item as Record<string, unknown>;
  const original = imageValue(g.original) || imageValue(g.url);
  if (original === '') return undefined;
  return { thumbnail: imageValue(g.thumbnail) || original, embedUrl: typeof g.embedUrl === 'string' ? g.embedUrl : '' };
}

const isOn = (value: unknown): boolean => {
  if (Array.isArray(value)) return value.length > 0 && isOn(value[0]);
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  return typeof value === 'string' && ['1', 'true', 'yes', 'on'].includes(value.trim().toLowerCase());
};

export function modelTabs(row: PageRow): ModelTab[] {
  const fields = parseObject(row.fields_json);
  const meta = parseMeta(row);
  const slots: ModelTab[] = [];
  for (let slot = 0; slot < GALLERY_SLOTS; slot += 1) {
    const slides = listOf(fields[`lesson_${slot}_gallery`])
      .map(slideOf)
      .filter((s) => s !== undefined);
    const frame = fields[`lesson_${slot}_video_frame`];
    const video = typeof frame === 'string' ? frame.trim() : imageValue(frame);
    // A video frame without a gallery item of its own is a slide of its own, with a plain poster.
    if (video !== '' && !slides.some((s) => s.embedUrl === video)) slides.push({ thumbnail: null, embedUrl: video });
    if (slides.length === 0) continue;
    const title = meta[tabTitleMetaKey(slot)];
    slots.push({ title: typeof title === 'string' ? title.trim() : '', thumbnails: slides.map((s) => s.thumbnail) });
  }
  if (isOn(fields.show_in_diffrent_tabs) && slots.length > 0) return slots;
  return [{ title: '', thumbnails: slots.flatMap((tab) => tab.thumbnails) }];
}

/** Whether the step is the model's last (the last tab's last step): reaching it is finishing. */
export const isLastStep = (tabs: readonly ModelTab[], tabIndex: number, step: number): boolean =>
  tabs.length > 0 && tabIndex === tabs.length - 1 && step === tabs[tabs.length - 1]!.thumbnails.length;
