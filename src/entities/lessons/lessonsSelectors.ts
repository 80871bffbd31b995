import { createSelector } from '@reduxjs/toolkit';
import type { Lesson } from '../../api/types';
import { selectSliceState, type StateWith } from '../../shared/sliceState';
import { lessonsAdapter, lessonsSlice } from './lessonsSlice';

type WithLessons = StateWith<typeof lessonsSlice>;
/** The lessons loaded so far, or none until a feature that reads them has joined. */
export const selectLessonsState = selectSliceState(lessonsSlice);
const adapterSelectors = lessonsAdapter.getSelectors(selectLessonsState);

export const selectAllLessons = adapterSelectors.selectAll;
export const selectLessonById = adapterSelectors.selectById;
export const selectLessonDetail = (state: WithLessons, lessonId: number) => selectLessonsState(state).details[lessonId];

const byOrder = (a: Lesson, b: Lesson) => a.order - b.order || a.title.localeCompare(b.title);

/** A program's lessons split by the experimental flag, each part sorted by metadata.order. */
export const selectProgramLessonGroups = createSelector(
  [selectAllLessons, (_state: WithLessons, programId: number) => programId],
  (lessons, programId) => {
    const ofProgram = lessons.filter((lesson) => lesson.programId === programId);
    return {
      main: ofProgram.filter((lesson) => !lesson.experimental).sort(byOrder),
      experimental: ofProgram.filter((lesson) => lesson.experimental).sort(byOrder),
    };
  },
);
