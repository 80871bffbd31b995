import { createSelector } from '@reduxjs/toolkit';
import type { Program, Role } from '../../api/types';
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

/** Non-administrators see only programs that are not hidden (docs/spec/portal-spec.md sections 2 and 6). */
export const isProgramVisibleTo = (role: Role | null, program: Pick<Program, 'hidden'>): boolean =>
  !program.hidden || role === 'administrator';
