import { selectSliceState, type StateWith } from '../../shared/sliceState';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ApiError, ContentPage } from '../../api/types';

export interface TermsState {
  status: 'idle' | 'loading' | 'loaded' | 'failed';
  /** Unsanitised HTML as the CMS sent it; the page sanitises it before rendering. */
  page: ContentPage | null;
  error: ApiError | null;
}

const initialState: TermsState = { status: 'idle', page: null, error: null };

export const termsSlice = createSlice({
  name: 'terms',
  initialState,
  reducers: {
    pageOpened: (state) => {
      // Keep terms already shown on screen while they are fetched again.
      state.status = state.page ? 'loaded' : 'loading';
      state.error = null;
    },
    loadSucceeded: (state, action: PayloadAction<ContentPage>) => {
      state.status = 'loaded';
      state.page = action.payload;
    },
    loadFailed: (state, action: PayloadAction<ApiError>) => {
      state.error = action.payload;
      if (!state.page) state.status = 'failed';
    },
  },
});

export const termsActions = termsSlice.actions;
const selectTerms = selectSliceState(termsSlice);
export const selectTermsStatus = (state: StateWith<typeof termsSlice>) => selectTerms(state).status;
export const selectTermsPage = (state: StateWith<typeof termsSlice>) => selectTerms(state).page;
export const selectTermsError = (state: StateWith<typeof termsSlice>) => selectTerms(state).error;
