import type { StoreValue } from 'nanostores';
import type { routeTitles } from './app.messages';
import type { UnknownAction } from '@reduxjs/toolkit';
import { matchRoutes, type RouteObject } from 'react-router';
import type { Persistor } from 'redux-persist';
import type { ApiClient } from '../api/types';
import type { LazyFeature } from '../shared/lazyFeature';
import type { AppStore } from './store';
import type * as ContentFeatureModule from '../features/content/contentFeature';

type RouteParams = Readonly<Record<string, string | undefined>>;

/**
 * The action, or the action once the lazily loaded feature that answers it has joined the store
 * (its saga loads in parallel with the page's chunk).
 */
export type EarlyData = UnknownAction | Promise<{ feature: LazyFeature; action: UnknownAction }>;

/** The rosters' state and saga, loaded with the roster pages; here for the students list's early data. */
const withRosterFeature = async () => {
  const { rosterFeature, studentsListOpened } = await import(/* webpackChunkName: "roster-flows" */ '../features/roster/rosterFeature');
  return { feature: rosterFeature, action: studentsListOpened() };
};

/** The content's state and saga, loaded with the content pages; here for their early data. */
const withContentFeature = async (opened: (events: typeof ContentFeatureModule) => UnknownAction) => {
  const module = await import(/* webpackChunkName: "content-flows" */ '../features/content/contentFeature');
  return { feature: module.contentFeature, action: opened(module) };
};

/** What a route may declare in its `handle`. */
export interface RouteHandle {
  /**
   * The page's own "opened" event, sent on start before the page can mount (or null for these
   * params). The page sends it again when it mounts; the feature's saga then finds the data
   * loading or freshly loaded and asks nothing again (shared/takeLatestUnlessFresh.ts).
   */
  earlyData?: (params: RouteParams, api: ApiClient) => EarlyData | null;
  /** Where the user is, for the document title (documentTitle.tsx), from the titles' catalogue (app.messages.ts). */
  title?: (t: StoreValue<typeof routeTitles>, params: RouteParams, session: { signedIn: boolean }) => string;
}

const wholeNumber = (value: string | undefined): number | null => (value !== undefined && /^\d+$/.test(value) ? Number(value) : null);

/** The pages whose data may start on start, by what their open event needs from the URL. */
export const earlyData = {
  studentsList: () => withRosterFeature(),
  /** '/select-model/:programName/:programId' and '/select-model-lesson-plans/...'. */
  modelsPage: ({ programId }: RouteParams, api: ApiClient) => {
    const id = wholeNumber(programId);
    if (id === null) return null;
    // The reads start now, beside the content's code, not after it.
    api.askEarly(id);
    return withContentFeature((events) => events.modelsPageOpened({ programId: id }));
  },
  /** '/model_building_instructions/:programName/:programId/:lessonId' (not the older name-based route). */
  gallery: ({ second, third }: RouteParams, api: ApiClient) => {
    const programId = wholeNumber(second);
    const lessonId = wholeNumber(third);
    if (programId === null || lessonId === null) return null;
    api.askEarly(programId, lessonId);
    return withContentFeature((events) => events.galleryOpened({ programId, lessonId }));
  },
} satisfies Record<string, NonNullable<RouteHandle['earlyData']>>;

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
      const early = (match.route.handle as RouteHandle | undefined)?.earlyData?.(match.params, api);
      if (!early) continue;
      if (!(early instanceof Promise)) {
        store.dispatch(early);
        continue;
      }
      // A chunk that fails here is reported by the page when it mounts and asks again.
      early
        .then(({ feature, action }) => {
          store.injectFeature(feature);
          store.dispatch(action);
        })
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
