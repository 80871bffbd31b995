import { useAtom } from '../shared/i18n/useAtom';
import { useDeferredValue, useRef, useSyncExternalStore, type ReactNode } from 'react';
import type { Persistor } from 'redux-persist';
import { catalogueReady } from '../shared/i18n/i18n';

/**
 * Renders its children once redux-persist has put the stored session back (what redux-persist's
 * PersistGate does, in a few lines instead of 2 KB of the login page's JavaScript) and the stored
 * language's catalogue is in memory. Once shown, the app stays: a language picked later swaps its
 * texts in place.
 */
export function PersistedGate({ persistor, loading, children }: { persistor: Persistor; loading: ReactNode; children: ReactNode }) {
  const bootstrapped = useSyncExternalStore(
    (onChange) => persistor.subscribe(onChange),
    () => persistor.getState().bootstrapped,
    () => false,
  );
  const languageReady = useAtom(catalogueReady);
  const shown = useRef(false);
  if (bootstrapped && languageReady) shown.current = true;
  // Deferred: the app that replaces the loading state renders in small slices, not one long task.
  const ready = useDeferredValue(shown.current);
  return <>{ready ? children : loading}</>;
}
