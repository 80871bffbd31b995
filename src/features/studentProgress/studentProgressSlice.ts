/** A student's progress, model by model, on their page, for their franchise owner and administrators. Plain JSON only. */
import { selectSliceState, type StateWith } from '../../shared/sliceState';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { StudentProgressEntry } from '../../../contract/progress';
import type { ApiError } from '../../api/types';

export interface StudentProgressLoad {
  status: 'loading' | 'ready' | 'failed';
  entries: StudentProgressEntry[];
  error: ApiError | null;
}

export interface StudentProgressState {
  /** By student id. */
  byStudent: Record<number, StudentProgressLoad>;
}

export const initialStudentProgressState: StudentProgressState = { byStudent: {} };
const notLoaded: StudentProgressLoad = { status: 'loading', entries: [], error: null };

export const studentProgressSlice = createSlice({
  name: 'studentProgress',
  initialState: initialStudentProgressState,
  reducers: {
    opened: (state, action: PayloadAction<{ studentId: number }>) => {
      const known = state.byStudent[action.payload.studentId];
      state.byStudent[action.payload.studentId] = { status: 'loading', entries: known?.entries ?? [], error: null };
    },
    loaded: (state, action: PayloadAction<{ studentId: number; entries: StudentProgressEntry[] }>) => {
      state.byStudent[action.payload.studentId] = { status: 'ready', entries: action.payload.entries, error: null };
    },
    failed: (state, action: PayloadAction<{ studentId: number; error: ApiError }>) => {
      state.byStudent[action.payload.studentId] = { status: 'failed', entries: [], error: action.payload.error };
    },
  },
});

export const studentProgressActions = studentProgressSlice.actions;

const selectState = selectSliceState(studentProgressSlice);
export const selectStudentProgress = (state: StateWith<typeof studentProgressSlice>, studentId: number): StudentProgressLoad => selectState(state).byStudent[studentId] ?? notLoaded;
