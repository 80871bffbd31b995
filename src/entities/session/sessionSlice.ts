import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { LoginResult, Role } from '../../api/types';

/**
 * The signed-in session: the only state redux-persist writes (see src/app/persist.ts).
 * Field names follow portal-spec.md section 3 ("Session data in the browser").
 */
export interface SessionState {
  token: string | null;
  /** Display name. */
  userName: string | null;
  userId: number | null;
  /** First role. */
  userRole: Role | null;
  user_email: string | null;
  /** True once the stored token was validated on this start (never persisted). */
  valid: boolean;
  /** Ids of the lessons this user has unlocked. */
  OpenedPrograms: number[];
  HideClicked: boolean;
  /** One unlocked flag per model name (older gallery route). */
  unlockedModels: Record<string, boolean>;
}

export const initialSessionState: SessionState = {
  token: null,
  userName: null,
  userId: null,
  userRole: null,
  user_email: null,
  valid: false,
  OpenedPrograms: [],
  HideClicked: false,
  unlockedModels: {},
};

export interface ModelUnlock {
  lessonId: number;
  modelName: string;
}

const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    loginSucceeded: (_state, action: PayloadAction<LoginResult>) => ({
      ...initialSessionState,
      token: action.payload.token,
      userName: action.payload.userName,
      userId: action.payload.userId,
      userRole: action.payload.role,
      user_email: action.payload.email,
      valid: true,
    }),
    /** The user pressed Log out. */
    loggedOut: () => initialSessionState,
    /** The backend rejected the token (401, or 403 with a jwt_auth code). */
    expired: () => initialSessionState,
    tokenValidated: (state) => {
      state.valid = true;
    },
    /** The server's word on whose token this is; replaces whatever the stored session claimed. */
    identityConfirmed: (state, action: PayloadAction<{ userId: number; role: Role; userName: string }>) => {
      state.userId = action.payload.userId;
      state.userRole = action.payload.role;
      if (action.payload.userName !== '') state.userName = action.payload.userName;
    },
    modelUnlocked: (state, action: PayloadAction<ModelUnlock>) => {
      const { lessonId, modelName } = action.payload;
      if (!state.OpenedPrograms.includes(lessonId)) state.OpenedPrograms.push(lessonId);
      state.unlockedModels[modelName] = true;
    },
    /** Unlocks the backend reports for this student (they follow the student to any device). */
    unlocksReceived: (state, action: PayloadAction<ModelUnlock[]>) => {
      for (const { lessonId, modelName } of action.payload) {
        if (!state.OpenedPrograms.includes(lessonId)) state.OpenedPrograms.push(lessonId);
        state.unlockedModels[modelName] = true;
      }
    },
    hideClickedSet: (state, action: PayloadAction<boolean>) => {
      state.HideClicked = action.payload;
    },
  },
});

export const sessionActions = sessionSlice.actions;
export const sessionReducer = sessionSlice.reducer;
/** Actions after which every user-specific entity must be forgotten (shared classroom tablets). */
export const sessionEndedActionTypes: readonly string[] = [sessionActions.loggedOut.type, sessionActions.expired.type];
