import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ApiError } from '../../api/types';
import { sessionActions, sessionEndedActionTypes } from '../../entities/session/sessionSlice';

/** lackedRole: the password was right, but the site did not say which role the user has. */
export type LoginStatus = 'idle' | 'submitting' | 'failed' | 'lackedRole';
export type ResetStatus = 'idle' | 'submitting' | 'succeeded' | 'failed';

/** The sign-in and password-reset flows (the session itself lives in entities/session). */
export interface AuthFlowState {
  login: { status: LoginStatus; error: ApiError | null };
  reset: {
    status: ResetStatus;
    /** The address the last request was for (error messages depend on whether it looks valid). */
    email: string;
    error: ApiError | null;
    message: string | null;
  };
  /** The last session ended because a shared tablet was idle: the login page says so. */
  idleSignOut: boolean;
}

export const initialAuthFlowState: AuthFlowState = {
  login: { status: 'idle', error: null },
  reset: { status: 'idle', email: '', error: null, message: null },
  idleSignOut: false,
};

export interface LoginCredentials {
  username: string;
  password: string;
  /** The page the visitor asked for before signing in (landingPath.ts safeReturnTo). */
  returnTo?: string | null;
}

export const authSlice = createSlice({
  name: 'auth',
  // Its own name in the store: 'auth' would read as the session's sign-in.
  reducerPath: 'authFlow',
  initialState: initialAuthFlowState,
  reducers: {
    loginPageOpened: (state) => {
      state.login = initialAuthFlowState.login;
    },
    /** The payload holds the password: DevTools sanitisers redact it (src/app/devToolsSanitizers.ts). */
    loginSubmitted: (state, _action: PayloadAction<LoginCredentials>) => {
      state.login = { status: 'submitting', error: null };
    },
    loginFailed: (state, action: PayloadAction<ApiError>) => {
      state.login = { status: 'failed', error: action.payload };
    },
    loginLackedRole: (state) => {
      state.login = { status: 'lackedRole', error: null };
    },
    passwordResetOpened: (state) => {
      state.reset = initialAuthFlowState.reset;
    },
    passwordResetSubmitted: (state, action: PayloadAction<{ email: string }>) => {
      state.reset = { status: 'submitting', email: action.payload.email, error: null, message: null };
    },
    passwordResetSucceeded: (state, action: PayloadAction<{ message: string }>) => {
      state.reset.status = 'succeeded';
      state.reset.message = action.payload.message;
    },
    passwordResetFailed: (state, action: PayloadAction<ApiError>) => {
      state.reset.status = 'failed';
      state.reset.error = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(sessionActions.loginSucceeded, (state) => {
      state.login = initialAuthFlowState.login;
      state.idleSignOut = false;
    });
    builder.addMatcher(
      (action) => sessionEndedActionTypes.includes(action.type),
      (_state, action: { payload?: { idle?: true } }) => ({ ...initialAuthFlowState, idleSignOut: action.payload?.idle === true }),
    );
  },
});

export const authActions = authSlice.actions;
