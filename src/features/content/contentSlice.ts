import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ApiError } from '../../api/types';
import { sessionActions } from '../../entities/session/sessionSlice';
import { MODEL_CODE_LENGTH } from '../../shared/constants';

/**
 * The content flow: loading status of programs, lessons and lesson pages, and the unlock UI of
 * each model card. Records themselves live in entities/programs and entities/lessons.
 * Everything here is plain JSON (dates as ISO strings, errors as ApiError data).
 */
export type LoadStatus = 'idle' | 'loading' | 'succeeded' | 'failed';

export interface LoadState {
  status: LoadStatus;
  error: ApiError | null;
  /** Date.now of the last success: a page opened again soon after does not reload (contentSaga). */
  loadedAt?: number;
}

/** Where a student is in a model's instructions. */
export interface StepViewed {
  programId: number;
  lessonId: number;
  /** The tab's id in the gallery (the lesson's only part when it has no tabs). */
  tabId: string;
  /** The tab's name on screen ("Build"); '' when the lesson has no tabs. */
  tabTitle: string;
  tabIndex: number;
  tabs: number;
  /** 1-based. */
  step: number;
  steps: number;
}

export type UnlockStatus = 'locked' | 'checking' | 'wrong' | 'throttled';

export interface UnlockUiState {
  status: UnlockStatus;
  /** What the student has typed so far (digits only, at most MODEL_CODE_LENGTH). */
  code: string;
  /** Last outcome to announce: 'wrong' stays after the shake until the student types again. */
  message: 'wrong' | 'error' | null;
  /** When a throttled student may try again (ISO string). */
  retryAt: string | null;
}

export type LegacyGalleryStatus = 'idle' | 'loading' | 'ready' | 'notFound' | 'failed';

export interface LegacyGalleryState {
  /** `${programName}/${modelName}` the state belongs to. */
  key: string | null;
  status: LegacyGalleryStatus;
  programId: number | null;
  lessonId: number | null;
}

export interface ContentState {
  programs: LoadState;
  /** By program id. */
  lessons: Record<number, LoadState>;
  /** Single lesson pages, by lesson id. */
  lessonDetails: Record<number, LoadState>;
  /** Unlock UI by lesson id; absent means locked with nothing typed. */
  unlock: Record<number, UnlockUiState>;
  legacyGallery: LegacyGalleryState;
  /** The gallery step on screen (the last stepViewed); null outside a gallery until its first step shows. */
  stepOnScreen: StepViewed | null;
}

export const initialContentState: ContentState = {
  programs: { status: 'idle', error: null },
  lessons: {},
  lessonDetails: {},
  unlock: {},
  legacyGallery: { key: null, status: 'idle', programId: null, lessonId: null },
  stepOnScreen: null,
};

export const emptyUnlockUi: UnlockUiState = { status: 'locked', code: '', message: null, retryAt: null };

export type ProgramListKind = 'buildingInstructions' | 'lessonPlans';

const unlockOf = (state: ContentState, lessonId: number): UnlockUiState => {
  const existing = state.unlock[lessonId];
  if (existing) return existing;
  const created = { ...emptyUnlockUi };
  state.unlock[lessonId] = created;
  return state.unlock[lessonId]!;
};

