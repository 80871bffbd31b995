/** The WordPress import started from the studio: the job being followed and the latest ones. */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { StudioImportJob } from '../../../contract/studio';
import type { ApiError } from '../../api/types';

const initialState = {
  /** The URL typed in, kept when starting fails. */
  url: '',
  starting: false,
  error: null as ApiError | null,
  job: null as StudioImportJob | null,
  history: [] as StudioImportJob[],
  historyStatus: 'idle' as 'idle' | 'loading' | 'ready' | 'failed',
};
export type ImportState = typeof initialState;

const importSlice = createSlice({
  name: 'studioImport',
  initialState,
  reducers: {
    urlChanged: (state, action: PayloadAction<string>) => {
      state.url = action.payload;
    },
    opened: (state) => {
      if (state.historyStatus !== 'ready') state.historyStatus = 'loading';
    },
    historyLoaded: (state, action: PayloadAction<StudioImportJob[] | null>) => {
      state.historyStatus = action.payload ? 'ready' : state.historyStatus === 'ready' ? 'ready' : 'failed';
      if (action.payload) {
        state.history = action.payload;
        const latest = action.payload[0];
        if (!state.job && latest && (latest.status === 'queued' || latest.status === 'running')) state.job = latest;
      }
    },
    startRequested: (state, _action: PayloadAction<{ url: string }>) => {
      state.starting = true;
      state.error = null;
    },
    startFailed: (state, action: PayloadAction<ApiError>) => {
      state.starting = false;
      state.error = action.payload;
    },
    jobUpdated: (state, action: PayloadAction<StudioImportJob>) => {
      state.starting = false;
      state.error = null;
      state.job = action.payload;
      state.history = [action.payload, ...state.history.filter((job) => job.id !== action.payload.id)];
    },
    pollFailed: (state, action: PayloadAction<ApiError>) => {
      state.error = action.payload;
    },
  },
});

export const importActions = importSlice.actions;
export const importReducer = importSlice.reducer;
