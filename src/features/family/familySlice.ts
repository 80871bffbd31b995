/**
 * What a parent sees and does: the sign-in link they ask for, the link they open, their family's
 * overview, and each child's message, download and erasure request. The parent's session itself is
 * the session's (entities/session: `family`), which the device keeps; the secrets of a link travel
 * in actions under `token`, which the logs' redaction hides, and never sit in the state.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { FamilyChild, FamilyLanguage, FamilyOverview, FamilySettingsInput } from '../../../contract/family';
import type { ApiError } from '../../api/types';
import { sessionActions } from '../../entities/session/sessionSlice';
import { selectSliceState, type Loadable } from '../../shared/sliceState';

/** One thing sent: not yet, on its way, done, or refused. */
export interface Sending {
  status: 'idle' | 'sending' | 'sent' | 'failed';
  error: ApiError | null;
}
const idle: Sending = { status: 'idle', error: null };

/** The overview without the parent's name, which the session keeps under a key the logs hide. */
export type FamilyView = Omit<FamilyOverview, 'name'>;

export interface FamilyState {
  link: Sending;
  signIn: { status: 'idle' | 'signingIn' | 'failed' | 'noLink'; error: ApiError | null };
  /** The server refused the stored session (it ended, or the parent signed out elsewhere). */
  ended: boolean;
  overview: Loadable<FamilyView>;
  messages: Record<number, Sending>;
  downloads: Record<number, Sending>;
  erasures: Record<number, Sending>;
  settings: Sending;
  unsubscribe: { status: 'working' | 'done' | 'failed'; teacherName: string; error: ApiError | null };
}

export const initialFamilyState: FamilyState = {
  link: idle,
  signIn: { status: 'idle', error: null },
  ended: false,
  overview: { status: 'idle' },
  messages: {},
  downloads: {},
  erasures: {},
  settings: idle,
  unsubscribe: { status: 'working', teacherName: '', error: null },
};

type ChildError = PayloadAction<{ studentId: number; error: ApiError }>;
type ChildOnly = PayloadAction<{ studentId: number }>;

const viewOf = ({ name: _parentName, ...view }: FamilyOverview): FamilyView => view;

export const familySlice = createSlice({
  name: 'family',
  initialState: initialFamilyState,
  reducers: {
    linkRequested: (state, _action: PayloadAction<{ email: string; language: FamilyLanguage }>) => {
      state.link = { status: 'sending', error: null };
    },
    linkSent: (state) => {
      state.link = { status: 'sent', error: null };
    },
    linkFailed: (state, action: PayloadAction<ApiError>) => {
      state.link = { status: 'failed', error: action.payload };
    },
    /** "Ask for a new link": the form again. */
    linkFormOpened: (state) => {
      state.link = idle;
    },
    /** The link's secret, from the address's fragment (under `token`: the logs hide it). */
    signInOpened: (state, _action: PayloadAction<{ token: string }>) => {
      state.signIn = { status: 'signingIn', error: null };
      state.ended = false;
    },
    signInFailed: (state, action: PayloadAction<ApiError>) => {
      state.signIn = { status: 'failed', error: action.payload };
    },
    /** The sign-in page was opened without a link: the form to ask for one. */
    signInWithoutLink: (state) => {
      state.signIn = { status: 'noLink', error: null };
    },
    overviewRequested: (state) => {
      if (state.overview.status !== 'ready') state.overview = { status: 'loading' };
    },
    overviewLoaded: (state, action: PayloadAction<FamilyOverview>) => {
      state.overview = { status: 'ready', value: viewOf(action.payload) };
    },
    overviewFailed: (state, action: PayloadAction<ApiError>) => {
      state.overview = { status: 'failed', error: action.payload };
    },
    /** The server refused the parent's token: the session is over on this device. */
    sessionEnded: () => ({ ...initialFamilyState, ended: true }),
    signOutRequested: () => undefined,
    messageSent: (state, action: PayloadAction<{ studentId: number; text: string }>) => {
      state.messages[action.payload.studentId] = { status: 'sending', error: null };
    },
    messageDelivered: (state, action: ChildOnly) => {
      state.messages[action.payload.studentId] = { status: 'sent', error: null };
    },
    messageFailed: (state, action: ChildError) => {
      state.messages[action.payload.studentId] = { status: 'failed', error: action.payload.error };
    },
    /** "Write another message". */
    messageFormOpened: (state, action: ChildOnly) => {
      state.messages[action.payload.studentId] = idle;
    },
    downloadRequested: (state, action: ChildOnly) => {
      state.downloads[action.payload.studentId] = { status: 'sending', error: null };
    },
    downloadSaved: (state, action: ChildOnly) => {
      state.downloads[action.payload.studentId] = { status: 'sent', error: null };
    },
    downloadFailed: (state, action: ChildError) => {
      state.downloads[action.payload.studentId] = { status: 'failed', error: action.payload.error };
    },
    erasureConfirmed: (state, action: ChildOnly) => {
      state.erasures[action.payload.studentId] = { status: 'sending', error: null };
    },
    erasureRecorded: (state, action: PayloadAction<FamilyChild>) => {
      const child = action.payload;
      state.erasures[child.studentId] = { status: 'sent', error: null };
      if (state.overview.status === 'ready') {
        const at = state.overview.value.children.findIndex((shown) => shown.studentId === child.studentId);
        if (at >= 0) state.overview.value.children[at] = child;
      }
    },
    erasureFailed: (state, action: ChildError) => {
      state.erasures[action.payload.studentId] = { status: 'failed', error: action.payload.error };
    },
    settingsChanged: (state, _action: PayloadAction<FamilySettingsInput>) => {
      state.settings = { status: 'sending', error: null };
    },
    settingsSaved: (state, action: PayloadAction<FamilyOverview>) => {
      state.settings = { status: 'sent', error: null };
      state.overview = { status: 'ready', value: viewOf(action.payload) };
    },
    settingsFailed: (state, action: PayloadAction<ApiError>) => {
      state.settings = { status: 'failed', error: action.payload };
    },
    /** The unsubscribe link's secret, from the address's fragment. */
    unsubscribeOpened: (state, _action: PayloadAction<{ token: string }>) => {
      state.unsubscribe = { status: 'working', teacherName: '', error: null };
    },
    unsubscribed: (state, action: PayloadAction<{ teacherName: string }>) => {
      state.unsubscribe = { status: 'done', teacherName: action.payload.teacherName, error: null };
    },
    unsubscribeFailed: (state, action: PayloadAction<ApiError>) => {
      state.unsubscribe = { status: 'failed', teacherName: '', error: action.payload };
    },
  },
  extraReducers: (builder) => {
    // Another person on the device: nothing of this family stays on screen.
    builder.addMatcher(
      (action) => [sessionActions.loggedOut.type, sessionActions.expired.type, sessionActions.loginSucceeded.type, sessionActions.familySignedOut.type].includes(action.type),
      (state) => ({ ...initialFamilyState, ended: state.ended }),
    );
  },
});

export const familyActions = familySlice.actions;
export const selectFamily = selectSliceState(familySlice);
