import type { UnknownAction } from '@reduxjs/toolkit';
import type { DataRouter } from 'react-router';
import type { Persistor } from 'redux-persist';
import type { AppStore } from './store';

/** What a route may declare in its `handle`. */
export interface RouteHandle {
  /** The action that asks for this page's data, dispatched on start before the page can mount (or null for these params). */
  earlyData?: (params: Readonly<Record<string, string | undefined>>) => UnknownAction | null;
}

/**
 * With a stored sign-in, no page shows until token/validate has answered (guards.tsx). Meanwhile
 * the opened page's data is asked for, so the check and the data share one round trip on a slow
 * classroom network instead of following each other.
 */
export function requestEarlyPageData(router: DataRouter, store: AppStore, persistor: Persistor): void {
  const request = () => {
    const { token, valid } = store.getState().session;
    if (token === null || valid) return;
    for (const match of router.state.matches) {
      const action = (match.route.handle as RouteHandle | undefined)?.earlyData?.(match.params);
      if (action) store.dispatch(action);
    }
  };
  if (persistor.getState().bootstrapped) {
    request();
    return;
  }
  const unsubscribe = persistor.subscribe(() => {
    if (!persistor.getState().bootstrapped) return;
    unsubscribe();
    request();
  });
}
