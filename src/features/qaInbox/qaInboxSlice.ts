/** The QA inbox: problem reports for administrators. Plain JSON only. */
import { selectSliceState } from '../../shared/sliceState';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ProblemReportDetail, ProblemReportSummary, ReportStatus } from '../../../contract/reports';
import type { ApiError } from '../../api/types';

export interface ReportQuery {
  status?: ReportStatus;
  role?: string;
  program?: string;
  appVersion?: string;
  page: number;
}

export const REPORTS_PER_PAGE = 20;

export interface QaInboxState {
  query: ReportQuery;
  list: { status: 'idle' | 'loading' | 'ready' | 'failed'; reports: ProblemReportSummary[]; total: number; error: ApiError | null };
  detail: { id: number | null; status: 'idle' | 'loading' | 'ready' | 'failed'; report: ProblemReportDetail | null; error: ApiError | null };
  save: { status: 'idle' | 'saving' | 'saved' | 'failed'; error: ApiError | null };
}

export const initialQaInboxState: QaInboxState = {
  query: { page: 1 },
  list: { status: 'idle', reports: [], total: 0, error: null },
  detail: { id: null, status: 'idle', report: null, error: null },
  save: { status: 'idle', error: null },
};

export const qaInboxSlice = createSlice({
  name: 'qaInbox',
  initialState: initialQaInboxState,
  reducers: {
    listRequested: (state, action: PayloadAction<ReportQuery>) => {
      state.query = action.payload;
      state.list.status = 'loading';
      state.list.error = null;
    },
    listLoaded: (state, action: PayloadAction<{ reports: ProblemReportSummary[]; total: number }>) => {
      state.list = { status: 'ready', reports: action.payload.reports, total: action.payload.total, error: null };
    },
    listFailed: (state, action: PayloadAction<ApiError>) => {
      state.list.status = 'failed';
      state.list.error = action.payload;
    },
    detailRequested: (state, action: PayloadAction<{ id: number }>) => {
      state.detail = { id: action.payload.id, status: 'loading', report: null, error: null };
      state.save = initialQaInboxState.save;
    },
    detailLoaded: (state, action: PayloadAction<ProblemReportDetail>) => {
      if (state.detail.id === action.payload.id) state.detail = { id: action.payload.id, status: 'ready', report: action.payload, error: null };
    },
    detailFailed: (state, action: PayloadAction<{ id: number; error: ApiError }>) => {
      if (state.detail.id === action.payload.id) state.detail = { id: action.payload.id, status: 'failed', report: null, error: action.payload.error };
    },
    detailClosed: (state) => {
      state.detail = initialQaInboxState.detail;
      state.save = initialQaInboxState.save;
    },
    saveRequested: (state, _action: PayloadAction<{ id: number; status: ReportStatus; comment: string }>) => {
      state.save = { status: 'saving', error: null };
    },
    saved: (state, action: PayloadAction<ProblemReportDetail>) => {
      state.save = { status: 'saved', error: null };
      const { log: _log, screenshot: _screenshot, ...summary } = action.payload;
      if (state.detail.report?.id === action.payload.id) state.detail.report = { ...state.detail.report, ...summary };
      state.list.reports = state.list.reports.map((report) => (report.id === summary.id ? summary : report));
    },
    saveFailed: (state, action: PayloadAction<ApiError>) => {
      state.save = { status: 'failed', error: action.payload };
    },
  },
});

export const qaInboxActions = qaInboxSlice.actions;

export const selectQaInbox = selectSliceState(qaInboxSlice);
