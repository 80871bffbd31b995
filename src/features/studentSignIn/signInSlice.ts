/**
 * A student's sign-in details: the login name and last sign-in, and the progress of a reset or a
 * sign-in mail. Never a password: a reset's new one goes straight to the component that shows it
 * (shownOnce.ts).
 */
import { selectSliceState, type StateWith } from '../../shared/sliceState';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { StudentCredentials } from '../../../contract';
import type { ApiError } from '../../api/types';

export type Progress = 'idle' | 'working' | 'done' | 'failed';

export interface StudentSignIn {
  loadStatus: 'loading' | 'loaded' | 'failed';
  loadError: ApiError | null;
  details: StudentCredentials | null;
  reset: { status: Progress; error: ApiError | null; requestId: string | null };
  mail: { status: Progress; error: ApiError | null };
}

export interface StudentSignInState {
  students: Record<number, StudentSignIn>;
}

export const initialStudentSignInState: StudentSignInState = { students: {} };

const fresh = (): StudentSignIn => ({ loadStatus: 'loading', loadError: null, details: null, reset: { status: 'idle', error: null, requestId: null }, mail: { status: 'idle', error: null } });

export const studentSignInSlice = createSlice({
  name: 'studentSignIn',
  initialState: initialStudentSignInState,
  reducers: {
    studentOpened: (state, action: PayloadAction<{ studentId: number }>) => {
      state.students[action.payload.studentId] = fresh();
    },
    detailsLoaded: (state, action: PayloadAction<{ studentId: number; details: StudentCredentials }>) => {
      const s = (state.students[action.payload.studentId] ??= fresh());
      s.loadStatus = 'loaded';
      s.details = action.payload.details;
    },
    detailsFailed: (state, action: PayloadAction<{ studentId: number; error: ApiError }>) => {
      const s = (state.students[action.payload.studentId] ??= fresh());
      s.loadStatus = 'failed';
      s.loadError = action.payload.error;
    },
    resetRequested: (state, action: PayloadAction<{ studentId: number; requestId: string }>) => {
      const s = (state.students[action.payload.studentId] ??= fresh());
      s.reset = { status: 'working', error: null, requestId: action.payload.requestId };
    },
    resetSucceeded: (state, action: PayloadAction<{ studentId: number; requestId: string }>) => {
      const s = state.students[action.payload.studentId];
      if (s?.reset.requestId === action.payload.requestId) s.reset.status = 'done';
    },
    resetFailed: (state, action: PayloadAction<{ studentId: number; requestId: string; error: ApiError }>) => {
      const s = state.students[action.payload.studentId];
      if (s?.reset.requestId === action.payload.requestId) s.reset = { status: 'failed', error: action.payload.error, requestId: action.payload.requestId };
    },
    signInMailRequested: (state, action: PayloadAction<{ studentId: number }>) => {
      const s = (state.students[action.payload.studentId] ??= fresh());
      s.mail = { status: 'working', error: null };
    },
    signInMailSent: (state, action: PayloadAction<{ studentId: number }>) => {
      const s = state.students[action.payload.studentId];
      if (s) s.mail = { status: 'done', error: null };
    },
    signInMailFailed: (state, action: PayloadAction<{ studentId: number; error: ApiError }>) => {
      const s = state.students[action.payload.studentId];
      if (s) s.mail = { status: 'failed', error: action.payload.error };
    },
  },
});

export const studentSignInActions = studentSignInSlice.actions;

const selectState = selectSliceState(studentSignInSlice);
export const selectStudentSignIn = (state: StateWith<typeof studentSignInSlice>, studentId: number): StudentSignIn | undefined => selectState(state).students[studentId];
