/** The classroom's flows on the content pages: unlocking a model for an owner's students. Plain JSON only. */
import { selectSliceState, type StateWith } from '../../../shared/sliceState';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ClassNowClassChoice } from '../../../../contract/classNow';
import type { ClassUnlockResult } from '../../../../contract/classroom';
import type { ApiError } from '../../../api/types';

export interface ClassUnlockFlow {
  status: 'idle' | 'working' | 'done' | 'failed';
  error: ApiError | null;
  result: ClassUnlockResult | null;
}

export interface ClassroomState {
  /** By lesson (model) id. */
  unlocks: Record<number, ClassUnlockFlow>;
  /** The owner's students (the students entity), loaded when a classroom dialog opens. */
  students: { status: 'idle' | 'loading' | 'ready' | 'failed'; error: ApiError | null };
  /** The owner's active classes, to unlock for one of them; a failure leaves the dialog as it is without classes. */
  classes: { status: 'idle' | 'loading' | 'ready' | 'failed'; list: ClassNowClassChoice[] };
}

export const initialClassroomState: ClassroomState = { unlocks: {}, students: { status: 'idle', error: null }, classes: { status: 'idle', list: [] } };
const idle: ClassUnlockFlow = { status: 'idle', error: null, result: null };

export const classroomSlice = createSlice({
  name: 'classroom',
  initialState: initialClassroomState,
  reducers: {
    studentsNeeded: (state) => {
      state.students = { status: 'loading', error: null };
    },
    studentsLoaded: (state) => {
      state.students = { status: 'ready', error: null };
    },
    studentsFailed: (state, action: PayloadAction<ApiError>) => {
      state.students = { status: 'failed', error: action.payload };
    },
    classesNeeded: (state) => {
      state.classes = { status: 'loading', list: state.classes.list };
    },
    classesLoaded: (state, action: PayloadAction<ClassNowClassChoice[]>) => {
      state.classes = { status: 'ready', list: action.payload };
    },
    classesFailed: (state) => {
      state.classes = { status: 'failed', list: [] };
    },
    /** `classId`: with students 'all', the children in that class only. */
    unlockRequested: (state, action: PayloadAction<{ lessonId: number; students: 'all' | number[]; classId?: number }>) => {
      state.unlocks[action.payload.lessonId] = { status: 'working', error: null, result: null };
    },
    unlockSucceeded: (state, action: PayloadAction<ClassUnlockResult>) => {
      state.unlocks[action.payload.lessonId] = { status: 'done', error: null, result: action.payload };
    },
    unlockFailed: (state, action: PayloadAction<{ lessonId: number; error: ApiError }>) => {
      state.unlocks[action.payload.lessonId] = { status: 'failed', error: action.payload.error, result: null };
    },
    unlockDismissed: (state, action: PayloadAction<{ lessonId: number }>) => {
      delete state.unlocks[action.payload.lessonId];
    },
  },
});

export const classroomActions = classroomSlice.actions;

/** The store's state, with the classroom's part once it has joined. */
type WithClassroom = StateWith<typeof classroomSlice>;
const selectClassroom = selectSliceState(classroomSlice);
export const selectClassStudentsLoad = (state: WithClassroom) => selectClassroom(state).students;
export const selectOwnerClasses = (state: WithClassroom) => selectClassroom(state).classes;
export const selectClassUnlock = (state: WithClassroom, lessonId: number): ClassUnlockFlow => selectClassroom(state).unlocks[lessonId] ?? idle;
