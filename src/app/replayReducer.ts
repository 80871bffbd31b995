/**
 * The reducer a QA replay runs (the panel, `npm run replay`, the replay tests): the root reducer
 * with every feature's slices. A slice of a feature that joins the store later is in a replayed
 * state from its feature's `{name}/joined` action or its own first action on, as it is in the
 * live store from the moment its feature joined. Only the QA panel's chunk and Node load this file:
 * it loads every feature's flows.
 */
import type { Reducer, UnknownAction } from '@reduxjs/toolkit';
import type { ReplayReducer } from '../qa/replay';
import { featureJoined, type FeatureFlows } from '../shared/feature';
import { features } from './features';
import { createRootReducer, type RootState } from './rootReducer';

export type ReplayState = RootState;

interface LaterSlice {
  reducer: Reducer;
  /** The joined actions of the features that bring it (an entity may come with several). */
  joinedTypes: Set<string>;
}

export async function loadReplayReducer(): Promise<ReplayReducer<ReplayState>> {
  const rootReducer = createRootReducer();
  const later = new Map<string, LaterSlice>();
  for (const feature of features) {
    const { flows } = feature;
    if (typeof flows === 'object') {
      for (const slice of flows.slices) rootReducer.inject(slice);
      continue;
    }
    if (!flows) continue;
    const loaded: FeatureFlows = await flows();
    const joinedType = featureJoined(feature.name).type;
    for (const slice of loaded.slices) {
      const known = later.get(slice.reducerPath) ?? { reducer: slice.reducer, joinedTypes: new Set<string>() };
      known.joinedTypes.add(joinedType);
      later.set(slice.reducerPath, known);
    }
  }
  const rootKeys = Object.keys(rootReducer(undefined, { type: '@@replay/keys' }));

  const reduce = (state: ReplayState | undefined, action: UnknownAction): ReplayState => {
    const current = state as Record<string, unknown> | undefined;
    const rootPart = current === undefined ? undefined : (Object.fromEntries(rootKeys.map((key) => [key, current[key]])) as ReplayState);
    const next: Record<string, unknown> = { ...rootReducer(rootPart, action) };
    for (const [path, { reducer, joinedTypes }] of later) {
      const previous = current?.[path];
      if (previous !== undefined || joinedTypes.has(action.type) || action.type.startsWith(`${path}/`)) next[path] = reducer(previous, action);
    }
    return next as ReplayState;
  };
  return Object.assign(reduce, { keepsLaterSlices: true });
}
