import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import storage from 'redux-persist/lib/storage';
import { createApiClient } from '../api/createApiClient';
import { sessionActions } from '../entities/session/sessionSlice';
import { QaLauncher } from '../qa/QaLauncher';
import { createQaTools } from '../qa/qaTools';
import type { Navigator } from '../shared/sagaServices';
import { AppProviders } from './AppProviders';
import { syncSessionAcrossTabs } from './crossTabSession';
import { sanitizeAction, sanitizeState } from './devToolsSanitizers';
import { SESSION_PERSIST_KEY, SESSION_PERSIST_VERSION, sessionMigrations } from './persist';
import { rootReducer } from './rootReducer';
import { routes } from './routes';
import { readRuntimeConfig } from './runtimeConfig';
import { createAppStore, type AppStore } from './store';

/** The composition root: the only place that builds the real ApiClient, store and router. */
export function startApp(container: HTMLElement) {
  const config = readRuntimeConfig();
  const router = createBrowserRouter(routes);
  const navigator: Navigator = { navigate: (to, options) => void router.navigate(to, options) };

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
    migrations: sessionMigrations,
    reducer: rootReducer,
  });

  const created = createAppStore({
    api,
    navigator,
    config,
    storage,
    devTools: process.env.NODE_ENV !== 'production' || config.devTools,
    middleware: qa.middleware,
  });
  holder.store = created.store;
  // Log out in one tab ends the session in every tab.
  syncSessionAcrossTabs(created.store);
  qa.attach(created);

  createRoot(container).render(
    <AppProviders store={created.store} persistor={created.persistor}>
      <RouterProvider router={router} />
      <QaLauncher tools={qa} />
    </AppProviders>,
  );
  return created;
}
