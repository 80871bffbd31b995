import { createSelector } from '@reduxjs/toolkit';
import { studentsAdapter, type StudentsState } from './studentsSlice';

interface WithStudents {
  students: StudentsState;
}

const adapterSelectors = studentsAdapter.getSelectors((state: WithStudents) => state.students);

export const selectAllStudents = adapterSelectors.selectAll;
export const selectStudentById = adapterSelectors.selectById;

/** Student count per franchise owner id. */
export const selectStudentCountByOwner = createSelector([selectAllStudents], (students) => {
  const counts: Record<number, number> = {};
  for (const student of students) counts[student.teacherId] = (counts[student.teacherId] ?? 0) + 1;
  return counts;
});
