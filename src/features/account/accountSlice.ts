/** The account page: the progress of changing one's own password (never the passwords). */
import { selectSliceState } from '../../shared/sliceState';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ChangeMyPasswordInput } from '../../../contract';
import type { ApiError } from '../../api/types';

export interface AccountState {
  status: 'idle' | 'working' | 'done' | 'failed';
  error: ApiError | null;
}

export const initialAccountState: AccountState = { status: 'idle', error: null };

export const accountSlice = createSlice({
  name: 'account',
  initialState: initialAccountState,
  reducers: {
    opened: () => initialAccountState,
    /** The passwords ride this action as the login's do (devtools and the QA recorder redact them); the state never keeps them. */
    passwordChangeSubmitted: (_state, _action: PayloadAction<ChangeMyPasswordInput>) => ({ status: 'working' as const, error: null }),
    passwordChanged: () => ({ status: 'done' as const, error: null }),
    passwordChangeFailed: (_state, action: PayloadAction<ApiError>) => ({ status: 'failed' as const, error: action.payload }),
  },
});

export const accountActions = accountSlice.actions;
export const selectAccount = selectSliceState(accountSlice);
