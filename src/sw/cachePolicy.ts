/**
 * What the service worker keeps, shared by the worker (src/sw/serviceWorker.ts) and the page
 * (src/features/offline), so both name the same caches. No imports: the worker's bundle and the
 * app's both include it.
 */

/** How long a lesson's pictures and answers opened (or prepared for class) stay available offline. */
export const OFFLINE_KEEP_DAYS = 14;
export const OFFLINE_KEEP_SECONDS = OFFLINE_KEEP_DAYS * 24 * 60 * 60;

/** Most pictures kept at once; the least recently used go first (a program's steps are a few hundred). */
export const MAX_CACHED_PICTURES = 3000;
export const MAX_CACHED_ANSWERS = 400;

/**
 * The caches that hold what one signed-in user could see (lesson answers, signed step pictures):
 * deleted when that user signs out or another signs in. The app shell and the runtime
 * configuration are nobody's and stay.
 */
export const USER_CACHES = {
  answers: 'yo-user-answers',
  pictures: 'yo-user-pictures',
} as const;

export const SHARED_CACHES = {
  config: 'yo-runtime-config',
} as const;

/** The runtime configuration (server/routes/static.ts): the app cannot start offline without it. */
export const RUNTIME_CONFIG_PATH = '/portal-config.js';

/** Query parameters of a signed media URL (server/media/signedUrls.ts): not part of what the file is. */
export const MEDIA_SIGNATURE_PARAMS = ['exp', 'u', 'sig'] as const;

/** Messages the page sends the worker. */
export const SW_MESSAGES = {
  /** A new version is waiting: take over now (the page reloads right after). */
  skipWaiting: 'yo/skip-waiting',
} as const;

/** Media folders whose pictures (step pictures, thumbnails) are kept, cache-first. */
export const MEDIA_PREFIXES = ['/progrmas/', '/content/'] as const;
const PICTURE = /\.(png|jpe?g|gif|webp|avif|svg)$/i;

/** A lesson answer the worker keeps (network first, the last one offline): wp/v2 pages and users/me. */
export const isKeptAnswer = (url: URL): boolean => url.pathname.startsWith('/wp-json/wp/v2/pages') || url.pathname === '/wp-json/wp/v2/users/me';

/** A picture the worker keeps (cache first, without its signature). */
export const isKeptPicture = (url: URL): boolean => MEDIA_PREFIXES.some((prefix) => url.pathname.startsWith(prefix)) && PICTURE.test(url.pathname);

/** The address of a media file without its signature: one cached copy however often it is re-signed. */
export function unsignedMediaKey(url: string): string {
  const parsed = new URL(url);
  for (const name of MEDIA_SIGNATURE_PARAMS) parsed.searchParams.delete(name);
  return parsed.href;
}
