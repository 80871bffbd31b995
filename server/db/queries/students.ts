import { sql } from 'kysely';
import type { NewStudentRow, StudentRow } from '../schema';
import type { Executor } from './executor';

export async function insertStudent(db: Executor, student: NewStudentRow): Promise<void> {
  await db.insertInto('students').values(student).execute();
}

export type StudentScope = { teacherId: number } | 'all';

/** All students, or one owner's. Ordered by user id. */
export function listStudents(db: Executor, scope: StudentScope): Promise<StudentRow[]> {
  let q = db.selectFrom('students').selectAll();
  if (scope !== 'all') q = q.where('teacher_id', '=', scope.teacherId);
  return q.orderBy('user_id').execute();
}

/** The columns the roster answer (get_all_students_data) shows: everything but created_at. */
export type RosterStudentRow = Omit<StudentRow, 'created_at'>;

/** listStudents without the columns the roster never sends. Ordered by user id. */
export function listRosterStudents(db: Executor, scope: StudentScope): Promise<RosterStudentRow[]> {
  let q = db
    .selectFrom('students')
    .select([
      'user_id',
      'teacher_id',
      'student_first_name',
      'student_last_name',
      'parent_name',
      'parent_email',
      'phone',
      'program',
      'lessons_start_date',
      'lessons_end_date',
      'number_of_lessons',
    ]);
  if (scope !== 'all') q = q.where('teacher_id', '=', scope.teacherId);
  return q.orderBy('user_id').execute();
}

/**
 * A cheap fingerprint of the students in a scope (one index range scan, well under 1 ms for
 * 10,000 rows): the row count and the highest user id. Students are only ever inserted (no
 * update or delete of a students row exists), so every change shows in the count; it is read from
 * the database, so it also sees writes made by other processes (other instances, the CLI, the
 * bench seeding the file directly).
 */
export async function studentsFingerprint(db: Executor, scope: StudentScope): Promise<string> {
  let q = db.selectFrom('students').select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('user_id').as('m')]);
  if (scope !== 'all') q = q.where('teacher_id', '=', scope.teacherId);
  const row = await q.executeTakeFirst();
  return `${Number(row?.n ?? 0)}:${row?.m ?? ''}`;
}

/**
 * SQLite only: PRAGMA data_version, which changes whenever another connection (another process,
 * the CLI, a script) commits to the database file, whatever it changed. About 2 µs, where the
 * count and highest id of 10,000 students take about 0.35 ms of the event loop (better-sqlite3 is
 * synchronous). This connection's own writes do not change it: the caller tracks those itself.
 */
export async function sqliteDataVersion(db: Executor): Promise<string> {
  const { rows } = await sql<{ data_version: number }>`PRAGMA data_version`.execute(db);
  return `dv:${rows[0]?.data_version ?? ''}`;
}
