import type { Reducer } from '@reduxjs/toolkit';
import { useLayoutEffect } from 'react';
import { useStore } from 'react-redux';

/**
 * A feature whose reducer and saga come with its lazily loaded screens, so that the entry (and the
 * login's budget) carries none of it. Its state key is absent until the feature is first used:
 * its selectors read `state[name] ?? initialState`.
 */
export interface LazyFeature {
  name: string;
  /** Absent for a feature whose state is in the root reducer and only its saga loads later (content). */
  reducer?: Reducer;
  saga: () => Generator;
}

/** What the app's store adds to the Redux store (src/app/store.ts). */
export interface FeatureHost {
  injectFeature(feature: LazyFeature): void;
}

const isFeatureHost = (store: object): store is FeatureHost => typeof (store as Partial<FeatureHost>).injectFeature === 'function';

/** The plain action with which a lazy slice's state joins the store: `{name}/joined`. */
export const featureJoined = (name: string) => ({ type: `${name}/joined` });

/**
 * Adds the feature's reducer and starts its saga, once per store; call at the top of its screens.
 * In a layout effect: joining dispatches an action, which must not happen while React renders; it
 * still comes before any effect of the screen dispatches what the feature's saga takes.
 */
export function useLazyFeature(feature: LazyFeature): void {
  const store = useStore();
  useLayoutEffect(() => {
    if (isFeatureHost(store)) store.injectFeature(feature);
  }, [store, feature]);
}
