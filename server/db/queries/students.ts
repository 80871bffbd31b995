import type { NewStudentRow, StudentRow } from '../schema';
import type { Executor } from './executor';

export async function insertStudent(db: Executor, student: NewStudentRow): Promise<void> {
  await db.insertInto('students').values(student).execute();
}

/** All students, or one owner's. Ordered by user id. */
export function listStudents(db: Executor, scope: { teacherId: number } | 'all'): Promise<StudentRow[]> {
  let q = db.selectFrom('students').selectAll();
  if (scope !== 'all') q = q.where('teacher_id', '=', scope.teacherId);
  return q.orderBy('user_id').execute();
}
