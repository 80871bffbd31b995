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
  /** The tabs (0-based) whose last step the student reached. */
  tabsDone: number[];
  /** Went through every tab to its last step once (it stays finished). */
  finished: boolean;
}

export interface ProgressState {
  load: { status: 'idle' | 'loading' | 'ready' | 'failed'; error: ApiError | null };
  /** By lesson (model) id. */
  places: Record<number, ModelPlace>;
}

export const initialProgressState: ProgressState = { load: { status: 'idle', error: null }, places: {} };

/**
 * A step seen on top of what was known of the model: reaching a tab's last step marks that tab as
 * gone through, and the model is finished once every tab is (the server counts the same way), so
 * opening the last tab, say the video, finishes nothing before it.
 */
function withStep(known: ModelPlace | undefined, place: ProgressBody): ModelPlace {
  const reached = place.step === place.steps ? [place.tabIndex] : [];
  const tabsDone = [...new Set([...(known?.tabsDone ?? []), ...reached])].sort((a, b) => a - b);
  const everyTab = Array.from({ length: place.tabs }, (_, i) => i).every((i) => tabsDone.includes(i));
  const { tabTitle: _title, ...where } = place;
  return { ...where, tabsDone, finished: (known?.finished ?? false) || everyTab };
}

const toPlace = (entry: ProgressEntry): ModelPlace => ({
  lessonId: entry.lessonId,
  tabId: entry.tabId,
  tabIndex: entry.tabIndex,
  tabs: entry.tabs,
  step: entry.step,
  steps: entry.steps,
  // An instance of the previous version (during an update) answers without it.
  tabsDone: entry.tabsDone ?? [],
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
      for (const place of action.payload.unsent) state.places[place.lessonId] = withStep(state.places[place.lessonId], place);
    },
    loadFailed: (state, action: PayloadAction<ApiError>) => {
      state.load = { status: 'failed', error: action.payload };
    },
    /** A step the student saw, waiting to be saved (debounced). */
    placeQueued: (state, action: PayloadAction<ProgressBody>) => {
      const place = action.payload;
      state.places[place.lessonId] = withStep(state.places[place.lessonId], place);
    },
    placeSaved: (state, action: PayloadAction<ProgressEntry>) => {
      const saved = state.places[action.payload.lessonId];
      // A later step may already be queued: only the tabs gone through and the finished flag are the server's to add.
      if (saved) {
        saved.tabsDone = [...new Set([...saved.tabsDone, ...(action.payload.tabsDone ?? [])])].sort((a, b) => a - b);
        saved.finished ||= action.payload.finishedAt !== null;
      }
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
