import type { UnknownAction } from '@reduxjs/toolkit';
import type { StoreValue } from 'nanostores';
import type { routeTitles } from './app.messages';
import { matchRoutes, type RouteObject } from 'react-router';
import type { Persistor } from 'redux-persist';
import type { ApiClient } from '../api/types';
import type { FeatureFlows, FeatureName, Screen, ScreenParams } from '../shared/feature';
import type { AppStore } from './store';

/** What a route declares in its `handle` (made from its screen, src/app/routes.tsx). */
export interface RouteHandle {
  /** Where the user is, for the document title (documentTitle.tsx), from the titles of app.messages.ts. */
  title: Screen<never, StoreValue<typeof routeTitles>>['title'];
  /** The page's own "opened" event for these params, once its feature's flows are there (see Screen.earlyData). */
  earlyData?: (params: ScreenParams, api: ApiClient) => ((flows: FeatureFlows) => UnknownAction) | null;
  /** The feature the early data's event goes to. */
  feature?: FeatureName;
}

/**
 * Starts what the opened page needs before React DOM and the router exist (bootstrap.tsx calls
 * this in the start-up task after the store's), so that on a slow classroom network the downloads
 * overlap the start-up work instead of following it:
 * - the page's chunk (the matched routes' `lazy`; the router's own call later finds it loaded or
 *   on the way; the layout comes with the entry);
 * - with a stored sign-in, the page's data (`handle.earlyData`). No page shows until
 *   token/validate has answered (guards.tsx), so the check and the data share one round trip; the
 *   backend checks the token on these calls as on any.
 */
export function requestEarlyPageData(routes: RouteObject[], location: string, store: AppStore, persistor: Persistor, api: ApiClient): void {
  const matches = matchRoutes(routes, location) ?? [];
  for (const { route } of matches) {
    // A chunk that fails here is reported by the router when it loads the route itself.
    if (typeof route.lazy === 'function') void route.lazy().catch(() => undefined);
  }
  const requestData = () => {
    const { token, valid } = store.getState().session;
    if (token === null || valid) return;
    for (const match of matches) {
      const handle = match.route.handle as RouteHandle | undefined;
      const opened = handle?.earlyData?.(match.params, api);
      if (!opened || !handle?.feature) continue;
      // A chunk that fails here is reported by the page when it mounts and asks again.
      store
        .joinFeature(handle.feature)
        .then((flows) => store.dispatch(opened(flows)))
        .catch(() => undefined);
    }
  };
  if (persistor.getState().bootstrapped) {
    requestData();
    return;
  }
  const unsubscribe = persistor.subscribe(() => {
    if (!persistor.getState().bootstrapped) return;
    unsubscribe();
    requestData();
  });
}
