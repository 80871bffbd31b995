import { createSelector } from '@reduxjs/toolkit';
import type { Lesson } from '../../api/types';
import { lessonsAdapter, type LessonsState } from './lessonsSlice';

interface WithLessons {
  lessons: LessonsState;
}

const adapterSelectors = lessonsAdapter.getSelectors((state: WithLessons) => state.lessons);

export const selectAllLessons = adapterSelectors.selectAll;
export const selectLessonById = adapterSelectors.selectById;
export const selectLessonDetail = (state: WithLessons, lessonId: number) => state.lessons.details[lessonId];

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
