/**
 * The roster flow slice: the student and franchise-owner sign-up flows, the export and the lists'
 * progress figures. Records themselves live in the users and students entity slices, the lists'
 * load in the roster lists entity (entities/roster). Each table's sort, search and filters live in the page's URL (rosterView.ts), not
 * here: a reload or a shared link shows the same view. Everything here is plain JSON.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { OwnerTotals } from '../../../contract/owners';
import type { ProgressSummary } from '../../../contract/progress';
import type { ApiError, NewFranchiseOwner, NewStudent } from '../../api/types';
import { sessionEndedActionTypes } from '../../entities/session/sessionSlice';
import type { TableId } from './table/rosterColumns';
import type { ShownQuery } from './table/rosterView';

export type RosterPage = 'studentsList' | 'franchiseOwners' | 'allStudents' | 'signUpStudent';

export interface SignUpStudentFlow {
  status: 'idle' | 'loading' | 'succeeded' | 'failed';
  /** 'already_exists' when the backend said this child (parent e-mail and names) has an account. */
  rejection: 'already_exists' | null;
  error: ApiError | null;
}

export interface SignUpOwnerFlow {
  status: 'idle' | 'loading' | 'succeeded' | 'failed';
  error: ApiError | null;
  created: { userId: number; username: string; name: string; email: string } | null;
}

export interface ExportFlow {
  table: TableId | null;
  status: 'idle' | 'loading' | 'succeeded' | 'failed';
  error: ApiError | null;
  fileName: string | null;
  sheetName: string | null;
  /** The sheet name had to be shortened or cleaned (Excel: at most 31 characters, none of []:*?/\). */
  sheetNameAdjusted: boolean;
}

export interface RosterState {
  signUpStudent: SignUpStudentFlow;
  signUpOwner: SignUpOwnerFlow;
  export: ExportFlow;
  /** How far each student is (the portal backend's progress summary), by student id; empty elsewhere. */
  progress: Record<number, ProgressSummary>;
  /** Each franchise owner's status and this month's figures by owner id (the portal backend's); null until they came, and always on a WordPress site. */
  ownerTotals: Record<number, OwnerTotals> | null;
}

export const initialRosterState: RosterState = {
  signUpStudent: { status: 'idle', rejection: null, error: null },
  signUpOwner: { status: 'idle', error: null, created: null },
  export: { table: null, status: 'idle', error: null, fileName: null, sheetName: null, sheetNameAdjusted: false },
  progress: {},
  ownerTotals: null,
};

export interface ExportRequest {
  table: TableId;
  /** Students list only: whose list it is, by the name in the file and sheet names ... */
  userName?: string;
  /** ... and by id (the rows). */
  ownerId?: number;
  /** The view the table shows (search, filters, sort): the file has exactly the rows on screen. */
  query?: ShownQuery;
}

export interface ExportDone {
  table: TableId;
  fileName: string;
  sheetName: string;
  sheetNameAdjusted: boolean;
}

export const rosterSlice = createSlice({
  name: 'roster',
  initialState: initialRosterState,
  reducers: {
    // -- pages opened (each loads what it shows, unless loading or fresh: rosterSaga) and retried
    studentsListOpened: (state) => {
      state.export = initialRosterState.export;
    },
    franchiseOwnersOpened: (state) => {
      state.export = initialRosterState.export;
    },
    allStudentsOpened: (state) => {
      state.export = initialRosterState.export;
    },
    signUpStudentOpened: (state) => {
      state.signUpStudent = initialRosterState.signUpStudent;
    },
    signUpFranchiseOpened: (state) => {
      state.signUpOwner = initialRosterState.signUpOwner;
    },
    progressSummaryReceived: (state, action: PayloadAction<ProgressSummary[]>) => {
      state.progress = Object.fromEntries(action.payload.map((summary) => [summary.studentId, summary]));
    },
    ownerTotalsReceived: (state, action: PayloadAction<OwnerTotals[]>) => {
      state.ownerTotals = Object.fromEntries(action.payload.map((totals) => [totals.ownerId, totals]));
    },
    /** The owners list shows as it did (the last figures, or none). */
    ownerTotalsFailed: (_state, _action: PayloadAction<{ error: ApiError }>) => {},
    /** The lists show without the progress columns' figures. */
    progressSummaryFailed: (_state, _action: PayloadAction<{ error: ApiError }>) => {},

    // -- student sign-up --------------------------------------------------------------------
    studentSignUpSubmitted: (state, _action: PayloadAction<NewStudent>) => {
      state.signUpStudent = { status: 'loading', rejection: null, error: null };
    },
    studentSignUpSucceeded: (state) => {
      state.signUpStudent = { status: 'succeeded', rejection: null, error: null };
    },
    studentSignUpRejected: (state, action: PayloadAction<{ reason: 'already_exists' }>) => {
      state.signUpStudent = { status: 'failed', rejection: action.payload.reason, error: null };
    },
    studentSignUpFailed: (state, action: PayloadAction<{ error: ApiError }>) => {
      state.signUpStudent = { status: 'failed', rejection: null, error: action.payload.error };
    },
    /** 'add More Student': back to an empty form. */
    studentSignUpReset: (state) => {
      state.signUpStudent = initialRosterState.signUpStudent;
    },

    // -- franchise owner sign-up (portal backend only) ----------------------------------------
    franchiseOwnerSubmitted: (state, _action: PayloadAction<NewFranchiseOwner>) => {
      state.signUpOwner = { status: 'loading', error: null, created: null };
    },
    franchiseOwnerSucceeded: (state, action: PayloadAction<NonNullable<SignUpOwnerFlow['created']>>) => {
      state.signUpOwner = { status: 'succeeded', error: null, created: action.payload };
    },
    franchiseOwnerFailed: (state, action: PayloadAction<{ error: ApiError }>) => {
      state.signUpOwner = { status: 'failed', error: action.payload.error, created: null };
    },
    franchiseOwnerReset: (state) => {
      state.signUpOwner = initialRosterState.signUpOwner;
    },

    // -- export ---------------------------------------------------------------------------------
    exportRequested: (state, action: PayloadAction<ExportRequest>) => {
      state.export = { ...initialRosterState.export, table: action.payload.table, status: 'loading' };
    },
    exportSucceeded: (state, action: PayloadAction<ExportDone>) => {
      state.export = { ...action.payload, status: 'succeeded', error: null };
    },
    exportFailed: (state, action: PayloadAction<{ table: TableId; error: ApiError }>) => {
      state.export = { ...initialRosterState.export, table: action.payload.table, status: 'failed', error: action.payload.error };
    },
  },
  extraReducers: (builder) => {
    builder.addMatcher(
      (action) => sessionEndedActionTypes.includes(action.type),
      () => initialRosterState,
    );
  },
});

export const rosterActions = rosterSlice.actions;
