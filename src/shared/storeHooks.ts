import { useDispatch, useSelector } from 'react-redux';
import type { Dispatch, UnknownAction } from '@reduxjs/toolkit';
import { select } from 'typed-redux-saga';

/**
 * The store's root state. Empty here: src/app fills it in by module augmentation
 * (src/app/storeState.d.ts, from the real root reducer), the way shared/styled.d.ts does for the
 * theme, so shared/ names the type without importing app/. Every useAppSelector and
 * selectFromStore call is checked against it: renaming a slice key fails tsc where it is read.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface StoreState {}

/** Dispatch takes plain actions only: side effects are sagas. */
export type StoreDispatch = Dispatch<UnknownAction>;

export const useAppDispatch = useDispatch.withTypes<StoreDispatch>();

export const useAppSelector = useSelector.withTypes<StoreState>();

/** A saga's typed select: `const rows = yield* selectFromStore(selectRows, table)`. */
export function selectFromStore<T, Args extends unknown[]>(selector: (state: StoreState, ...args: Args) => T, ...args: Args) {
  return select(selector, ...args);
}
