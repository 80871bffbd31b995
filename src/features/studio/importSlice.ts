/** The WordPress import started from the studio: the job being followed and the latest ones. */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { StudioImportJob, StudioImportOutcome, StudioImportReview, StudioImportSiteProgram } from '../../../contract/studio';
import type { ApiError } from '../../api/types';

const initialState = {
  /** The URL typed in, kept when starting fails. */
  url: '',
  starting: false,
  /** The address being started, then the address of the last import started from this page. */
  startingUrl: '',
  startedUrl: '',
  error: null as ApiError | null,
  job: null as StudioImportJob | null,
  history: [] as StudioImportJob[],
  /** The site's programs, to choose which to import (all ticked at first); for the address `url`. */
  site: {
    url: '',
    status: 'idle' as 'idle' | 'loading' | 'ready' | 'failed',
    programs: [] as StudioImportSiteProgram[],
    chosen: [] as number[],
    error: null as ApiError | null,
  },
  historyStatus: 'idle' as 'idle' | 'loading' | 'ready' | 'failed',
  /** What the shown import brought that waits, unpublished, for review. */
  review: {
    jobId: 0,
    status: 'idle' as 'idle' | 'loading' | 'ready' | 'failed',
    data: null as StudioImportReview | null,
    error: null as ApiError | null,
    busy: null as ReviewAction | null,
    /** The last publish or discard: what it did, and what it could not do. */
    outcome: null as { action: ReviewAction; done: number; failed: StudioImportOutcome['failed'] } | null,
  },
};
export type ReviewAction = 'publishAll' | 'publishChosen' | 'discard';
export type ImportState = typeof initialState;

const importSlice = createSlice({
  name: 'studioImport',
  initialState,
  reducers: {
    urlChanged: (state, action: PayloadAction<string>) => {
      state.url = action.payload;
      // A list read for another address is not this site's.
      if (state.site.status !== 'idle' && state.site.url !== action.payload.trim()) state.site = initialState.site;
    },
    siteProgramsRequested: (state, action: PayloadAction<{ url: string }>) => {
      state.site = { ...initialState.site, url: action.payload.url, status: 'loading' };
    },
    siteProgramsLoaded: (state, action: PayloadAction<{ url: string; programs: StudioImportSiteProgram[] }>) => {
      if (state.site.url !== action.payload.url) return;
      state.site.status = 'ready';
      state.site.programs = action.payload.programs;
      state.site.chosen = action.payload.programs.map((program) => program.id);
    },
    siteProgramsFailed: (state, action: PayloadAction<{ url: string; error: ApiError }>) => {
      if (state.site.url !== action.payload.url) return;
      state.site.status = 'failed';
      state.site.error = action.payload.error;
    },
    siteProgramToggled: (state, action: PayloadAction<number>) => {
      const { chosen } = state.site;
      state.site.chosen = chosen.includes(action.payload) ? chosen.filter((id) => id !== action.payload) : [...chosen, action.payload];
    },
    siteProgramsAllChosen: (state, action: PayloadAction<boolean>) => {
      state.site.chosen = action.payload ? state.site.programs.map((program) => program.id) : [];
    },
    opened: (state) => {
      if (state.historyStatus !== 'ready') state.historyStatus = 'loading';
    },
    historyLoaded: (state, action: PayloadAction<StudioImportJob[] | null>) => {
      state.historyStatus = action.payload ? 'ready' : state.historyStatus === 'ready' ? 'ready' : 'failed';
      if (action.payload) {
        state.history = action.payload;
        const latest = action.payload[0];
        if (!state.job && latest && (latest.status === 'queued' || latest.status === 'running')) state.job = latest;
      }
    },
    startRequested: (state, action: PayloadAction<{ url: string; programs?: number[] }>) => {
      state.starting = true;
      state.startingUrl = action.payload.url;
      state.error = null;
    },
    startFailed: (state, action: PayloadAction<ApiError>) => {
      state.starting = false;
      state.error = action.payload;
    },
    jobUpdated: (state, action: PayloadAction<StudioImportJob>) => {
      if (state.starting) state.startedUrl = state.startingUrl;
      state.starting = false;
      state.error = null;
      state.job = action.payload;
      state.history = [action.payload, ...state.history.filter((job) => job.id !== action.payload.id)];
    },
    pollFailed: (state, action: PayloadAction<ApiError>) => {
      state.error = action.payload;
    },
    reviewRequested: (state, action: PayloadAction<{ jobId: number }>) => {
      if (state.review.jobId !== action.payload.jobId) state.review = { ...initialState.review, jobId: action.payload.jobId };
      state.review.status = state.review.data ? 'ready' : 'loading';
      state.review.error = null;
    },
    reviewLoaded: (state, action: PayloadAction<StudioImportReview>) => {
      if (state.review.jobId !== action.payload.jobId) return;
      state.review.status = 'ready';
      state.review.data = action.payload;
    },
    reviewFailed: (state, action: PayloadAction<{ jobId: number; error: ApiError }>) => {
      if (state.review.jobId !== action.payload.jobId) return;
      state.review.status = state.review.data ? 'ready' : 'failed';
      state.review.busy = null;
      state.review.error = action.payload.error;
    },
    reviewActionRequested: (state, action: PayloadAction<{ jobId: number; action: ReviewAction; ids?: number[] }>) => {
      state.review.busy = action.payload.action;
      state.review.error = null;
      state.review.outcome = null;
    },
    reviewActed: (state, action: PayloadAction<{ action: ReviewAction; outcome: StudioImportOutcome }>) => {
      const { outcome } = action.payload;
      state.review.busy = null;
      state.review.data = outcome.review;
      state.review.outcome = { action: action.payload.action, done: outcome.done, failed: outcome.failed };
    },
  },
});

export const importActions = importSlice.actions;
export const importReducer = importSlice.reducer;
