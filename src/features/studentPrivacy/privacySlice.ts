/**
 * A child's data on the student's page: the download, the readable copy and the erasure, per
 * student. Joins the store with the student privacy feature, which a student's page joins; read
 * with selectSliceState (its initial state until then).
 */
import { selectSliceState, type StateWith } from '../../shared/sliceState';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { StudentDataExport } from '../../../contract/privacy';
import type { ApiError } from '../../api/types';

export type Progress = 'idle' | 'working' | 'done' | 'failed';

export interface ChildDataState {
  download: Progress;
  readable: Progress;
  /** The data the readable copy shows (kept in memory only, never persisted). */
  data: StudentDataExport | null;
  erase: Progress;
  error: ApiError | null;
}

export const idleChildData: ChildDataState = { download: 'idle', readable: 'idle', data: null, erase: 'idle', error: null };

export interface PrivacyState {
  byStudent: Record<number, ChildDataState>;
}

const initialState: PrivacyState = { byStudent: {} };

type Failure = PayloadAction<{ studentId: number; error: ApiError }>;

function child(state: PrivacyState, studentId: number): ChildDataState {
  state.byStudent[studentId] ??= { ...idleChildData };
  return state.byStudent[studentId];
}

export const privacySlice = createSlice({
  name: 'privacy',
  initialState,
  reducers: {
    downloadRequested: (state, action: PayloadAction<{ studentId: number }>) => {
      Object.assign(child(state, action.payload.studentId), { download: 'working', error: null });
    },
    downloadSucceeded: (state, action: PayloadAction<{ studentId: number }>) => {
      child(state, action.payload.studentId).download = 'done';
    },
    downloadFailed: (state, action: Failure) => {
      Object.assign(child(state, action.payload.studentId), { download: 'failed', error: action.payload.error });
    },
    readableRequested: (state, action: PayloadAction<{ studentId: number }>) => {
      Object.assign(child(state, action.payload.studentId), { readable: 'working', error: null });
    },
    readableLoaded: (state, action: PayloadAction<{ studentId: number; data: StudentDataExport }>) => {
      Object.assign(child(state, action.payload.studentId), { readable: 'done', data: action.payload.data });
    },
    readableFailed: (state, action: Failure) => {
      Object.assign(child(state, action.payload.studentId), { readable: 'failed', error: action.payload.error });
    },
    readableClosed: (state, action: PayloadAction<{ studentId: number }>) => {
      Object.assign(child(state, action.payload.studentId), { readable: 'idle', data: null });
    },
    eraseConfirmed: (state, action: PayloadAction<{ studentId: number }>) => {
      Object.assign(child(state, action.payload.studentId), { erase: 'working', error: null });
    },
    eraseSucceeded: (state, action: PayloadAction<{ studentId: number }>) => {
      // What was shown of the child goes with their data.
      Object.assign(child(state, action.payload.studentId), { erase: 'done', readable: 'idle', data: null, download: 'idle' });
    },
    eraseFailed: (state, action: Failure) => {
      Object.assign(child(state, action.payload.studentId), { erase: 'failed', error: action.payload.error });
    },
  },
});

export const privacyActions = privacySlice.actions;

type WithPrivacy = StateWith<typeof privacySlice>;
const selectPrivacy = selectSliceState(privacySlice);

export const selectChildData = (state: WithPrivacy, studentId: number): ChildDataState => selectPrivacy(state).byStudent[studentId] ?? idleChildData;
