/** One action on several programs or models at once: which list asked, what is under way, what came of it. */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { StudioBulkAction, StudioBulkOutcome } from '../../../contract/studio';
import type { ApiError } from '../../api/types';

/** 'programs' for the studio's list of programs, a program's id for its list of models. */
export type BulkScope = 'programs' | number;

const initialState = {
  scope: null as BulkScope | null,
  busy: null as StudioBulkAction | null,
  error: null as ApiError | null,
  outcome: null as { action: StudioBulkAction; done: number[]; failed: StudioBulkOutcome['failed'] } | null,
};
export type BulkState = typeof initialState;

const bulkSlice = createSlice({
  name: 'studioBulk',
  initialState,
  reducers: {
    requested: (state, action: PayloadAction<{ scope: BulkScope; action: StudioBulkAction; ids: number[] }>) => {
      state.scope = action.payload.scope;
      state.busy = action.payload.action;
      state.error = null;
      state.outcome = null;
    },
    finished: (state, action: PayloadAction<{ action: StudioBulkAction; outcome: StudioBulkOutcome }>) => {
      state.busy = null;
      state.outcome = { action: action.payload.action, done: action.payload.outcome.done, failed: action.payload.outcome.failed };
    },
    failed: (state, action: PayloadAction<ApiError>) => {
      state.busy = null;
      state.error = action.payload;
    },
    dismissed: () => initialState,
  },
});

export const bulkActions = bulkSlice.actions;
export const bulkReducer = bulkSlice.reducer;
