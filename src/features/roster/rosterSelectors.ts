/**
 * What the roster pages show, derived from the entity slices, the session and the flow slice:
 * role filtering, owner joins, student counts, and the rows a table shows for a view (its URL's
 * search, filters and sort: rosterView.ts). Memoized where they derive: the sort only reruns when
 * the sort or the rows change, a keystroke only refilters the sorted rows.
 */
import { createSelector } from '@reduxjs/toolkit';
import type { Student, User } from '../../api/types';
import { selectAllStudents, selectStudentCountByOwner } from '../../entities/students/studentsSelectors';
import { selectFranchiseOwners, selectUserEntities } from '../../entities/users/usersSelectors';
import { selectCapabilities, selectCapabilitiesKnown } from '../../entities/config/configSlice';
import { allStudentsColumns, columnsForOwnerRows, columnsForRows, columnsForSite, franchiseOwnersColumns, studentsListColumns, type AllStudentsRow, type OwnerRow, type StudentRow } from './table/rosterColumns';
import { filterAllStudents, filterOwners, filterStudents } from './table/rosterFilters';
import { selectSliceState } from '../../shared/sliceState';
import type { StoreState } from '../../shared/storeHooks';
import { rosterSlice } from './rosterSlice';
import type { ShownQuery } from './table/rosterView';
import { applySort } from './table/sorting';


/**
 * Whether the site keeps students' progress: the portal backend does, with its server-side unlocks;
 * a WordPress site has neither. The progress columns show until the site is known to lack it: on
 * the portal backend (the default) they never move the table after it has appeared.
 */
export const selectSiteKeepsProgress = (state: StoreState) => !selectCapabilitiesKnown(state) || selectCapabilities(state).serverUnlock;
/** Whether the students carry lessons used and left: the portal backend's rows do, a WordPress site's never. */
const selectRowsCarryLessons = createSelector([selectAllStudents], (students) => students.some((student) => student.lessonsLeft !== undefined));
export const selectStudentsListColumns = createSelector([selectSiteKeepsProgress, selectRowsCarryLessons], (keeps, lessons) =>
  columnsForRows(columnsForSite(studentsListColumns, keeps), lessons),
);
export const selectAllStudentsColumns = createSelector([selectSiteKeepsProgress, selectRowsCarryLessons], (keeps, lessons) =>
  columnsForRows(columnsForSite(allStudentsColumns, keeps), lessons),
);

export const selectRoster = selectSliceState(rosterSlice);
const selectOwnerTotals = (state: StoreState) => selectRoster(state).ownerTotals;
/**
 * The owners list's columns: with each owner's figures and status on the portal backend (as the
 * progress columns: shown from the start, so the table never moves when the figures come), never on a WordPress site.
 */
export const selectFranchiseOwnersColumns = createSelector([selectSiteKeepsProgress], (portalBackend) => columnsForOwnerRows(franchiseOwnersColumns, portalBackend));
export const selectSignUpStudentFlow = (state: StoreState) => selectRoster(state).signUpStudent;
export const selectSignUpOwnerFlow = (state: StoreState) => selectRoster(state).signUpOwner;
export const selectExportFlow = (state: StoreState) => selectRoster(state).export;

/** The view's sort object: the same object while only the search changes (the page memoizes it). */
const sortOf = (_state: StoreState, query: ShownQuery) => query.sort;
const queryOf = (_state: StoreState, query: ShownQuery) => query;
const listSortOf = (_state: StoreState, _ownerId: number | null, query: ShownQuery) => query.sort;
const listQueryOf = (_state: StoreState, _ownerId: number | null, query: ShownQuery) => query;

const ownerIdOf = (_state: StoreState, ownerId: number | null) => ownerId;

const selectProgress = (state: StoreState) => selectRoster(state).progress;

/** The students list before sorting: the given owner's students only. */
export const selectStudentsListStudents = createSelector([selectAllStudents, ownerIdOf], (students, ownerId): Student[] =>
  ownerId === null ? [] : students.filter((student) => student.teacherId === ownerId),
);

/** The same students, each with how far they are. */
const selectStudentsListProgressRows = createSelector(
  [(state: StoreState, ownerId: number | null) => selectStudentsListStudents(state, ownerId), selectProgress],
  (students, progress): StudentRow[] => students.map((student) => ({ ...student, progress: progress[student.id] ?? null })),
);

const selectStudentsListSorted = createSelector(
  [(state: StoreState, ownerId: number | null) => selectStudentsListProgressRows(state, ownerId), listSortOf],
  (rows, sort) => applySort(rows, studentsListColumns, sort),
);

/** The students list rows of one owner that the view shows, in the table's order. */
export const selectStudentsListRows = createSelector(
  [(state: StoreState, ownerId: number | null, query: ShownQuery) => selectStudentsListSorted(state, ownerId, query), listQueryOf],
  filterStudents,
);

/** Franchise owners, each with the number of their students, and her status and figures where the portal backend gave them. */
export const selectOwnerRowsUnsorted = createSelector([selectFranchiseOwners, selectStudentCountByOwner, selectOwnerTotals], (owners, counts, totals): OwnerRow[] =>
  owners.map((owner) => {
    const figures = totals?.[owner.id];
    return { ...owner, studentCount: counts[owner.id] ?? 0, ...(figures ? { totals: figures } : {}) };
  }),
);

const selectFranchiseOwnersSorted = createSelector([selectOwnerRowsUnsorted, sortOf], (rows, sort) => applySort(rows, franchiseOwnersColumns, sort));

export const selectFranchiseOwnerRows = createSelector([selectFranchiseOwnersSorted, queryOf], filterOwners);

const ownerName = (owner: User | undefined) => (owner ? `${owner.firstName} ${owner.lastName}`.trim() : '');

/** Every student the backend let us see, with their owner's name, country and state. */
export const selectAllStudentsUnsorted = createSelector(
  [selectAllStudents, selectUserEntities, selectProgress],
  (students, users, progress): AllStudentsRow[] =>
    students.map((student) => {
      const owner = users[student.teacherId];
      return { ...student, ownerName: ownerName(owner), ownerCountry: owner?.country ?? '', ownerState: owner?.state ?? '', progress: progress[student.id] ?? null };
    }),
);

const selectAllStudentsSorted = createSelector([selectAllStudentsUnsorted, sortOf], (rows, sort) => applySort(rows, allStudentsColumns, sort));

export const selectAllStudentsRows = createSelector([selectAllStudentsSorted, queryOf], filterAllStudents);

