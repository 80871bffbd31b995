/** Signing in with a sign-in card's QR code. The token travels in the action (sanitisers redact `token`), never in the state. */
import { selectSliceState } from '../../shared/sliceState';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ApiError } from '../../api/types';

export interface CardSignInState {
  status: 'idle' | 'signingIn' | 'failed' | 'noToken';
  error: ApiError | null;
}

export const initialCardSignInState: CardSignInState = { status: 'idle', error: null };

export const cardSignInSlice = createSlice({
  name: 'cardSignIn',
  initialState: initialCardSignInState,
  reducers: {
    submitted: (_state, _action: PayloadAction<{ token: string }>): CardSignInState => ({ status: 'signingIn', error: null }),
    failed: (_state, action: PayloadAction<ApiError>): CardSignInState => ({ status: 'failed', error: action.payload }),
    /** The page was opened without a card's token. */
    noToken: (): CardSignInState => ({ status: 'noToken', error: null }),
  },
});

export const cardSignInActions = cardSignInSlice.actions;
export const selectCardSignIn = selectSliceState(cardSignInSlice);
