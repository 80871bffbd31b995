import type { RootState } from './rootReducer';

declare module '../shared/storeHooks' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface StoreState extends RootState {}
}
