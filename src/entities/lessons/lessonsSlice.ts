import { createEntityAdapter, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Lesson, LessonDetail } from '../../api/types';
import { sessionEndedActionTypes } from '../session/sessionSlice';

export const lessonsAdapter = createEntityAdapter<Lesson>();

const initialState = lessonsAdapter.getInitialState({
  /** Single lesson pages (galleries, tabs, videos) by lesson id. */
  details: {} as Record<number, LessonDetail>,
});

/** Joins the store with the features that read it (their flows list it). */
export const lessonsSlice = createSlice({
  name: 'lessons',
  initialState,
  reducers: {
    /** The lessons of one program; replaces that program's lessons. */
    received: (state, action: PayloadAction<{ programId: number; lessons: Lesson[] }>) => {
      const { programId, lessons } = action.payload;
      const stale = Object.values(state.entities)
        .filter((lesson) => lesson.programId === programId)
        .map((lesson) => lesson.id);
      lessonsAdapter.removeMany(state, stale);
      lessonsAdapter.upsertMany(state, lessons);
    },
    detailReceived: (state, action: PayloadAction<LessonDetail>) => {
      state.details[action.payload.id] = action.payload;
    },
    /** The backend confirmed an unlock for this student. */
    unlockConfirmed: (state, action: PayloadAction<number>) => {
      const lesson = state.entities[action.payload];
      if (lesson) lesson.unlocked = true;
    },
  },
  extraReducers: (builder) => {
    builder.addMatcher(
      (action) => sessionEndedActionTypes.includes(action.type),
      () => initialState,
    );
  },
});

export const lessonsActions = lessonsSlice.actions;
export const lessonsReducer = lessonsSlice.reducer;
export type LessonsState = ReturnType<typeof lessonsReducer>;
