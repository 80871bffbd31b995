import { createSelector } from '@reduxjs/toolkit';
import { selectSliceState } from '../../shared/sliceState';
import { studentsAdapter, studentsSlice } from './studentsSlice';

const adapterSelectors = studentsAdapter.getSelectors(selectSliceState(studentsSlice));

export const selectAllStudents = adapterSelectors.selectAll;
export const selectStudentById = adapterSelectors.selectById;

/** Student count per franchise owner id. */
export const selectStudentCountByOwner = createSelector([selectAllStudents], (students) => {
  const counts: Record<number, number> = {};
  for (const student of students) counts[student.teacherId] = (counts[student.teacherId] ?? 0) + 1;
  return counts;
});
