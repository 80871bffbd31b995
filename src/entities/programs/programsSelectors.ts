import { createSelector } from '@reduxjs/toolkit';
import type { Program, Role } from '../../api/types';
import { STUDENT_PROGRAM_CHOICES } from '../../shared/constants';
import { selectSliceState } from '../../shared/sliceState';
import { programsAdapter, programsSlice } from './programsSlice';

/** The programs the user may see, or none until a feature that reads them has joined. */
export const selectProgramsState = selectSliceState(programsSlice);
const adapterSelectors = programsAdapter.getSelectors(selectProgramsState);

export const selectAllPrograms = adapterSelectors.selectAll;
export const selectProgramById = adapterSelectors.selectById;

/** Programs sorted by metadata.order (docs/spec/portal-spec.md section 9), ties by title. */
export const selectProgramsInOrder = createSelector([selectAllPrograms], (programs) =>
  [...programs].sort((a, b) => a.order - b.order || a.title.localeCompare(b.title)),
);

/**
 * What a student's program field offers: the titles of the programs that exist (as this user sees
 * them), none for teachers only; until they are known, the spec's list of program choices.
 */
export const selectStudentProgramChoices = createSelector([selectProgramsInOrder], (programs): readonly string[] => {
  const titles = programs.filter((program) => !program.forTeachers).map((program) => program.title);
  return titles.length > 0 ? [...new Set(titles)] : STUDENT_PROGRAM_CHOICES;
});

/**
 * Non-administrators see only programs that are not hidden (docs/spec/portal-spec.md sections 2 and 6),
 * and a program for teachers is never a student's (the backend already leaves both out).
 */
export const isProgramVisibleTo = (role: Role | null, program: Pick<Program, 'hidden'> & Partial<Pick<Program, 'forTeachers'>>): boolean =>
  (!program.hidden || role === 'administrator') && !(program.forTeachers === true && role === 'student');
