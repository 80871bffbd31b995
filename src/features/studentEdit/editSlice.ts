/**
 * One student's record as the student's page shows it (login name and status included), the
 * changes made to it (edit, end, re-activate, move), and the audit log's current page. Joins the store with the
 * student edit feature (a student's page, the audit log); a session that ends takes it along.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AuditEntry, AuditQuery, RosterStudent, RosterStudentEdit } from '../../../contract/rosterEdit';
import type { ApiError } from '../../api/types';
import { sessionEndedActionTypes } from '../../entities/session/sessionSlice';

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'failed';

export type StudentChange =
  | { kind: 'edit'; edit: RosterStudentEdit }
  | { kind: 'end' }
  | { kind: 'reactivate'; endDate: string }
  | { kind: 'move'; teacherId: number };
export type ChangeKind = StudentChange['kind'];

export interface StudentDetails {
  status: LoadStatus;
  error: ApiError | null;
  record: RosterStudent | null;
  busy: ChangeKind | null;
  /** The last change that failed; what was typed stays in the form. */
  failed: { kind: ChangeKind; error: ApiError } | null;
  /** The last change that worked, counted, so a form can close once for each. */
  done: { kind: ChangeKind; count: number } | null;
}

export const emptyDetails: StudentDetails = { status: 'idle', error: null, record: null, busy: null, failed: null, done: null };

export interface AuditState {
  query: AuditQuery;
  status: LoadStatus;
  error: ApiError | null;
  entries: AuditEntry[];
  nextBefore: number | null;
  loadingMore: boolean;
}

const initialState = {
  students: {} as Record<number, StudentDetails>,
  audit: { query: {}, status: 'idle', error: null, entries: [], nextBefore: null, loadingMore: false } as AuditState,
};
export type RosterEditState = typeof initialState;

export const rosterEditSlice = createSlice({
  name: 'rosterEdit',
  initialState,
  reducers: {
    studentOpened: (state, action: PayloadAction<{ id: number }>) => {
      const details = (state.students[action.payload.id] ??= { ...emptyDetails });
      if (details.status !== 'ready') details.status = 'loading';
      details.error = null;
      // "The changes were saved." belongs to the visit that saved them.
      details.done = null;
    },
    studentLoaded: (state, action: PayloadAction<{ record: RosterStudent }>) => {
      const id = Number(action.payload.record.user_id);
      const details = (state.students[id] ??= { ...emptyDetails });
      Object.assign(details, { status: 'ready', error: null, record: action.payload.record });
    },
    studentLoadFailed: (state, action: PayloadAction<{ id: number; error: ApiError }>) => {
      const details = (state.students[action.payload.id] ??= { ...emptyDetails });
      // A record already shown stays; only a first load fails the section.
      if (details.record === null) Object.assign(details, { status: 'failed', error: action.payload.error });
    },
    changeRequested: (state, action: PayloadAction<{ id: number; change: StudentChange }>) => {
      const details = (state.students[action.payload.id] ??= { ...emptyDetails });
      details.busy = action.payload.change.kind;
      details.failed = null;
    },
    changeSucceeded: (state, action: PayloadAction<{ kind: ChangeKind; record: RosterStudent }>) => {
      const details = (state.students[Number(action.payload.record.user_id)] ??= { ...emptyDetails });
      Object.assign(details, { status: 'ready', error: null, record: action.payload.record, busy: null, failed: null });
      details.done = { kind: action.payload.kind, count: (details.done?.count ?? 0) + 1 };
    },
    changeFailed: (state, action: PayloadAction<{ id: number; kind: ChangeKind; error: ApiError }>) => {
      const details = (state.students[action.payload.id] ??= { ...emptyDetails });
      details.busy = null;
      details.failed = { kind: action.payload.kind, error: action.payload.error };
    },
    changeDismissed: (state, action: PayloadAction<{ id: number }>) => {
      const details = state.students[action.payload.id];
      if (details) details.failed = null;
    },
    auditRequested: (state, action: PayloadAction<{ query: AuditQuery }>) => {
      state.audit = { query: action.payload.query, status: 'loading', error: null, entries: [], nextBefore: null, loadingMore: false };
    },
    auditMoreRequested: (state) => {
      if (state.audit.nextBefore !== null) state.audit.loadingMore = true;
    },
    auditLoaded: (state, action: PayloadAction<{ entries: AuditEntry[]; nextBefore: number | null; more: boolean }>) => {
      const { entries, nextBefore, more } = action.payload;
      state.audit.entries = more ? [...state.audit.entries, ...entries] : entries;
      Object.assign(state.audit, { nextBefore, status: 'ready', error: null, loadingMore: false });
    },
    auditFailed: (state, action: PayloadAction<{ error: ApiError; more: boolean }>) => {
      state.audit.loadingMore = false;
      if (action.payload.more) state.audit.error = action.payload.error;
      else Object.assign(state.audit, { status: 'failed', error: action.payload.error });
    },
  },
  extraReducers: (builder) => {
    // A session that ends takes the edits along (the next user starts afresh).
    builder.addMatcher(
      (action) => sessionEndedActionTypes.includes(action.type),
      () => initialState,
    );
  },
});

export const editActions = rosterEditSlice.actions;
