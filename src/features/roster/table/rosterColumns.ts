/**
 * The column model of the three roster tables: one description per column that the selectors
 * (sorting), the table (headers and cells) and the export (header row and typed cells) all read,
 * so the screen and the spreadsheet can never disagree. Pure data and functions: no React, no I/O.
 */
import type { OwnerTotals } from '../../../../contract/owners';
import type { ProgressSummary } from '../../../../contract/progress';
import type { Student, User } from '../../../api/types';
import type { CellValue, ColumnKind } from '../../../shared/export/exportSheet';

export interface RosterColumn<Row> {
  id: string;
  header: string;
  kind: ColumnKind;
  /** The raw value: text, a number, or a date as YYYY-MM-DD ('' when missing). */
  value: (row: Row) => CellValue;
  sortable: boolean;
  /** Shown (and exported) instead of an empty value: 'Never' for a student never active. */
  empty?: (row: Row) => string;
  /** The value is one of the columns' words ('Active'), shown and exported in the reader's language. */
  word?: boolean;
}

export type TableId = 'studentsList' | 'franchiseOwners' | 'allStudents';
export const TABLE_IDS: readonly TableId[] = ['studentsList', 'franchiseOwners', 'allStudents'];

/** A student with how far they are (null until the portal backend's summary has come, or elsewhere). */
export interface StudentRow extends Student {
  progress?: ProgressSummary | null;
}

