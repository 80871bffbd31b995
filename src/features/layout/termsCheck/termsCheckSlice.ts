/**
 * Whether the signed-in user has accepted the terms of use as they read now (contract/privacy.ts).
 * Loaded with the header's menu (src/shared/lazyFeature.ts); forgotten when the session ends.
 */
import { selectSliceState } from '../../../shared/sliceState';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ApiError } from '../../../api/types';
import { sessionEndedActionTypes } from '../../../entities/session/sessionSlice';

export interface TermsCheckState {
  /** 'asking': the terms changed since the user last accepted them; 'ok': nothing to ask (or no backend route). */
  status: 'idle' | 'checking' | 'ok' | 'asking' | 'accepting';
  /** The version the user is asked to accept. */
  version: string | null;
  error: ApiError | null;
}

const initialState: TermsCheckState = { status: 'idle', version: null, error: null };

export const termsCheckSlice = createSlice({
  name: 'termsCheck',
  initialState,
  reducers: {
    checkRequested: (state) => {
      if (state.status === 'idle') state.status = 'checking';
    },
    upToDate: (state) => {
      Object.assign(state, { status: 'ok', version: null, error: null });
    },
    acceptanceNeeded: (state, action: PayloadAction<{ version: string }>) => {
      state.status = 'asking';
      state.version = action.payload.version;
    },
    acceptSubmitted: (state) => {
      state.status = 'accepting';
      state.error = null;
    },
    acceptFailed: (state, action: PayloadAction<{ error: ApiError }>) => {
      state.status = 'asking';
      state.error = action.payload.error;
    },
  },
  extraReducers: (builder) => {
    builder.addMatcher(
      (action) => sessionEndedActionTypes.includes(action.type),
      () => initialState,
    );
  },
});

export const termsCheckActions = termsCheckSlice.actions;

export const selectTermsCheck = selectSliceState(termsCheckSlice);
