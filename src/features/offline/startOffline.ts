/**
 * The offline chunk's start, after the app's first render (src/app/bootstrap.tsx): the connection
 * state and cache hygiene join the store, and the service worker is registered. Nothing of it is
 * in the entry (the login page's budget).
 */
import type { FeatureHost } from '../../shared/lazyFeature';
import { offlineFeature } from './offlineFeature';
import { registerServiceWorker, type RouteSource } from './serviceWorkerUpdates';

export function startOffline(store: FeatureHost, router: RouteSource): void {
  store.injectFeature(offlineFeature);
  // Development builds have no worker (webpack.config.ts): a cached shell would hide the changes.
  if (process.env.NODE_ENV === 'production') void registerServiceWorker(router);
}