/** A UTC instant as the local calendar day (YYYY-MM-DD), the form every date column holds. */
export function localDay(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

const PROGRESS_COLUMN_IDS = new Set(['modelsUnlocked', 'modelsInProgress', 'lastActive', 'modelsFinished']);

/** A table's columns on a site that keeps students' progress (the portal backend), or without the progress columns. */
export function columnsForSite<Row>(columns: RosterColumn<Row>[], keepsProgress: boolean): RosterColumn<Row>[] {
  return keepsProgress ? columns : columns.filter((column) => !PROGRESS_COLUMN_IDS.has(column.id));
}

/** Models unlocked, in progress and finished, and the last day active: sortable in every student table. */
function progressColumns<Row extends StudentRow>(): RosterColumn<Row>[] {
  const count = (id: string, header: string, of: (p: ProgressSummary) => number): RosterColumn<Row> => ({
    id,
    header,
    kind: 'number',
    value: (s) => (s.progress ? of(s.progress) : ''),
    sortable: true,
  });
  return [
    count('modelsUnlocked', 'Models', (p) => p.unlocked),
    count('modelsInProgress', 'In progress', (p) => p.inProgress),
    count('modelsFinished', 'Finished', (p) => p.finished),
    { id: 'lastActive', header: 'Last active', kind: 'date', value: (s) => localDay(s.progress?.lastActiveAt ?? null), sortable: true, empty: (s) => (s.progress ? 'Never' : '') },
  ];
}

/** Lessons left of each student's package (portal backend only: columnsForRows drops it elsewhere). */
function lessonsLeftColumn<Row extends StudentRow>(): RosterColumn<Row> {
  return { id: 'lessonsLeft', header: 'Lessons left', kind: 'number', value: (s) => s.lessonsLeft ?? '', sortable: true };
}

/** A table's columns without Lessons left when no row carries it (a plain WordPress site). */
export function columnsForRows<Row>(columns: RosterColumn<Row>[], rowsCarryLessons: boolean): RosterColumn<Row>[] {
  return rowsCarryLessons ? columns : columns.filter((column) => column.id !== 'lessonsLeft');
}

/** A franchise owner with the number of their students (computed by a selector), and on the portal backend her status and this month's figures. */
export interface OwnerRow extends User {
  studentCount: number;
  totals?: OwnerTotals;
}

const OWNER_TOTALS_COLUMN_IDS = new Set(['activeThisMonth', 'meetingsThisMonth', 'ownerStatus']);

/** The owners list's columns, without the figures and status on a site that keeps none (a plain WordPress site). */
export function columnsForOwnerRows(columns: RosterColumn<OwnerRow>[], portalBackend: boolean): RosterColumn<OwnerRow>[] {
  return portalBackend ? columns : columns.filter((column) => !OWNER_TOTALS_COLUMN_IDS.has(column.id));
}

/** A student with the owner's name, country and state (All Students List). */
export interface AllStudentsRow extends StudentRow {
  ownerName: string;
  ownerCountry: string;
  ownerState: string;
}

const text = <Row>(id: string, header: string, value: (row: Row) => string, sortable = true): RosterColumn<Row> => ({
  id,
  header,
  kind: 'text',
  value,
  sortable,
});

/** The nine student columns every student table shows, in the product's order. */
function studentColumns<Row extends Student>(sortable: (id: string) => boolean): RosterColumn<Row>[] {
  const columns: RosterColumn<Row>[] = [
    text<Row>('firstName', 'Student First Name', (s) => s.firstName),
    text<Row>('lastName', 'Student Last Name', (s) => s.lastName),
    text<Row>('parentName', 'Parent Name', (s) => s.parentName),
    text<Row>('parentEmail', 'Parent Email', (s) => s.parentEmail),
    text<Row>('phone', 'Phone', (s) => s.phone),
    text<Row>('program', 'Program', (s) => s.program),
    { id: 'startDate', header: 'Start Date', kind: 'date', value: (s) => s.startDate, sortable: true },
    { id: 'endDate', header: 'End Date', kind: 'date', value: (s) => s.endDate, sortable: true },
    { id: 'numberOfLessons', header: 'Lessons', kind: 'number', value: (s) => s.numberOfLessons, sortable: true },
  ];
  return columns.map((column) => ({ ...column, sortable: sortable(column.id) }));
}

/** Students list: clicking any column's header toggles its sort. */
export const studentsListColumns: RosterColumn<StudentRow>[] = [...studentColumns<StudentRow>(() => true), lessonsLeftColumn<StudentRow>(), ...progressColumns<StudentRow>()];

/** Franchise Owners List: only first and last name sort. */
export const franchiseOwnersColumns: RosterColumn<OwnerRow>[] = [
  text<OwnerRow>('firstName', 'First Name', (u) => u.firstName),
  text<OwnerRow>('lastName', 'Last Name', (u) => u.lastName),
  text<OwnerRow>('email', 'Email', (u) => u.email, false),
  text<OwnerRow>('country', 'Country', (u) => u.country, false),
  text<OwnerRow>('state', 'State', (u) => u.state, false),
  text<OwnerRow>('territory', 'Territory', (u) => u.territory, false),
  { id: 'studentCount', header: 'Students', kind: 'number', value: (u) => u.studentCount, sortable: false },
  // The portal backend's figures (columnsForOwnerRows drops them elsewhere).
  { id: 'activeThisMonth', header: 'Active this month', kind: 'number', value: (u) => u.totals?.activeStudentsThisMonth ?? '', sortable: true },
  { id: 'meetingsThisMonth', header: 'Meetings this month', kind: 'number', value: (u) => u.totals?.meetingsThisMonth ?? '', sortable: true },
  { id: 'ownerStatus', header: 'Status', kind: 'text', value: (u) => (u.totals ? (u.totals.status === 'active' ? 'Active' : 'Deactivated') : ''), sortable: true, word: true },
];

const allStudentsSortable = new Set(['firstName', 'lastName', 'parentName', 'program', 'startDate', 'endDate', 'numberOfLessons']);

/** All Students List: the owner's name, country and state, then the student columns. */
export const allStudentsColumns: RosterColumn<AllStudentsRow>[] = [
  text<AllStudentsRow>('ownerName', 'Franchise Owner', (s) => s.ownerName, false),
  text<AllStudentsRow>('ownerCountry', 'Country', (s) => s.ownerCountry, false),
  text<AllStudentsRow>('ownerState', 'State', (s) => s.ownerState, false),
  ...studentColumns<AllStudentsRow>((id) => allStudentsSortable.has(id)),
  lessonsLeftColumn<AllStudentsRow>(),
  ...progressColumns<AllStudentsRow>(),
];

export const columnsByTable = {
  studentsList: studentsListColumns,
  franchiseOwners: franchiseOwnersColumns,
  allStudents: allStudentsColumns,
} as const;

export function isSortableColumn(table: TableId, columnId: string): boolean {
  const columns: readonly RosterColumn<never>[] = columnsByTable[table];
  return columns.some((column) => column.id === columnId && column.sortable);
}
