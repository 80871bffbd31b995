import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { PortalRuntimeConfig } from '../contract';
import { AppProviders } from '../src/app/AppProviders';
import { requestEarlyPageData } from '../src/app/earlyPageData';
import { bindLanguage } from '../src/app/languageBinding';
import { SESSION_PERSIST_KEY, SESSION_PERSIST_VERSION, withSpecNames } from '../src/app/persist';
import { createRoutes } from '../src/app/routes';
import { readRuntimeConfig } from '../src/app/runtimeConfig';
import { createAppStore } from '../src/app/store';
import { pageLoaded } from '../src/shared/pageLoad';
import type { SagaServices } from '../src/shared/sagaServices';
import type { ConfigState } from '../src/entities/config/configSlice';
import type { SessionState } from '../src/entities/session/sessionSlice';
import { createFakeApi, demoLogins, type FakeApi } from './fakeApi';
import { createMemoryStorage, persistedValue } from './memoryStorage';

export const testConfig: PortalRuntimeConfig = readRuntimeConfig({
  siteUrl: '',
  authKey: 'test-auth-key',
  supportEmail: 'team@demo.portal.test',
  cmsAdminUrl: 'https://cms.example.test/wp-admin/',
  // The studio is off unless a test turns it on (test/fixtures/studio.ts).
  capabilities: { serverUnlock: true, userMeta: true, createFranchiseOwner: true, contentStudio: false, signInCards: true, familySignIn: true },
});

/** A /portal-config.js that names no capability: all are looked up in the site's REST index. */
export const discoverAll: Partial<ConfigState> = {
  capabilities: { serverUnlock: false, userMeta: false, createFranchiseOwner: false },
  undiscovered: ['serverUnlock', 'userMeta', 'createFranchiseOwner'],
};

export interface RenderAppOptions {
  route?: string;
  api?: FakeApi;
  /** A session already in localStorage, e.g. signedInAs('dana'). */
  session?: Partial<SessionState>;
  /** undiscovered: capabilities to look up through api.getSiteCapabilities (see discoverAll). */
  config?: Partial<ConfigState>;
  storage?: ReturnType<typeof createMemoryStorage>;
  /** Default: does nothing (jsdom loads no pictures). */
  preloadImage?: SagaServices['preloadImage'];
  /** The store's language sets the page's lang and dir, as in the app (off by default: most tests set the language themselves). */
  bindLanguage?: boolean;
}

/** A stored session for one of the demo logins of test/fakeApi.ts. */
export function signedInAs(login: keyof typeof demoLogins, extra: Partial<SessionState> = {}): Partial<SessionState> {
  const who = demoLogins[login]!;
  return {
    token: who.token,
    userName: who.userName,
    userId: who.userId,
    userRole: who.role,
    email: who.email,
    unlockedLessonIds: [],
    kitContentsOpened: false,
    unlockedModels: {},
    ...extra,
  };
}

/**
 * Renders the whole app (real store, root saga, route table and guards) at a route, with a fake
 * ApiClient and an in-memory localStorage.
 */
export function renderApp(options: RenderAppOptions = {}) {
  const api = options.api ?? createFakeApi();
  const storage =
    options.storage ??
    createMemoryStorage(
      options.session ? { [`persist:${SESSION_PERSIST_KEY}`]: persistedValue(withSpecNames(options.session), SESSION_PERSIST_VERSION) } : {},
    );
  // The router exists once the store does (its routes join the store's features): sagas navigate through this holder.
  const routerHolder: { router?: ReturnType<typeof createMemoryRouter> } = {};
  const { store, persistor, sagaTask } = createAppStore({
    api,
    navigator: { navigate: (to, navOptions) => void routerHolder.router?.navigate(to, navOptions) },
    config: { ...testConfig, ...options.config },
    storage,
    preloadImage: options.preloadImage ?? (() => undefined),
  });
  const routes = createRoutes(store);
  const router = createMemoryRouter(routes, { initialEntries: [options.route ?? '/'] });
  routerHolder.router = router;
  requestEarlyPageData(routes, options.route ?? '/', store, persistor, api);
  // As src/app/bootstrap.tsx does once the page has loaded (jsdom's has).
  store.dispatch(pageLoaded());
  const user = userEvent.setup();
  const view = render(
    <AppProviders store={store} persistor={persistor}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  const unbindLanguage = options.bindLanguage ? bindLanguage(store) : undefined;
  const unmount = () => {
    unbindLanguage?.();
    view.unmount();
    sagaTask?.cancel();
  };
  return { ...view, unmount, store, router, api, storage, user };
}
