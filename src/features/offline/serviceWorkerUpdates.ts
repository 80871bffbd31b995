/**
 * Registers the service worker (/sw.js) and applies a new deployment without ever leaving a tab
 * on a mix of files: the new worker installs and waits; on the user's next route change (a new
 * path, not a step within a lesson) the app tells it to take over and loads the new route afresh.
 */
import { SW_MESSAGES } from '../../sw/cachePolicy';

/** What this file needs of the app's router (react-router's data router). */
export interface RouteSource {
  subscribe(listener: (state: { location: { pathname: string }; navigation: { state: string } }) => void): () => void;
}

/** A route change checks for a new deployment at most this often (the browser also checks by itself). */
export const UPDATE_CHECK_INTERVAL_MS = 60_000;

export async function registerServiceWorker(router: RouteSource): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return null;
  let registration: ServiceWorkerRegistration;
  try {
    registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  } catch {
    // No service worker (private mode, a browser policy): the app works online as before.
    return null;
  }

  let updating = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    // The first worker taking over a page it did not load changes nothing the page runs.
    if (updating) window.location.reload();
  });

  let lastCheck = Date.now();
  const checkForUpdate = () => {
    if (Date.now() - lastCheck < UPDATE_CHECK_INTERVAL_MS) return;
    lastCheck = Date.now();
    registration.update().catch(() => undefined);
  };
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') checkForUpdate();
  });

  let path = window.location.pathname;
  router.subscribe((state) => {
    if (state.navigation.state !== 'idle' || state.location.pathname === path) return;
    path = state.location.pathname;
    const waiting = registration.waiting;
    if (waiting && navigator.serviceWorker.controller && !updating) {
      updating = true;
      waiting.postMessage({ type: SW_MESSAGES.skipWaiting });
    } else {
      checkForUpdate();
    }
  });
  return registration;
}
