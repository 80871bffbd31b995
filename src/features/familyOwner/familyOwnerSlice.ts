/** An owner's side of families: each family's language (by parent e-mail) and the erasure requests waiting. */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { FamilyErasureRequest, FamilyLanguage } from '../../../contract/family';
import type { ApiError } from '../../api/types';
import { sessionEndedActionTypes } from '../../entities/session/sessionSlice';
import { selectSliceState, type Loadable } from '../../shared/sliceState';

export interface FamilyLanguageState {
  language: Loadable<FamilyLanguage>;
  save: { status: 'idle' | 'saving' | 'saved' | 'failed'; error: ApiError | null };
}

export interface FamilyOwnerState {
  /** By the family's parent e-mail (lower case). */
  languages: Record<string, FamilyLanguageState>;
  erasureRequests: Loadable<FamilyErasureRequest[]>;
}

export const initialFamilyOwnerState: FamilyOwnerState = { languages: {}, erasureRequests: { status: 'idle' } };

type Family = { parentEmail: string; ownerId: number | null };
const key = (parentEmail: string) => parentEmail.trim().toLowerCase();
const entry = (state: FamilyOwnerState, parentEmail: string): FamilyLanguageState =>
  (state.languages[key(parentEmail)] ??= { language: { status: 'idle' }, save: { status: 'idle', error: null } });

export const familyOwnerSlice = createSlice({
  name: 'familyOwner',
  initialState: initialFamilyOwnerState,
  reducers: {
    languageRequested: (state, action: PayloadAction<Family>) => {
      const family = entry(state, action.payload.parentEmail);
      if (family.language.status !== 'ready') family.language = { status: 'loading' };
      family.save = { status: 'idle', error: null };
    },
    languageLoaded: (state, action: PayloadAction<{ parentEmail: string; language: FamilyLanguage }>) => {
      entry(state, action.payload.parentEmail).language = { status: 'ready', value: action.payload.language };
    },
    languageFailed: (state, action: PayloadAction<{ parentEmail: string; error: ApiError }>) => {
      entry(state, action.payload.parentEmail).language = { status: 'failed', error: action.payload.error };
    },
    languageChanged: (state, action: PayloadAction<Family & { language: FamilyLanguage }>) => {
      entry(state, action.payload.parentEmail).save = { status: 'saving', error: null };
    },
    languageSaved: (state, action: PayloadAction<{ parentEmail: string; language: FamilyLanguage }>) => {
      const family = entry(state, action.payload.parentEmail);
      family.language = { status: 'ready', value: action.payload.language };
      family.save = { status: 'saved', error: null };
    },
    languageSaveFailed: (state, action: PayloadAction<{ parentEmail: string; error: ApiError }>) => {
      entry(state, action.payload.parentEmail).save = { status: 'failed', error: action.payload.error };
    },
    erasureRequestsRequested: (state) => {
      if (state.erasureRequests.status !== 'ready') state.erasureRequests = { status: 'loading' };
    },
    erasureRequestsLoaded: (state, action: PayloadAction<FamilyErasureRequest[]>) => {
      state.erasureRequests = { status: 'ready', value: action.payload };
    },
    erasureRequestsFailed: (state, action: PayloadAction<ApiError>) => {
      state.erasureRequests = { status: 'failed', error: action.payload };
    },
  },
  extraReducers: (builder) => {
    builder.addMatcher(
      (action) => sessionEndedActionTypes.includes(action.type),
      () => initialFamilyOwnerState,
    );
  },
});

export const familyOwnerActions = familyOwnerSlice.actions;
export const selectFamilyOwner = selectSliceState(familyOwnerSlice);
export const selectFamilyLanguage = (state: Parameters<typeof selectFamilyOwner>[0], parentEmail: string): FamilyLanguageState | undefined =>
  selectFamilyOwner(state).languages[key(parentEmail)];
