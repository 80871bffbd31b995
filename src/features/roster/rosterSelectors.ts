/**
 * What the roster pages show, derived from the entity slices, the session and the flow slice:
 * role filtering, owner joins, student counts and the table sort. Memoized where they derive.
 */
import { createSelector } from '@reduxjs/toolkit';
import type { Student, User } from '../../api/types';
import type { SessionState } from '../../entities/session/sessionSlice';
import { selectAllStudents, selectStudentCountByOwner } from '../../entities/students/studentsSelectors';
import type { StudentsState } from '../../entities/students/studentsSlice';
import { selectFranchiseOwners, selectUserEntities } from '../../entities/users/usersSelectors';
import type { UsersState } from '../../entities/users/usersSlice';
import { allStudentsColumns, franchiseOwnersColumns, studentsListColumns, type AllStudentsRow, type OwnerRow, type TableId } from './rosterColumns';
import type { RosterState } from './rosterSlice';
import { applySort } from './sorting';

export interface WithRoster {
  roster: RosterState;
  session: SessionState;
  users: UsersState;
  students: StudentsState;
}

export const selectRoster = (state: WithRoster) => state.roster;
export const selectListLoad = (state: WithRoster) => state.roster.list;
export const selectSignUpStudentFlow = (state: WithRoster) => state.roster.signUpStudent;
export const selectSignUpOwnerFlow = (state: WithRoster) => state.roster.signUpOwner;
export const selectExportFlow = (state: WithRoster) => state.roster.export;
export const selectTableSort = (state: WithRoster, table: TableId) => state.roster.sort[table];

const selectStudentsListSort = (state: WithRoster) => state.roster.sort.studentsList;
const selectFranchiseOwnersSort = (state: WithRoster) => state.roster.sort.franchiseOwners;
const selectAllStudentsSort = (state: WithRoster) => state.roster.sort.allStudents;

const ownerIdOf = (_state: WithRoster, ownerId: number | null) => ownerId;

/** The students list before sorting: the given owner's students only. */
export const selectStudentsListStudents = createSelector([selectAllStudents, ownerIdOf], (students, ownerId): Student[] =>
  ownerId === null ? [] : students.filter((student) => student.teacherId === ownerId),
);

/** The students list rows of one owner in the order the table shows them. */
export const selectStudentsListRows = createSelector(
  [(state: WithRoster, ownerId: number | null) => selectStudentsListStudents(state, ownerId), selectStudentsListSort],
  (rows, sort) => applySort(rows, studentsListColumns, sort),
);

/** Franchise owners, each with the number of their students. */
export const selectOwnerRowsUnsorted = createSelector(
  [selectFranchiseOwners, selectStudentCountByOwner],
  (owners, counts): OwnerRow[] => owners.map((owner) => ({ ...owner, studentCount: counts[owner.id] ?? 0 })),
);

export const selectFranchiseOwnerRows = createSelector([selectOwnerRowsUnsorted, selectFranchiseOwnersSort], (rows, sort) =>
  applySort(rows, franchiseOwnersColumns, sort),
);

const ownerName = (owner: User | undefined) => (owner ? `${owner.firstName} ${owner.lastName}`.trim() : '');

/** Every student the backend let us see, with their owner's name, country and state. */
export const selectAllStudentsUnsorted = createSelector(
  [selectAllStudents, selectUserEntities],
  (students, users): AllStudentsRow[] =>
    students.map((student) => {
      const owner = users[student.teacherId];
      return { ...student, ownerName: ownerName(owner), ownerCountry: owner?.country ?? '', ownerState: owner?.state ?? '' };
    }),
);

export const selectAllStudentsRows = createSelector([selectAllStudentsUnsorted, selectAllStudentsSort], (rows, sort) =>
  applySort(rows, allStudentsColumns, sort),
);

/** Owners an administrator may sign a student up for, by name. */
export const selectOwnerChoices = createSelector([selectFranchiseOwners], (owners) =>
  owners
    .map((owner) => ({ id: owner.id, label: ownerName(owner) || owner.email }))
    .sort((a, b) => a.label.localeCompare(b.label, undefined, { sensitivity: 'accent' })),
);
