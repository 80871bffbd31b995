/**
 * The offline chunk's start, after the app's first render (src/app/bootstrap.tsx): the connection
 * state and cache hygiene join the store, and the service worker is registered. Nothing of it is
 * in the entry (the login page's budget).
 */
import type { Store } from '@reduxjs/toolkit';
import { selectCapabilities, selectCapabilitiesKnown, type ConfigState } from '../../entities/config/configSlice';
import type { FeatureHost } from '../../shared/feature';
import { registerServiceWorker, type RouteSource } from './serviceWorkerUpdates';

type AppStore = FeatureHost & Store<{ config: ConfigState }>;

/** Calls `then` once the site's capabilities are known (at once when they already are). */
function whenCapabilitiesKnown(store: AppStore, then: () => void): void {
  if (selectCapabilitiesKnown(store.getState())) return then();
  const unsubscribe = store.subscribe(() => {
    if (!selectCapabilitiesKnown(store.getState())) return;
    unsubscribe();
    then();
  });
}

export function startOffline(store: AppStore, router: RouteSource): void {
  void store.joinFeature('offline').catch(() => undefined);
  // Development builds have no worker (webpack.config.ts): a cached shell would hide the changes.
  if (process.env.NODE_ENV !== 'production') return;
  // The worker and its caches belong to the portal's own backend, which serves /sw.js and signs
  // its media; an app hosted beside a WordPress site (which may not serve /sw.js at all) stays online-only.
  whenCapabilitiesKnown(store, () => {
    if (selectCapabilities(store.getState()).serverUnlock) void registerServiceWorker(router);
  });
}
