/**
 * What the roster pages show, derived from the entity slices, the session and the flow slice:
 * role filtering, owner joins, student counts and the table sort. Memoized where they derive.
 */
import { createSelector } from '@reduxjs/toolkit';
import type { Student, User } from '../../api/types';
import type { SessionState } from '../../entities/session/sessionSlice';
import { selectUserId, selectUserRole } from '../../entities/session/sessionSelectors';
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

/**
 * Whose students /students_list/{userName} shows. A franchise owner: their own (teacher_id === their
 * user id, spec section 6). An administrator: the URL decides, so a reload or a shared link shows
 * the same list: the owner `?owner={id}` names, else the one franchise owner with that first name.
 */
export type StudentsListOwner =
  /** `owner`: for an administrator (an owner's own list needs no heading); `listName`: for links and the export. */
  | { kind: 'found'; ownerId: number; owner: User | null; listName: string }
  /** Administrator: the owners are still loading. */
  | { kind: 'pending' }
  /** Administrator: more than one franchise owner has that first name. */
  | { kind: 'ambiguous'; candidates: User[] }
  /** Administrator: no franchise owner by that id or name; or a role without a students list. */
  | { kind: 'none' };

const sameFirstName = (owner: User, name: string) =>
  owner.firstName.trim().localeCompare(name.trim(), undefined, { sensitivity: 'accent' }) === 0;

export const selectStudentsListOwner = createSelector(
  [
    selectUserRole,
    selectUserId,
    selectFranchiseOwners,
    selectListLoad,
    (_state: WithRoster, userName: string) => userName,
    (_state: WithRoster, _userName: string, ownerId: number | null) => ownerId,
  ],
  (role, ownId, owners, load, userName, ownerId): StudentsListOwner => {
    if (role === 'franchise_owner' && ownId !== null) return { kind: 'found', ownerId: ownId, owner: null, listName: userName };
    if (role !== 'administrator') return { kind: 'none' };
    if (ownerId !== null) {
      const owner = owners.find((candidate) => candidate.id === ownerId) ?? null;
      if (owner) return { kind: 'found', ownerId, owner, listName: owner.firstName };
    } else {
      const candidates = owners.filter((owner) => sameFirstName(owner, userName));
      if (candidates.length === 1) return { kind: 'found', ownerId: candidates[0]!.id, owner: candidates[0]!, listName: candidates[0]!.firstName };
      if (candidates.length > 1) return { kind: 'ambiguous', candidates };
    }
    // Until the owners have loaded (or while their load failed: the list says so), nothing is decided.
    return load.status === 'succeeded' ? { kind: 'none' } : { kind: 'pending' };
  },
);

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
