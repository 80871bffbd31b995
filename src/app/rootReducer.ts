import { combineSlices, type Reducer } from '@reduxjs/toolkit';
import { configReducer } from '../entities/config/configSlice';
import { sessionReducer, type SessionState } from '../entities/session/sessionSlice';
import type { LazyLoadedSlices } from './features';

/**
 * The root reducer of one store: the runtime configuration and the session from the start (the
 * session is wrapped by redux-persist in store.ts), and every feature's slices, with the entities
 * they read, as the feature joins (keys and states typed from the feature list, app/features.ts).
 */
export function createRootReducer(session: Reducer<SessionState> = sessionReducer) {
  return combineSlices({ config: configReducer, session }).withLazyLoadedSlices<LazyLoadedSlices>();
}

export type RootReducer = ReturnType<typeof createRootReducer>;
/** The store's state: the configuration and the session always, each feature's slices once it has joined. */
export type RootState = ReturnType<RootReducer>;
