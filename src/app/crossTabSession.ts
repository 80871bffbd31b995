import type { Store } from '@reduxjs/toolkit';
import { sessionActions } from '../entities/session/sessionSlice';
import type { StoreState } from '../shared/storeHooks';
import { SESSION_PERSIST_KEY } from './persist';

type WithToken = Pick<StoreState, 'session'>;

/** The token inside redux-persist's stored value (each field is JSON inside the JSON object). */
function storedToken(raw: string | null): string | null {
  if (raw === null) return null;
  try {
    const outer = JSON.parse(raw) as Record<string, unknown>;
    const token: unknown = typeof outer.token === 'string' ? JSON.parse(outer.token) : null;
    return typeof token === 'string' && token !== '' ? token : null;
  } catch {
    return null;
  }
}

/**
 * Log out (or expiry) in one tab ends the session in every tab: when another tab clears the stored
 * token, this one forgets the user too and returns to /. When another tab signs in as someone
 * else, this one reloads so it never shows one user's pages with another user's token.
 * Returns the function that stops listening.
 */
export function syncSessionAcrossTabs(store: Store<WithToken>, target: Window = window, reload: () => void = () => target.location.reload()) {
  const key = `persist:${SESSION_PERSIST_KEY}`;
  const onStorage = (event: StorageEvent) => {
    if (event.key !== key && event.key !== null) return;
    const current = store.getState().session.token;
    const next = event.key === null ? null : storedToken(event.newValue);
    if (current === null || next === current) return;
    if (next === null) store.dispatch(sessionActions.loggedOut());
    else reload();
  };
  target.addEventListener('storage', onStorage);
  return () => target.removeEventListener('storage', onStorage);
}
