import { combineReducers, configureStore, type Middleware, type Reducer, type UnknownAction } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE, persistReducer, persistStore, type Storage } from 'redux-persist';
import type { ApiClient } from '../api/types';
import type { PortalRuntimeConfig } from '../../contract';
import { configActions } from '../entities/config/configSlice';
import { sessionReducer } from '../entities/session/sessionSlice';
import { withStateReplacement } from '../qa/stateReplacement';
import type { Navigator, SagaServices } from '../shared/sagaServices';
import { sessionPersistConfig } from './persist';
import { slices, type RootState } from './rootReducer';
import { keepAlive, rootSaga } from './rootSaga';
import { featureJoined, type FeatureHost, type LazyFeature } from '../shared/lazyFeature';
import { sanitizeAction, sanitizeState } from './devToolsSanitizers';

export interface AppStoreOptions {
  api: ApiClient;
  navigator: Navigator;
  config: PortalRuntimeConfig;
  storage: Storage;
  /** Redux DevTools: on in development, in production only when configured. */
  devTools?: boolean;
  /** Extra middleware placed before the saga middleware (QA action recorder). */
  middleware?: Middleware[];
  /** Start the root saga (off for replaying an action log). */
  runSagas?: boolean;
  /** Default: shared/preloadImage.ts (see SagaServices). */
  preloadImage?: SagaServices['preloadImage'];
}

export function createAppStore(options: AppStoreOptions) {
  const services: SagaServices = { api: options.api, navigator: options.navigator, preloadImage: options.preloadImage };
  const sagaMiddleware = createSagaMiddleware({ context: { ...services } });

  const session = persistReducer(sessionPersistConfig(options.storage), sessionReducer);
  const lazySlices: Record<string, Reducer> = {};
  const injected = new Set<string>();
  let combined = combineReducers({ ...slices, session }) as Reducer;
  // Lazy features' reducers join this one in place (no action: they may join during a render).
  const reducer = ((state, action) => combined(state, action)) as ReturnType<typeof combineReducers<typeof slices & { session: typeof session }>>;

  const store = configureStore({
    // A QA replay puts whole states into the store (qa/stateReplaced).
    reducer: withStateReplacement(reducer),
    middleware: (getDefault) =>
      getDefault({
        thunk: false,
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      }).concat(...(options.middleware ?? []), sagaMiddleware),
    devTools: options.devTools
      ? {
          name: 'Youngengineer Online',
          trace: true,
          actionSanitizer: sanitizeAction as <A extends UnknownAction>(action: A) => A,
          stateSanitizer: sanitizeState as <S>(state: S) => S,
        }
      : false,
  });

  store.dispatch(configActions.loaded(options.config));
  const persistor = persistStore(store);
  const sagaTask = options.runSagas === false ? null : sagaMiddleware.run(rootSaga);

  const injectFeature = (feature: LazyFeature) => {
    if (injected.has(feature.name)) return;
    injected.add(feature.name);
    if (feature.reducer) {
      lazySlices[feature.name] = feature.reducer;
      combined = combineReducers({ ...slices, ...lazySlices, session });
      // The slice's state appears with an action of its own, as a replayed log rebuilds it
      // (src/app/replayReducer.ts), not with whatever action happens to come next.
      store.dispatch(featureJoined(feature.name));
    }
    // After the reducer: what the saga puts as it starts must reach its slice.
    if (sagaTask) sagaMiddleware.run(keepAlive, feature.name, feature.saga);
  };
  Object.assign(store, { injectFeature } satisfies FeatureHost);

  return { store: store as typeof store & FeatureHost, persistor, sagaTask };
}

export type AppStore = ReturnType<typeof createAppStore>['store'];
export type AppState = RootState;
