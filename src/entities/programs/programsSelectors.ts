import { createSelector } from '@reduxjs/toolkit';
import type { Program, Role } from '../../api/types';
import { programsAdapter, type ProgramsState } from './programsSlice';

interface WithPrograms {
  programs: ProgramsState;
}

const adapterSelectors = programsAdapter.getSelectors((state: WithPrograms) => state.programs);

export const selectAllPrograms = adapterSelectors.selectAll;
export const selectProgramById = adapterSelectors.selectById;

/** Programs sorted by metadata.order (portal-spec.md section 9), ties by title. */
export const selectProgramsInOrder = createSelector([selectAllPrograms], (programs) =>
  [...programs].sort((a, b) => a.order - b.order || a.title.localeCompare(b.title)),
);

/** Non-administrators see only programs that are not hidden (portal-spec.md sections 2 and 6). */
export const isProgramVisibleTo = (role: Role | null, program: Pick<Program, 'hidden'>): boolean =>
  !program.hidden || role === 'administrator';