export const contentSlice = createSlice({
  name: 'content',
  initialState: initialContentState,
  reducers: {
    // ---- page events (the page dispatches these; sagas take them) -------------------------
    /** '/', '/building_instructions/:userName', '/lesson_plans/:userName' and the program redirects. */
    programsPageOpened: (_state, _action: PayloadAction<{ kind: ProgramListKind | 'selectProgram' }>) => {},
    /** '/select-model/...' and '/select-model-lesson-plans/...'. */
    modelsPageOpened: (_state, _action: PayloadAction<{ programId: number }>) => {},
    /** The model list left the screen: its reads of the student's unlocks stop. */
    modelsPageClosed: (_state, _action: PayloadAction<{ programId: number }>) => {},
    /** '/model_building_instructions/{programName}/{ProgramId}/{LessonsId}'. */
    galleryOpened: (state, action: PayloadAction<{ programId: number; lessonId: number }>) => {
      // The page's own galleryOpened comes after its gallery (a child: its effects run first) has
      // shown its first step: that step stays.
      if (state.stepOnScreen?.lessonId !== action.payload.lessonId) state.stepOnScreen = null;
    },
    /**
     * The gallery shows a step (on opening, and on every move): what saves a student's place.
     * tabIndex and step count from 0 and 1; steps is the tab's number of steps.
     */
    stepViewed: (state, action: PayloadAction<StepViewed>) => {
      state.stepOnScreen = action.payload;
    },
    /** '/model_building_instructions/{userName}/{programName}/{ModelName}'. */
    legacyGalleryOpened: (state, action: PayloadAction<{ programName: string; modelName: string }>) => {
      const key = `${action.payload.programName}/${action.payload.modelName}`;
      state.stepOnScreen = null;
      if (state.legacyGallery.key !== key || state.legacyGallery.status === 'failed') {
        state.legacyGallery = { key, status: 'loading', programId: null, lessonId: null };
      }
    },

    // ---- loading ----------------------------------------------------------------------------
    programsLoadStarted: (state) => {
      state.programs = { status: 'loading', error: null };
    },
    programsLoadSucceeded: (state) => {
      state.programs = { status: 'succeeded', error: null };
    },
    programsLoadFailed: (state, action: PayloadAction<ApiError>) => {
      state.programs = { status: 'failed', error: action.payload };
    },
    lessonsLoadStarted: (state, action: PayloadAction<{ programId: number }>) => {
      state.lessons[action.payload.programId] = { status: 'loading', error: null };
    },
    lessonsLoadSucceeded: (state, action: PayloadAction<{ programId: number; loadedAt: number }>) => {
      state.lessons[action.payload.programId] = { status: 'succeeded', error: null, loadedAt: action.payload.loadedAt };
    },
    lessonsLoadFailed: (state, action: PayloadAction<{ programId: number; error: ApiError }>) => {
      state.lessons[action.payload.programId] = { status: 'failed', error: action.payload.error };
    },
    lessonDetailLoadStarted: (state, action: PayloadAction<{ lessonId: number }>) => {
      state.lessonDetails[action.payload.lessonId] = { status: 'loading', error: null };
    },
    lessonDetailLoadSucceeded: (state, action: PayloadAction<{ lessonId: number; loadedAt: number }>) => {
      state.lessonDetails[action.payload.lessonId] = { status: 'succeeded', error: null, loadedAt: action.payload.loadedAt };
    },
    lessonDetailLoadFailed: (state, action: PayloadAction<{ lessonId: number; error: ApiError }>) => {
      state.lessonDetails[action.payload.lessonId] = { status: 'failed', error: action.payload.error };
    },
    legacyGalleryResolved: (
      state,
      action: PayloadAction<{ key: string; status: 'ready' | 'notFound' | 'failed'; programId: number | null; lessonId: number | null }>,
    ) => {
      const { key, ...rest } = action.payload;
      if (state.legacyGallery.key === key) state.legacyGallery = { key, ...rest };
    },
    /** Saving kit_on_header_clicked failed; nothing to show, recorded for the action log. */
    userMetaSaveFailed: (_state, _action: PayloadAction<ApiError>) => {},

    // ---- unlock -----------------------------------------------------------------------------
    /** The student typed in a locked card's code input (the reducer keeps digits only, at most 4). */
    unlockCodeChanged: (state, action: PayloadAction<{ lessonId: number; modelName: string; code: string }>) => {
      const ui = unlockOf(state, action.payload.lessonId);
      if (ui.status !== 'locked') return;
      ui.code = action.payload.code.replace(/\D/g, '').slice(0, MODEL_CODE_LENGTH);
      ui.message = null;
    },
    unlockCheckStarted: (state, action: PayloadAction<{ lessonId: number }>) => {
      unlockOf(state, action.payload.lessonId).status = 'checking';
    },
    unlockSucceeded: (state, action: PayloadAction<{ lessonId: number }>) => {
      state.unlock[action.payload.lessonId] = { ...emptyUnlockUi };
    },
    /** A wrong 4-digit code: the card shakes until unlockShakeEnded. */
    unlockRejected: (state, action: PayloadAction<{ lessonId: number }>) => {
      const ui = unlockOf(state, action.payload.lessonId);
      ui.status = 'wrong';
      ui.message = 'wrong';
    },
    unlockShakeEnded: (state, action: PayloadAction<{ lessonId: number }>) => {
      const ui = unlockOf(state, action.payload.lessonId);
      ui.status = 'locked';
      ui.code = '';
    },
    unlockThrottled: (state, action: PayloadAction<{ lessonId: number; retryAt: string }>) => {
      const ui = unlockOf(state, action.payload.lessonId);
      ui.status = 'throttled';
      ui.code = '';
      ui.message = null;
      ui.retryAt = action.payload.retryAt;
    },
    unlockThrottleEnded: (state, action: PayloadAction<{ lessonId: number }>) => {
      const ui = unlockOf(state, action.payload.lessonId);
      ui.status = 'locked';
      ui.retryAt = null;
    },
    /** The check itself failed (network, server): the student may simply try again. */
    unlockFailed: (state, action: PayloadAction<{ lessonId: number; error: ApiError }>) => {
      const ui = unlockOf(state, action.payload.lessonId);
      ui.status = 'locked';
      ui.code = '';
      ui.message = 'error';
    },
  },
  extraReducers: (builder) => {
    // Another user on a shared classroom tablet must start from a clean slate.
    builder.addCase(sessionActions.loggedOut, () => initialContentState);
    builder.addCase(sessionActions.expired, () => initialContentState);
  },
});

export const contentActions = contentSlice.actions;
