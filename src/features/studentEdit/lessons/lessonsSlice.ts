/**
 * A student's lessons as their page shows them (figures, dates, attendance), and the renewal made
 * there: busy, its failure (what was typed stays in the form) and a count of renewals done, so the
 * form closes once for each. A session that ends takes it along.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { RenewalInput, StudentLessons } from '../../../../contract/lessons';
import type { ApiError } from '../../../api/types';
import { sessionEndedActionTypes } from '../../../entities/session/sessionSlice';
import { selectSliceState, type StateWith } from '../../../shared/sliceState';

export interface LessonsView {
  status: 'idle' | 'loading' | 'ready' | 'failed';
  error: ApiError | null;
  lessons: StudentLessons | null;
  renewing: boolean;
  renewFailed: ApiError | null;
  renewed: number;
}

export const emptyLessonsView: LessonsView = { status: 'idle', error: null, lessons: null, renewing: false, renewFailed: null, renewed: 0 };

const initialState = { students: {} as Record<number, LessonsView> };

export const studentLessonsSlice = createSlice({
  name: 'studentLessons',
  initialState,
  reducers: {
    opened: (state, action: PayloadAction<{ id: number }>) => {
      const view = (state.students[action.payload.id] ??= { ...emptyLessonsView });
      if (view.status !== 'ready') view.status = 'loading';
      view.error = null;
    },
    loaded: (state, action: PayloadAction<{ lessons: StudentLessons }>) => {
      const view = (state.students[action.payload.lessons.studentId] ??= { ...emptyLessonsView });
      Object.assign(view, { status: 'ready', error: null, lessons: action.payload.lessons });
    },
    loadFailed: (state, action: PayloadAction<{ id: number; error: ApiError }>) => {
      const view = (state.students[action.payload.id] ??= { ...emptyLessonsView });
      // Figures already shown stay; only a first load fails the section.
      if (view.lessons === null) Object.assign(view, { status: 'failed', error: action.payload.error });
    },
    renewRequested: (state, action: PayloadAction<{ id: number; input: RenewalInput }>) => {
      const view = (state.students[action.payload.id] ??= { ...emptyLessonsView });
      Object.assign(view, { renewing: true, renewFailed: null });
    },
    renewSucceeded: (state, action: PayloadAction<{ lessons: StudentLessons }>) => {
      const view = (state.students[action.payload.lessons.studentId] ??= { ...emptyLessonsView });
      Object.assign(view, { status: 'ready', error: null, lessons: action.payload.lessons, renewing: false, renewFailed: null, renewed: view.renewed + 1 });
    },
    renewFailed: (state, action: PayloadAction<{ id: number; error: ApiError }>) => {
      const view = (state.students[action.payload.id] ??= { ...emptyLessonsView });
      Object.assign(view, { renewing: false, renewFailed: action.payload.error });
    },
    renewDismissed: (state, action: PayloadAction<{ id: number }>) => {
      const view = state.students[action.payload.id];
      if (view) view.renewFailed = null;
    },
  },
  extraReducers: (builder) => {
    builder.addMatcher(
      (action) => sessionEndedActionTypes.includes(action.type),
      () => initialState,
    );
  },
});

export const lessonsActions = studentLessonsSlice.actions;

const selectStudentLessonsState = selectSliceState(studentLessonsSlice);

export const selectLessonsView = (state: StateWith<typeof studentLessonsSlice>, id: number): LessonsView => selectStudentLessonsState(state).students[id] ?? emptyLessonsView;
