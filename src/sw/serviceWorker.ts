/**
 * The service worker (built by workbox-webpack-plugin's InjectManifest into /sw.js).
 *
 * - The app shell (index.html, every chunk, icons) is precached as one version: a tab never mixes
 *   files of two deployments. A new version installs and waits until the app asks it to take over
 *   on the user's next navigation (src/features/offline/serviceWorkerUpdates.ts).
 * - Navigations are answered with the precached index.html (the app routes in the browser).
 * - Lesson answers (wp/v2 pages, users/me) go to the network first, the last answer is the
 *   fallback offline; step pictures and thumbnails come from the cache first, kept without their
 *   expiring signature. Both are one user's (src/sw/cachePolicy.ts USER_CACHES): the app deletes
 *   them at sign-out.
 */
import { clientsClaim, setCacheNameDetails } from 'workbox-core';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import type { PrecacheEntry } from 'workbox-precaching';
import {
  isKeptAnswer,
  isKeptPicture,
  MAX_CACHED_ANSWERS,
  MAX_CACHED_PICTURES,
  OFFLINE_KEEP_SECONDS,
  RUNTIME_CONFIG_PATH,
  SHARED_CACHES,
  SW_MESSAGES,
  unsignedMediaKey,
  USER_CACHES,
} from './cachePolicy';

interface WorkerScope {
  __WB_MANIFEST: (PrecacheEntry | string)[];
  skipWaiting(): Promise<void>;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}
const worker = globalThis as unknown as WorkerScope;

/** Weak classroom Wi-Fi: after this long without an answer, the cached one is shown. */
const NETWORK_TIMEOUT_SECONDS = 8;

setCacheNameDetails({ prefix: 'yo' });
// Workbox finds `self.__WB_MANIFEST` in the compiled worker and writes the build's file list there.
precacheAndRoute((self as unknown as WorkerScope).__WB_MANIFEST);
cleanupOutdatedCaches();
clientsClaim();

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    // The API, the media (a lesson video's embed page opens in a frame) are not the app.
    denylist: [/^\/wp-json(\/|$)/, /^\/progrmas\//, /^\/content\//],
  }),
);

// The runtime configuration is everyone's (no user data): the app cannot start offline without it.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname === RUNTIME_CONFIG_PATH,
  new NetworkFirst({ cacheName: SHARED_CACHES.config, networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS }),
);

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && isKeptAnswer(url),
  new NetworkFirst({
    cacheName: USER_CACHES.answers,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxAgeSeconds: OFFLINE_KEEP_SECONDS, maxEntries: MAX_CACHED_ANSWERS }),
    ],
  }),
);

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && isKeptPicture(url),
  new CacheFirst({
    cacheName: USER_CACHES.pictures,
    plugins: [
      // A signed URL changes as its signature renews; the file it names does not.
      { cacheKeyWillBeUsed: async ({ request }) => unsignedMediaKey(request.url) },
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxAgeSeconds: OFFLINE_KEEP_SECONDS, maxEntries: MAX_CACHED_PICTURES, purgeOnQuotaError: true }),
    ],
  }),
);

worker.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === SW_MESSAGES.skipWaiting) void worker.skipWaiting();
});
