/**
 * Which media a page answer may carry, and how. Program logos and backgrounds and a model card's
 * small picture and title image are public: the select-model screen shows them to students
 * before any unlock, and to visitors. Everything else under /progrmas/ and /content/ (instruction
 * images and thumbnails, videos, posters, lesson plans) goes out as a signed URL to a viewer who
 * may open the lesson, and not at all (an empty string) to anyone else.
 */
import type { MediaSigner } from './signedUrls';

export const MEDIA_PREFIXES = ['/progrmas/', '/content/'] as const;

/** Custom fields whose pictures anyone who sees the page may load. */
export const PUBLIC_MEDIA_FIELDS: ReadonlySet<string> = new Set([
  'program_logo',
  'lego_long',
  'program_desktop_backgroung',
  'program_mobile_backgroung',
  'small_image',
  'single_model_lego_color',
]);

/** Meta keys whose files only owners and administrators may open. */
export const OWNER_ONLY_MEDIA_META: ReadonlySet<string> = new Set(['lesson_plans_url']);

export const isMediaPath = (value: string): boolean => MEDIA_PREFIXES.some((prefix) => value.startsWith(prefix));

/** Says what a page answer carries for one media path: the path, a signed URL, or nothing. */
export interface MediaUrlPolicy {
  /** For a field that holds a public picture. */
  publicUrl(path: string): string;
  /** For the lesson's own media (instructions, videos). */
  lessonUrl(path: string): string;
  /** For owner-only files (lesson plans). */
  ownerUrl(path: string): string;
}

/** `userId`: whom the signed URLs are for (0 for an anonymous viewer). */
export function mediaUrlPolicy(signer: MediaSigner, userId: number, mayOpenLesson: boolean, mayOpenPlans: boolean, now: Date): MediaUrlPolicy {
  const signed = (allowed: boolean) => (path: string) => (allowed ? signer.sign(path, userId, now) : '');
  return { publicUrl: (path) => path, lessonUrl: signed(mayOpenLesson), ownerUrl: signed(mayOpenPlans) };
}

/** Every media path in a field value (strings, arrays, objects), replaced through `map`. */
export function mapMediaPaths(value: unknown, map: (path: string) => string): unknown {
  if (typeof value === 'string') return isMediaPath(value) ? map(value) : value;
  if (Array.isArray(value)) return value.map((v) => mapMediaPaths(v, map));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapMediaPaths(v, map)]));
  }
  return value;
}

/** Media paths in src, href and poster attributes of page HTML, replaced through `map`. */
export function mapHtmlMediaPaths(html: string, map: (path: string) => string): string {
  return html.replace(/(\s(?:src|href|poster)=)(["'])(\/(?:progrmas|content)\/[^"']*)\2/g, (_all, attr: string, quote: string, path: string) => {
    const mapped = map(path.replace(/&amp;/g, '&'));
    return `${attr}${quote}${mapped.replace(/&/g, '&amp;')}${quote}`;
  });
}
