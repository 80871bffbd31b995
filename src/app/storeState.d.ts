import type { features } from './features';
import type { RootState } from './rootReducer';

declare module '../shared/storeHooks' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface StoreState extends RootState {}
}

declare module '../shared/feature' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface FeatureNames extends Record<(typeof features)[number]['name'], true> {}
}
