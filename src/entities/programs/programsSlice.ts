import type { Program } from '../../api/types';
import { createSessionListSlice } from '../sessionListSlice';

export const { adapter: programsAdapter, actions: programsActions, reducer: programsReducer } = createSessionListSlice<Program>('programs');
export type ProgramsState = ReturnType<typeof programsReducer>;
