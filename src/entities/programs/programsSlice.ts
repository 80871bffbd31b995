import type { Program } from '../../api/types';
import { createSessionListSlice } from '../sessionListSlice';

/** Joins the store with the features that read it (their flows list it). */
export const { adapter: programsAdapter, slice: programsSlice, actions: programsActions, reducer: programsReducer } = createSessionListSlice<Program, 'programs'>('programs');
export type ProgramsState = ReturnType<typeof programsReducer>;
