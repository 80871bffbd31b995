/** Renewals due, the lesson settings, the owner's count and the monthly report. Plain JSON only. */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SummaryFrequency } from '../../../contract/family';
import type { LessonSettings, MonthlyReport, RenewalDue } from '../../../contract/lessons';
import type { ApiError } from '../../api/types';
import { selectSliceState, type Loadable } from '../../shared/sliceState';
import type { RenewalsQuery } from './api';

export interface OwnerChoice {
  id: number;
  name: string;
  country: string;
}

/** A column and its direction, or null for the server's order. */
export interface SortState {
  columnId: string;
  direction: 'asc' | 'desc';
}


export interface RenewalsState {
  query: RenewalsQuery;
  due: { status: 'idle' | 'loading' | 'ready' | 'failed'; rows: RenewalDue[]; error: ApiError | null };
  /** Administrators: the franchise owners, for the filters. */
  owners: Loadable<OwnerChoice[]>;
  settings: Loadable<LessonSettings>;
  saveSettings: { status: 'idle' | 'saving' | 'saved' | 'failed'; error: ApiError | null };
  /** How many of the signed-in owner's students are due: the students list's notice. */
  count: { status: 'idle' | 'loading' | 'ready' | 'failed'; value: number };
  report: { month: string | null; status: 'idle' | 'loading' | 'ready' | 'failed'; value: MonthlyReport | null; error: ApiError | null };
  reportExport: { status: 'idle' | 'working' | 'saved' | 'failed'; fileName: string | null; error: ApiError | null };
  /** Owners: how often their families get the summary mail. */
  familySummary: Loadable<SummaryFrequency>;
  saveFamilySummary: { status: 'idle' | 'saving' | 'saved' | 'failed'; error: ApiError | null };
}

export const initialRenewalsState: RenewalsState = {
  query: { ownerId: null, country: null },
  due: { status: 'idle', rows: [], error: null },
  owners: { status: 'idle' },
  settings: { status: 'idle' },
  saveSettings: { status: 'idle', error: null },
  count: { status: 'idle', value: 0 },
  report: { month: null, status: 'idle', value: null, error: null },
  reportExport: { status: 'idle', fileName: null, error: null },
  familySummary: { status: 'idle' },
  saveFamilySummary: { status: 'idle', error: null },
};

export const renewalsSlice = createSlice({
  name: 'renewals',
  initialState: initialRenewalsState,
  reducers: {
    dueRequested: (state, action: PayloadAction<RenewalsQuery>) => {
      state.query = action.payload;
      state.due = { status: 'loading', rows: state.due.rows, error: null };
    },
    dueLoaded: (state, action: PayloadAction<RenewalDue[]>) => {
      state.due = { status: 'ready', rows: action.payload, error: null };
    },
    dueFailed: (state, action: PayloadAction<ApiError>) => {
      state.due = { status: 'failed', rows: [], error: action.payload };
    },
    ownersRequested: (state) => {
      if (state.owners.status !== 'ready') state.owners = { status: 'loading' };
    },
    ownersLoaded: (state, action: PayloadAction<OwnerChoice[]>) => {
      state.owners = { status: 'ready', value: action.payload };
    },
    ownersFailed: (state, action: PayloadAction<ApiError>) => {
      state.owners = { status: 'failed', error: action.payload };
    },
    settingsRequested: (state) => {
      if (state.settings.status !== 'ready') state.settings = { status: 'loading' };
      state.saveSettings = { status: 'idle', error: null };
    },
    settingsLoaded: (state, action: PayloadAction<LessonSettings>) => {
      state.settings = { status: 'ready', value: action.payload };
    },
    settingsFailed: (state, action: PayloadAction<ApiError>) => {
      state.settings = { status: 'failed', error: action.payload };
    },
    settingsSaveRequested: (state, _action: PayloadAction<LessonSettings>) => {
      state.saveSettings = { status: 'saving', error: null };
    },
    settingsSaved: (state, action: PayloadAction<LessonSettings>) => {
      state.settings = { status: 'ready', value: action.payload };
      state.saveSettings = { status: 'saved', error: null };
    },
    settingsSaveFailed: (state, action: PayloadAction<ApiError>) => {
      state.saveSettings = { status: 'failed', error: action.payload };
    },
    countRequested: (state) => {
      state.count = { status: 'loading', value: state.count.value };
    },
    countLoaded: (state, action: PayloadAction<number>) => {
      state.count = { status: 'ready', value: action.payload };
    },
    countFailed: (state) => {
      state.count = { status: 'failed', value: 0 };
    },
    reportRequested: (state, action: PayloadAction<{ month: string }>) => {
      state.report = { month: action.payload.month, status: 'loading', value: state.report.value, error: null };
      state.reportExport = { status: 'idle', fileName: null, error: null };
    },
    reportLoaded: (state, action: PayloadAction<MonthlyReport>) => {
      state.report = { month: action.payload.month, status: 'ready', value: action.payload, error: null };
    },
    reportFailed: (state, action: PayloadAction<ApiError>) => {
      state.report = { ...state.report, status: 'failed', value: null, error: action.payload };
    },
    reportExportRequested: (state, _action: PayloadAction<{ sort: SortState | null }>) => {
      state.reportExport = { status: 'working', fileName: null, error: null };
    },
    reportExported: (state, action: PayloadAction<{ fileName: string }>) => {
      state.reportExport = { status: 'saved', fileName: action.payload.fileName, error: null };
    },
    reportExportFailed: (state, action: PayloadAction<ApiError>) => {
      state.reportExport = { status: 'failed', fileName: null, error: action.payload };
    },
    familySummaryRequested: (state) => {
      if (state.familySummary.status !== 'ready') state.familySummary = { status: 'loading' };
      state.saveFamilySummary = { status: 'idle', error: null };
    },
    familySummaryLoaded: (state, action: PayloadAction<SummaryFrequency>) => {
      state.familySummary = { status: 'ready', value: action.payload };
    },
    familySummaryFailed: (state, action: PayloadAction<ApiError>) => {
      state.familySummary = { status: 'failed', error: action.payload };
    },
    familySummaryChanged: (state, _action: PayloadAction<SummaryFrequency>) => {
      state.saveFamilySummary = { status: 'saving', error: null };
    },
    familySummarySaved: (state, action: PayloadAction<SummaryFrequency>) => {
      state.familySummary = { status: 'ready', value: action.payload };
      state.saveFamilySummary = { status: 'saved', error: null };
    },
    familySummarySaveFailed: (state, action: PayloadAction<ApiError>) => {
      state.saveFamilySummary = { status: 'failed', error: action.payload };
    },
  },
});

export const renewalsActions = renewalsSlice.actions;
export const selectRenewals = selectSliceState(renewalsSlice);
