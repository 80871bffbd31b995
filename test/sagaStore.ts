import { waitFor } from '@testing-library/react';
import { SESSION_PERSIST_KEY, SESSION_PERSIST_VERSION, withSpecNames } from '../src/app/persist';
import { createAppStore } from '../src/app/store';
import { pageLoaded } from '../src/shared/pageLoad';
import type { ConfigState } from '../src/entities/config/configSlice';
import type { SessionState } from '../src/entities/session/sessionSlice';
import { createFakeApi, type FakeApi } from './fakeApi';
import { createMemoryStorage, persistedValue } from './memoryStorage';
import { testConfig } from './renderApp';

/**
 * The real store and root saga without any UI, for saga tests: dispatch events, then assert the
 * state they lead to (never the sequence of effects). `navigations` records where sagas sent the user.
 */
export function createSagaStore(
  options: { api?: FakeApi; session?: Partial<SessionState>; storage?: ReturnType<typeof createMemoryStorage>; config?: Partial<ConfigState>; pageLoaded?: boolean } = {},
) {
  const api = options.api ?? createFakeApi();
  const storage =
    options.storage ??
    createMemoryStorage(
      options.session ? { [`persist:${SESSION_PERSIST_KEY}`]: persistedValue(withSpecNames(options.session), SESSION_PERSIST_VERSION) } : {},
    );
  const navigations: string[] = [];
  const created = createAppStore({
    api,
    navigator: { navigate: (to) => void navigations.push(to) },
    config: { ...testConfig, ...options.config },
    storage,
  });
  /** Resolves once redux-persist has put the stored session back. */
  const rehydrated = () =>
    waitFor(() => {
      if (!created.persistor.getState().bootstrapped) throw new Error('not rehydrated yet');
    });
  // As src/app/bootstrap.tsx does once the page is usable (`pageLoaded: false` leaves it to the test).
  if (options.pageLoaded !== false) created.store.dispatch(pageLoaded());
  const stop = () => created.sagaTask?.cancel();
  return { ...created, api, storage, navigations, rehydrated, stop };
}
