/**
 * Where the signed-in student is in each model: the server's saved places (for resume and
 * the select-model badges), with the places this device has seen since. Plain JSON only.
 */
import { selectSliceState, type StateWith } from '../../../shared/sliceState';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ProgressBody, ProgressEntry } from '../../../../contract/progress';
import type { ApiError } from '../../../api/types';
import type { SessionState } from '../../../entities/session/sessionSlice';

/** A model's place as the screens use it. */
export interface ModelPlace {
  lessonId: number;
  tabId: string;
  tabIndex: number;
  tabs: number;
  step: number;
  steps: number;
  /** Reached the last step of the last tab once (it stays finished). */
  finished: boolean;
}

export interface ProgressState {
  load: { status: 'idle' | 'loading' | 'ready' | 'failed'; error: ApiError | null };
  /** By lesson (model) id. */
  places: Record<number, ModelPlace>;
}

export const initialProgressState: ProgressState = { load: { status: 'idle', error: null }, places: {} };

const isLastStep = (place: ProgressBody) => place.tabIndex === place.tabs - 1 && place.step === place.steps;

const toPlace = (entry: ProgressEntry): ModelPlace => ({
  lessonId: entry.lessonId,
  tabId: entry.tabId,
  tabIndex: entry.tabIndex,
  tabs: entry.tabs,
  step: entry.step,
  steps: entry.steps,
  finished: entry.finishedAt !== null,
});

export const progressSlice = createSlice({
  name: 'progress',
  initialState: initialProgressState,
  reducers: {
    /** Asks the server for the student's places again (after a sign-in). */
    loadRequested: () => {},
    loadStarted: (state) => {
      state.load = { status: 'loading', error: null };
    },
    /** GET myProgress: the server's word, with the places this device has not sent yet on top. */
    loaded: (state, action: PayloadAction<{ entries: ProgressEntry[]; unsent: ProgressBody[] }>) => {
      state.load = { status: 'ready', error: null };
      state.places = Object.fromEntries(action.payload.entries.map((entry) => [entry.lessonId, toPlace(entry)]));
      for (const place of action.payload.unsent) state.places[place.lessonId] = { ...place, finished: (state.places[place.lessonId]?.finished ?? false) || isLastStep(place) };
    },
    loadFailed: (state, action: PayloadAction<ApiError>) => {
      state.load = { status: 'failed', error: action.payload };
    },
    /** A step the student saw, waiting to be saved (debounced). */
    placeQueued: (state, action: PayloadAction<ProgressBody>) => {
      const place = action.payload;
      state.places[place.lessonId] = { ...place, finished: (state.places[place.lessonId]?.finished ?? false) || isLastStep(place) };
    },
    placeSaved: (state, action: PayloadAction<ProgressEntry>) => {
      const saved = state.places[action.payload.lessonId];
      // A later step may already be queued: only the finished flag is the server's to add.
      if (saved) saved.finished ||= action.payload.finishedAt !== null;
      else state.places[action.payload.lessonId] = toPlace(action.payload);
    },
    /** The network failed: the place stays on this device and goes when the connection returns. */
    placeKept: (_state, _action: PayloadAction<{ lessonId: number }>) => {},
    /** The server refused the place (a locked model, bad data): it is not sent again. */
    placeDropped: (_state, _action: PayloadAction<{ lessonId: number; status: number; code: string }>) => {},
    cleared: () => initialProgressState,
  },
});

export const progressActions = progressSlice.actions;

type WithProgress = StateWith<typeof progressSlice>;
const selectProgress = selectSliceState(progressSlice);
export const selectProgressLoad = (state: WithProgress) => selectProgress(state).load;
export const selectModelPlace = (state: WithProgress, lessonId: number): ModelPlace | null => selectProgress(state).places[lessonId] ?? null;

/** The signed-in student on the portal backend, whose places are saved; null for anyone else (owners and administrators are not tracked). */
export const selectTrackedStudent = (state: { session: SessionState; config: { capabilities: { serverUnlock: boolean } } }): number | null =>
  state.session.token !== null && state.session.userRole === 'student' && state.config.capabilities.serverUnlock ? state.session.userId : null;
