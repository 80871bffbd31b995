import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { LoginResult, Role } from '../../api/types';
import type { FamilyLanguage } from '../../../contract/family';
import type { Language } from '../../shared/i18n/i18n';

/**
 * The signed-in session: the only state redux-persist writes. localStorage keeps the names of
 * docs/spec/portal-spec.md section 3 (OpenedPrograms, HideClicked, user_email); src/app/persist.ts
 * maps them.
 */
export interface SessionState {
  token: string | null;
  /** Display name. */
  userName: string | null;
  userId: number | null;
  /** First role. */
  userRole: Role | null;
  email: string | null;
  /** True once the stored token was validated on this start (never persisted). */
  valid: boolean;
  /** Ids of the lessons unlocked on this device (stored as OpenedPrograms); the server's word outranks them. */
  unlockedLessonIds: number[];
  /** The user has opened lesson 793, Kit Contents (stored as HideClicked; saved as user meta kit_on_header_clicked). */
  kitContentsOpened: boolean;
  /** One unlocked flag per model name (older gallery route). */
  unlockedModels: Record<string, boolean>;
  /** Signed in with a sign-in card: a shared tablet, signed out when idle (features/auth/cardSignIn). */
  sharedDevice?: boolean;
  /** The language chosen in the menu (undefined: the browser's). It stays on the device after sign-out. */
  language?: Language;
  /**
   * A parent signed in with a family link: no WordPress user, so `token` stays null and the app
   * asks nothing of users/me or any other route with it; its token goes to the family's routes
   * alone. A user signing in on the device, or any sign-out, ends it.
   */
  family?: FamilySessionState | null;
}

/** A parent's session as the device keeps it (the parent's name under a key the logs' redaction knows). */

export interface FamilySessionState {
  token: string;
  email: string;
  parentName: string;
  language: FamilyLanguage;
  /** ISO 8601 UTC */
  expiresAt: string;
}

export const initialSessionState: SessionState = {
  token: null,
  userName: null,
  userId: null,
  userRole: null,
  email: null,
  valid: false,
  unlockedLessonIds: [],
  kitContentsOpened: false,
  unlockedModels: {},
};

const languageOf = (state: SessionState): Pick<SessionState, 'language'> => (state.language ? { language: state.language } : {});

export interface ModelUnlock {
  lessonId: number;
  modelName: string;
}

const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    loginSucceeded: (state, action: PayloadAction<LoginResult>) => ({
      ...initialSessionState,
      ...languageOf(state),
      token: action.payload.token,
      userName: action.payload.userName,
      userId: action.payload.userId,
      userRole: action.payload.role,
      email: action.payload.email,
      valid: true,
    }),
    /** The user pressed Log out, or (idle) a shared tablet was left unused. */
    loggedOut: (state, _action: PayloadAction<{ idle: true } | undefined>) => ({ ...initialSessionState, ...languageOf(state) }),
    /** A parent's sign-in link was accepted: whoever was signed in on the device was signed out first. */
    familySignedIn: (state, action: PayloadAction<FamilySessionState>) => ({ ...initialSessionState, ...languageOf(state), family: action.payload }),
    /** The parent signed out, or the family session ended (the server refused its token). */
    familySignedOut: (state) => {
      state.family = null;
    },
    sharedDeviceStarted: (state) => {
      state.sharedDevice = true;
    },
    /** The backend rejected the token (401, or 403 with a jwt_auth code). */
    expired: (state) => ({ ...initialSessionState, ...languageOf(state) }),
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
      if (!state.unlockedLessonIds.includes(lessonId)) state.unlockedLessonIds.push(lessonId);
      state.unlockedModels[modelName] = true;
    },
    /** Unlocks the backend reports for this student (they follow the student to any device). */
    unlocksReceived: (state, action: PayloadAction<ModelUnlock[]>) => {
      for (const { lessonId, modelName } of action.payload) {
        if (!state.unlockedLessonIds.includes(lessonId)) state.unlockedLessonIds.push(lessonId);
        state.unlockedModels[modelName] = true;
      }
    },
    kitContentsOpened: (state) => {
      state.kitContentsOpened = true;
    },
    /** Chosen in the language menu, or the signed-in user's remembered language. */
    languageChosen: (state, action: PayloadAction<{ language: Language }>) => {
      state.language = action.payload.language;
    },
  },
});

export const sessionActions = sessionSlice.actions;
export const sessionReducer = sessionSlice.reducer;
/** Actions after which every user-specific entity must be forgotten (shared classroom tablets). */
export const sessionEndedActionTypes: readonly string[] = [sessionActions.loggedOut.type, sessionActions.expired.type];
