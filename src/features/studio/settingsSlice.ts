/** The administrators' setting about students' programs, as the studio's programs list shows it. */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { StudioSettings } from '../../../contract/studio';
import type { ApiError } from '../../api/types';

const initialState = {
  status: 'idle' as 'idle' | 'loading' | 'ready' | 'failed',
  settings: null as StudioSettings | null,
  /** What the server last said: a change that could not be saved goes back to it. */
  saved: null as StudioSettings | null,
  saving: false,
  error: null as ApiError | null,
};
export type SettingsState = typeof initialState;

const settingsSlice = createSlice({
  name: 'studioSettings',
  initialState,
  reducers: {
    requested: (state) => {
      if (state.status !== 'ready') state.status = 'loading';
    },
    loaded: (state, action: PayloadAction<StudioSettings>) => {
      state.status = 'ready';
      state.settings = action.payload;
      state.saved = action.payload;
      state.saving = false;
      state.error = null;
    },
    loadFailed: (state, action: PayloadAction<ApiError>) => {
      if (state.status !== 'ready') state.status = 'failed';
      state.error = action.payload;
    },
    /** Shown at once; the saga saves it, or puts the saved value back with the error. */
    changed: (state, action: PayloadAction<StudioSettings>) => {
      state.settings = action.payload;
      state.saving = true;
      state.error = null;
    },
    saveFailed: (state, action: PayloadAction<ApiError>) => {
      state.settings = state.saved;
      state.saving = false;
      state.error = action.payload;
    },
  },
});

export const settingsActions = settingsSlice.actions;
export const settingsReducer = settingsSlice.reducer;
