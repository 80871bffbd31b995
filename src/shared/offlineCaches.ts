/**
 * The page's side of the service worker's caches (src/sw/cachePolicy.ts): forgetting one user's
 * lessons, saving a picture for class, keeping the runtime configuration.
 */
import { RUNTIME_CONFIG_PATH, unsignedMediaKey, USER_CACHES } from '../sw/cachePolicy';

const hasCaches = (): boolean => typeof caches !== 'undefined';

/** Deletes every cached answer and picture of the user who signed out (shared classroom tablets). */
export async function clearUserCaches(): Promise<void> {
  if (!hasCaches()) return;
  await Promise.all(Object.values(USER_CACHES).map((name) => caches.delete(name)));
}

/**
 * Downloads a picture so that it is there offline. Through the service worker when it controls the
 * page (it keeps the picture, with its expiry); else straight into the same cache under the same key.
 * Throws when the picture could not be downloaded.
 */
export async function savePicture(url: string): Promise<void> {
  const absolute = new URL(url, window.location.href).href;
  const response = await fetch(absolute, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  if (navigator.serviceWorker?.controller || !hasCaches()) {
    await response.arrayBuffer();
    return;
  }
  const cache = await caches.open(USER_CACHES.pictures);
  await cache.put(unsignedMediaKey(absolute), response);
}

/**
 * Asks for the runtime configuration again, through the service worker once it controls the page
 * (it keeps the last one): a tab that loaded it before the worker was there would start offline
 * without its site's configuration. Throws when it could not be downloaded.
 */
export async function keepRuntimeConfig(): Promise<void> {
  const response = await fetch(RUNTIME_CONFIG_PATH, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  await response.text();
}

/** Whether the server answers at all (not the service worker's cached answers): a small HEAD request. */
export async function serverAnswers(): Promise<boolean> {
  try {
    const response = await fetch('/wp-json/', { method: 'HEAD', cache: 'no-store', credentials: 'omit' });
    return response.status > 0;
  } catch {
    return false;
  }
}
