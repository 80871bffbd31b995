import { configureStore, type Middleware, type Reducer, type UnknownAction } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE, persistReducer, persistStore, type Storage } from 'redux-persist';
import type { ApiClient } from '../api/types';
import type { PortalRuntimeConfig } from '../../contract';
import { configActions } from '../entities/config/configSlice';
import { sessionReducer, type SessionState } from '../entities/session/sessionSlice';
import { withStateReplacement } from '../qa/stateReplacement';
import type { Navigator, SagaServices } from '../shared/sagaServices';
import { featureJoined, type AnyFeature, type FeatureFlows, type FeatureHost } from '../shared/feature';
import { sessionPersistConfig } from './persist';
import { features } from './features';
import { createRootReducer, type RootState } from './rootReducer';
import { capabilitiesSaga } from './capabilitiesSaga';
import { keepAlive, rootSaga } from './rootSaga';
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

/** A feature whose flows are in the entry: it is in the store from the start. */
const isPresent = (flows: AnyFeature['flows']): flows is FeatureFlows => typeof flows === 'object';

export function createAppStore(options: AppStoreOptions) {
  const services: SagaServices = { api: options.api, navigator: options.navigator, preloadImage: options.preloadImage };
  const sagaMiddleware = createSagaMiddleware({ context: { ...services } });

  const session = persistReducer(sessionPersistConfig(options.storage), sessionReducer) as unknown as Reducer<SessionState>;
  const rootReducer = createRootReducer(session);
  const present = features.filter((feature) => isPresent(feature.flows));
  for (const feature of present) for (const slice of (feature.flows as FeatureFlows).slices) rootReducer.inject(slice);

  // A QA replay puts whole states into the store (qa/stateReplaced).
  const reducer: Reducer<RootState> = withStateReplacement(rootReducer as Reducer<RootState>);
  const store = configureStore({
    reducer,
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
  const runSagas = options.runSagas !== false;
  const sagaTask = runSagas ? sagaMiddleware.run(rootSaga, Object.assign({ capabilitiesSaga }, ...present.map((feature) => (feature.flows as FeatureFlows).sagas))) : null;

  const joined = new Set<string>(present.map((feature) => feature.name));
  const joining = new Map<string, Promise<FeatureFlows>>();
  const join = (name: string, flows: FeatureFlows) => {
    if (joined.has(name)) return flows;
    joined.add(name);
    for (const slice of flows.slices) rootReducer.inject(slice);
    // The slices' states appear with an action of their own, as a replayed log rebuilds them
    // (src/app/replayReducer.ts), not with whatever action happens to come next.
    store.dispatch(featureJoined(name));
    // After the reducers: what the sagas put as they start must reach the slices.
    if (runSagas) for (const [sagaName, saga] of Object.entries(flows.sagas ?? {})) sagaMiddleware.run(keepAlive, sagaName, saga);
    return flows;
  };
  const host: FeatureHost = {
    joinFeature(name) {
      let done = joining.get(name);
      if (!done) {
        const flows = features.find((feature) => feature.name === name)?.flows ?? { slices: [] };
        done = (typeof flows === 'function' ? flows() : Promise.resolve(flows)).then((loaded: FeatureFlows) => join(name, loaded));
        // A chunk that failed to load is asked for again next time.
        done.catch(() => joining.delete(name));
        joining.set(name, done);
      }
      return done;
    },
    hasJoined: (name) => joined.has(name),
  };
  Object.assign(store, host);

  return { store: store as typeof store & FeatureHost, persistor, sagaTask };
}

export type AppStore = ReturnType<typeof createAppStore>['store'];
export type AppState = RootState;
