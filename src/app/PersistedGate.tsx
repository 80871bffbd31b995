import { useDeferredValue, useSyncExternalStore, type ReactNode } from 'react';
import type { Persistor } from 'redux-persist';

/**
 * Renders its children once redux-persist has put the stored session back (what redux-persist's
 * PersistGate does, in a few lines instead of 2 KB of the login page's JavaScript).
 */
export function PersistedGate({ persistor, loading, children }: { persistor: Persistor; loading: ReactNode; children: ReactNode }) {
  // Deferred: the app that replaces the loading state renders in small slices, not one long task.
  const bootstrapped = useDeferredValue(
    useSyncExternalStore(
      (onChange) => persistor.subscribe(onChange),
      () => persistor.getState().bootstrapped,
      () => false,
    ),
  );
  return <>{bootstrapped ? children : loading}</>;
}
