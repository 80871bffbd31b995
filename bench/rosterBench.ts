/**
 * Roster performance: the sort selector on every column in both directions, and the Excel export
 * (buildWorkbook + write to a buffer), for 10,000 and 50,000 students. Prints median milliseconds.
 *
 *   npx tsx bench/rosterBench.ts [runs]
 */
import { performance } from 'node:perf_hooks';
import type { Student, User } from '../src/api/types';
import { defaultRuntimeConfig } from '../src/entities/config/configSlice';
import { lessonsReducer } from '../src/entities/lessons/lessonsSlice';
import { programsReducer } from '../src/entities/programs/programsSlice';
import { initialSessionState, type SessionState } from '../src/entities/session/sessionSlice';
import { studentsActions, studentsReducer } from '../src/entities/students/studentsSlice';
import { usersActions, usersReducer } from '../src/entities/users/usersSlice';
import { allStudentsColumns, studentsListColumns } from '../src/features/roster/table/rosterColumns';
import { selectAllStudentsRows, selectStudentsListRows } from '../src/features/roster/rosterSelectors';
import type { StoreState } from '../src/shared/storeHooks';
import { initialRosterState } from '../src/features/roster/rosterSlice';
import { emptyView, type ShownQuery } from '../src/features/roster/table/rosterView';
import type { SortDirection } from '../src/features/roster/table/sorting';
import { buildWorkbook, workbookToArrayBuffer } from '../src/shared/export/xlsxWorkbook';

const RUNS = Number(process.argv[2] ?? 7);
const SIZES = [10_000, 50_000];

const FIRST = ['Noa', 'amir', 'Étienne', 'Mei', 'wei', 'Sofia', 'Lior', 'Zoë', 'ari', 'Maya', 'Ömer', 'José', 'li', 'Yael', 'Ben'];
const LAST = ['Levi', 'Katz', 'Tan', 'lim', 'Lopez', 'Åberg', 'Cohen', 'Wong', 'Garcia', 'Ben David', 'Müller', 'ng', "O'Brien"];
const PROGRAMS = ['Play Machines 1', 'Play Machines 2', 'Robotics 1', 'Robotics 2', 'Robotics 10', 'AlgoC', 'Big Builders 2'];

/** A deterministic pseudo-random generator, so every run sorts the same data. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

function buildState(count: number): StoreState {
  const rand = rng(count);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  const owners: User[] = Array.from({ length: 50 }, (_, i) => ({
    id: i + 1,
    role: 'franchise_owner',
    firstName: pick(FIRST),
    lastName: pick(LAST),
    email: `owner${i}@bench.test`,
    country: 'Israel',
    state: 'Center',
    territory: 'T',
    teacherId: null,
  }));
  const students: Student[] = Array.from({ length: count }, (_, i) => {
    const year = 2022 + Math.floor(rand() * 4);
    return {
      id: 1000 + i,
      // Everyone belongs to owner 1, so the students list selector sorts all of them.
      teacherId: 1,
      firstName: `${pick(FIRST)}${Math.floor(rand() * 1000)}`,
      lastName: pick(LAST),
      parentName: `${pick(FIRST)} ${pick(LAST)}`,
      parentEmail: `parent${i}@bench.test`,
      phone: `+972 5${Math.floor(rand() * 10)} ${Math.floor(rand() * 10_000_000)}`,
      program: pick(PROGRAMS),
      startDate: `${year}-${pad(1 + Math.floor(rand() * 12))}-${pad(1 + Math.floor(rand() * 28))}`,
      endDate: `${year + 1}-${pad(1 + Math.floor(rand() * 12))}-${pad(1 + Math.floor(rand() * 28))}`,
      numberOfLessons: 1 + Math.floor(rand() * 60),
    };
  });
  const session: SessionState = { ...initialSessionState, token: 't', userId: 1, userRole: 'franchise_owner', userName: 'Bench', valid: true };
  return {
    // The portal backend: progress columns included.
    config: { ...defaultRuntimeConfig, capabilities: { ...defaultRuntimeConfig.capabilities, serverUnlock: true } },
    roster: initialRosterState,
    session,
    users: usersReducer(undefined, usersActions.received(owners)),
    students: studentsReducer(undefined, studentsActions.received(students)),
    programs: programsReducer(undefined, { type: '@@bench/init' }),
    lessons: lessonsReducer(undefined, { type: '@@bench/init' }),
  };
}

// A new sort object each time, so the memoized selector really sorts again.
const withSort = (columnId: string, direction: SortDirection): ShownQuery => ({ ...emptyView, today: '', sort: { columnId, direction } });

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function time(fn: () => unknown): number {
  fn(); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    fn();
    samples.push(performance.now() - start);
  }
  return median(samples);
}

type Row = { table: string; measure: string; [size: string]: string };
const results = new Map<string, Row>();
const record = (table: string, measure: string, size: number, ms: number) => {
  const key = `${table}|${measure}`;
  const row = results.get(key) ?? { table, measure };
  row[`${size.toLocaleString('en')} rows (ms)`] = ms.toFixed(1);
  results.set(key, row);
};

for (const size of SIZES) {
  const state = buildState(size);
  for (const column of studentsListColumns) {
    for (const direction of ['asc', 'desc'] as const) {
      const ms = time(() => selectStudentsListRows(state, 1, withSort(column.id, direction)));
      record('studentsList', `sort ${column.id} ${direction}`, size, ms);
    }
  }
  for (const column of allStudentsColumns.filter((c) => c.sortable)) {
    for (const direction of ['asc', 'desc'] as const) {
      const ms = time(() => selectAllStudentsRows(state, withSort(column.id, direction)));
      record('allStudents', `sort ${column.id} ${direction}`, size, ms);
    }
  }
  const listRows = selectStudentsListRows(state, 1, withSort('lastName', 'asc'));
  record('studentsList', 'buildWorkbook', size, time(() => buildWorkbook(listRows, studentsListColumns, 'Bench Students')));
  record('studentsList', 'buildWorkbook + write xlsx buffer', size, time(() => workbookToArrayBuffer(buildWorkbook(listRows, studentsListColumns, 'Bench Students'))));
  const allRows = selectAllStudentsRows(state, withSort('lastName', 'asc'));
  record('allStudents', 'buildWorkbook + write xlsx buffer', size, time(() => workbookToArrayBuffer(buildWorkbook(allRows, allStudentsColumns, 'All Students'))));
}

console.log(`Roster bench: median of ${RUNS} runs after one warm-up, Node ${process.version}`);
console.table([...results.values()]);
