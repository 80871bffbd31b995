import type { Reducer } from '@reduxjs/toolkit';
import type { ApiError } from '../api/types';

/** A feature's slice as the store keeps it: a Redux Toolkit slice, or one whose reducer is wrapped. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any slice's state: a reducer of one state is not a reducer of unknown
export interface SliceLike<Path extends string = string, State = any> {
  readonly reducerPath: Path;
  readonly reducer: Reducer<State>;
  getInitialState(): State;
}

type SliceStateOf<S extends SliceLike> = ReturnType<S['getInitialState']>;

/** The part of the store's state a feature's slice reads: absent until its feature joins the store. */
export type StateWith<S extends SliceLike> = { readonly [K in S['reducerPath']]?: SliceStateOf<S> };

/**
 * The slice's state in the store, or its initial state while its feature has not joined yet (its
 * screens render once before it does). The key is the slice's own name, so the two cannot drift.
 */
export function selectSliceState<S extends SliceLike>(slice: S): (state: StateWith<S>) => SliceStateOf<S> {
  return (state) => (state as Record<string, SliceStateOf<S> | undefined>)[slice.reducerPath] ?? (slice.getInitialState() as SliceStateOf<S>);
}

/** One thing a slice loads: not asked yet or on its way, there, or failed with the API's error. */
export type Loadable<T> = { status: 'idle' | 'loading' } | { status: 'ready'; value: T } | { status: 'failed'; error: ApiError };
