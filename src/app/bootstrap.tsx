import storage from 'redux-persist/es/storage';
import { createApiClient } from '../api/createApiClient';
import { sessionActions } from '../entities/session/sessionSlice';
import { setLiveQaTools } from '../qa/liveTools';
import { pageLoaded } from '../shared/pageLoad';
import { REPORT_QUEUE_KEY } from '../shared/problemReportRequests';
import { createQaTools } from '../qa/qaTools';
import type { Navigator } from '../shared/sagaServices';
import { createCrashReporter } from './crashReports';
import { bindLanguage } from './languageBinding';
import { syncSessionAcrossTabs } from './crossTabSession';
import { sanitizeAction, sanitizeState } from './devToolsSanitizers';
import { SESSION_PERSIST_KEY, SESSION_PERSIST_VERSION } from './persist';
import { readRuntimeConfig } from './runtimeConfig';
import { createAppStore, type AppStore } from './store';

/**
 * The composition root: the only place that builds the real ApiClient, store and router.
 *
 * It starts in four tasks so that a slow tablet's main thread is never blocked for long: first the
 * store and its sagas (the stored sign-in's check goes out at once), then, each after yielding to
 * the browser, the route table with the opened page's early downloads (earlyPageData.ts), React
 * DOM, and the router with the first render (mountApp.tsx, evaluated only then).
 */
export async function startApp(container: HTMLElement) {
  const config = readRuntimeConfig();

  // Sagas navigate through the router, which exists from the second task on.
  let navigateNow: Navigator['navigate'] | null = null;
  const pending: Parameters<Navigator['navigate']>[] = [];
  const navigator: Navigator = {
    navigate: (to, options) => (navigateNow ? navigateNow(to, options) : void pending.push([to, options])),
  };

  // The client needs the store's token and the store needs the client: late-bound through this holder.
  const holder: { store?: AppStore } = {};
  const api = createApiClient({
    siteUrl: config.siteUrl,
    authKey: config.authKey,
    getToken: () => holder.store?.getState().session.token ?? null,
    onSessionExpired: () => holder.store?.dispatch(sessionActions.expired()),
  });

  // QA: the action recorder (secrets redacted by the DevTools sanitisers) and the replay gate.
  const qa = createQaTools({
    redactAction: sanitizeAction,
    redactState: sanitizeState,
    persistVersion: SESSION_PERSIST_VERSION,
    persistKey: SESSION_PERSIST_KEY,
    migrations: async () => (await import(/* webpackChunkName: "session-migrations" */ './sessionMigrations')).sessionMigrations,
    loadReducer: async () => (await import(/* webpackChunkName: "qa-panel" */ './replayReducer')).loadReplayReducer(),
  });

  setLiveQaTools(qa);
  const crashes = createCrashReporter((action) => holder.store?.dispatch(action));

  const created = createAppStore({
    api,
    navigator,
    config,
    storage,
    devTools: process.env.NODE_ENV !== 'production' || config.devTools,
    middleware: [...qa.middleware, crashes.middleware],
  });
  holder.store = created.store;
  // Log out in one tab ends the session in every tab.
  syncSessionAcrossTabs(created.store);
  bindLanguage(created.store);
  qa.attach(created);
  crashes.listen(window);

  // The opened page's chunks and data start downloading before React DOM is evaluated.
  await yieldToBrowser();
  const [{ createRoutes }, { requestEarlyPageData }] = await Promise.all([
    import(/* webpackMode: "eager" */ './routes'),
    import(/* webpackMode: "eager" */ './earlyPageData'),
  ]);
  const routes = createRoutes(created.store);
  requestEarlyPageData(routes, window.location.pathname, created.store, created.persistor, api);
  // React DOM is the largest module: evaluated in a task of its own, then the rest.
  await yieldToBrowser();
  await import(/* webpackMode: "eager" */ './reactDomClient');
  await yieldToBrowser();
  const { mountApp } = await import(/* webpackMode: "eager" */ './mountApp');
  const router = mountApp(container, routes, created, qa, () => {
    created.store.dispatch(pageLoaded());
    // Offline support (the service worker, the connection's state), in its own chunk.
    import(/* webpackChunkName: "offline" */ '../features/offline/startOffline').then(({ startOffline }) => startOffline(created.store, router), () => undefined);
  });
  navigateNow = (to, options) => void router.navigate(to, options);
  for (const [to, options] of pending.splice(0)) navigateNow(to, options);
  // Problem reports saved while offline go out now (their code loads only when some wait).
  if (localStorage.getItem(REPORT_QUEUE_KEY)) void created.store.joinFeature('report').catch(() => undefined);
  return created;
}

/** Ends the current task: the browser may paint and handle input before the next step runs. */
function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
