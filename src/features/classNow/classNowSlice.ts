/** The live class view: the owner's present students as the stream reports them. Plain JSON only. */
import { selectSliceState } from '../../shared/sliceState';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ClassNow, ClassNowClassChoice, ClassNowLockout, ClassNowStudent } from '../../../contract/classNow';
import type { ApiError } from '../../api/types';

export type ClassNowConnection = 'connecting' | 'live' | 'reconnecting' | 'failed';

export interface ClassNowState {
  connection: ClassNowConnection;
  /** False until the first snapshot: the page shows it loading. */
  loaded: boolean;
  students: Record<number, ClassNowStudent>;
  /** The owner's children held back from a model's code (the server's whole list, as last sent). */
  lockedOut: ClassNowLockout[];
  /** The class shown (null: every student of the owner), as the server decided, and the classes to choose from. */
  classId: number | null;
  classes: ClassNowClassChoice[];
  /** The browser's clock minus the server's, in ms, as of the last snapshot ("moved 5 s ago" uses the server's clock). */
  clockOffsetMs: number;
  /** When the next attempt to reconnect is due (the browser's clock, ms), while reconnecting. */
  retryAt: number | null;
  /** A refusal that no retry mends (not allowed, bad owner): shown instead of the class. */
  error: ApiError | null;
  /** "Mark helped" in flight or failed, by student id. */
  helping: Record<number, 'working' | 'failed'>;
}

export const initialClassNowState: ClassNowState = { connection: 'connecting', loaded: false, students: {}, lockedOut: [], classId: null, classes: [], clockOffsetMs: 0, retryAt: null, error: null, helping: {} };

export const classNowSlice = createSlice({
  name: 'classNow',
  initialState: initialClassNowState,
  reducers: {
    /**
     * The page opened: watch this owner's class (administrators name the owner); `classChoice` is the
     * URL's ?class= (a class's id or 'all'), null for the server's choice (the meeting under way).
     */
    opened: (state, _action: PayloadAction<{ ownerId: number | null; classChoice: string | null }>) => {
      state.connection = state.loaded ? 'reconnecting' : 'connecting';
      state.error = null;
    },
    closed: () => initialClassNowState,
    snapshotReceived: (state, action: PayloadAction<{ snapshot: ClassNow; receivedAt: number }>) => {
      const { snapshot, receivedAt } = action.payload;
      state.students = Object.fromEntries(snapshot.students.map((s) => [s.studentId, s]));
      state.lockedOut = snapshot.lockedOut;
      state.classId = snapshot.classId;
      state.classes = snapshot.classes;
      state.clockOffsetMs = receivedAt - Date.parse(snapshot.at);
      state.connection = 'live';
      state.loaded = true;
      state.retryAt = null;
    },
    studentReceived: (state, action: PayloadAction<ClassNowStudent>) => {
      state.students[action.payload.studentId] = action.payload;
      if (action.payload.stuckSince === null) delete state.helping[action.payload.studentId];
    },
    lockoutsReceived: (state, action: PayloadAction<ClassNowLockout[]>) => {
      state.lockedOut = action.payload;
    },
    studentLeft: (state, action: PayloadAction<{ studentId: number }>) => {
      delete state.students[action.payload.studentId];
    },
    connectionLost: (state, action: PayloadAction<{ retryAt: number }>) => {
      state.connection = 'reconnecting';
      state.retryAt = action.payload.retryAt;
    },
    connectionRefused: (state, action: PayloadAction<ApiError>) => {
      state.connection = 'failed';
      state.error = action.payload;
    },
    helpRequested: (state, action: PayloadAction<{ studentId: number }>) => {
      state.helping[action.payload.studentId] = 'working';
    },
    helpSucceeded: (state, action: PayloadAction<{ studentId: number }>) => {
      const student = state.students[action.payload.studentId];
      // The stream confirms it too; the card calms down at once.
      if (student) student.stuckSince = null;
      delete state.helping[action.payload.studentId];
    },
    helpFailed: (state, action: PayloadAction<{ studentId: number }>) => {
      state.helping[action.payload.studentId] = 'failed';
    },
  },
});

export const classNowActions = classNowSlice.actions;

export const selectClassNow = selectSliceState(classNowSlice);
