import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import storage from 'redux-persist/lib/storage';
import { createApiClient } from '../api/createApiClient';
import { sessionActions } from '../entities/session/sessionSlice';
import type { Navigator } from '../shared/sagaServices';
import { AppProviders } from './AppProviders';
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

  const created = createAppStore({
    api,
    navigator,
    config,
    storage,
    devTools: process.env.NODE_ENV !== 'production' || config.devTools,
  });
  holder.store = created.store;

  createRoot(container).render(
    <AppProviders store={created.store} persistor={created.persistor}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return created;
}
