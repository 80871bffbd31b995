import { selectSliceState, type StateWith } from '../../../shared/sliceState';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ApiError } from '../../../api/types';

/**
 * An owner's "Prepare for class" of one program (a lazy slice, joined by its button's screen):
 * every model's lesson and pictures saved on this device for the service worker to answer offline.
 */
export interface ClassPrepState {
  programId: number | null;
  status: 'idle' | 'running' | 'done' | 'failed' | 'canceled';
  /** Files saved so far (lesson answers, then pictures). */
  done: number;
  /** Files to save; grows once the lessons' pictures are known. */
  total: number;
  /** Pictures that could not be saved (the rest of the program is ready). */
  missed: number;
  error: ApiError | null;
}

export const initialClassPrep: ClassPrepState = { programId: null, status: 'idle', done: 0, total: 0, missed: 0, error: null };

export const classPrepSlice = createSlice({
  name: 'classPrep',
  initialState: initialClassPrep,
  reducers: {
    prepareRequested: (_state, action: PayloadAction<{ programId: number }>) => ({ ...initialClassPrep, programId: action.payload.programId, status: 'running' }),
    /** The number of files is known (first the lessons, then with their pictures). */
    counted: (state, action: PayloadAction<{ total: number }>) => {
      state.total = action.payload.total;
    },
    progressed: (state, action: PayloadAction<{ done: number; missed: number }>) => {
      state.done = action.payload.done;
      state.missed = action.payload.missed;
    },
    finished: (state) => {
      state.status = 'done';
    },
    failed: (state, action: PayloadAction<{ error: ApiError }>) => {
      state.status = 'failed';
      state.error = action.payload.error;
    },
    canceled: (state) => {
      if (state.status === 'running') state.status = 'canceled';
    },
  },
});

export const classPrepActions = classPrepSlice.actions;

const selectPrep = selectSliceState(classPrepSlice);
export const selectClassPrep = (state: StateWith<typeof classPrepSlice>, programId: number): ClassPrepState => {
  const prep = selectPrep(state);
  return prep.programId === programId ? prep : initialClassPrep;
};
