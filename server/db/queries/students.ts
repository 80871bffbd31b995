import { readChangeVersion } from '../changeVersions';
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
export type RosterStudentRow = Omit<StudentRow, 'created_at' | 'erased_at'>;

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

/** The students change version, bumped by a trigger in the transaction of every students write. */
export function studentsVersion(db: Executor): Promise<number> {
  return readChangeVersion(db, 'students');
}

/** Of these user ids, the students (with their owner); ids that are no student are absent. */
export function studentOwners(db: Executor, userIds: readonly number[]): Promise<{ user_id: number; teacher_id: number }[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('students').select(['user_id', 'teacher_id']).where('user_id', 'in', [...userIds]).execute();
}

export function findStudent(db: Executor, userId: number): Promise<StudentRow | undefined> {
  return db.selectFrom('students').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export type StudentUpdate = Partial<Omit<StudentRow, 'user_id' | 'created_at'>>;

export async function updateStudent(db: Executor, userId: number, changes: StudentUpdate): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db.updateTable('students').set(changes).where('user_id', '=', userId).execute();
}

/** "First Last" of each student named, by user id. */
export async function studentNames(db: Executor, userIds: number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.selectFrom('students').select(['user_id', 'student_first_name', 'student_last_name']).where('user_id', 'in', userIds).execute();
  return new Map(rows.map((r) => [r.user_id, `${r.student_first_name} ${r.student_last_name}`]));
}
