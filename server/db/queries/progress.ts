import type { StudentProgressRow, StudentProgressTable } from '../schema';
import type { StudentScope } from './students';
import type { Executor } from './executor';

type ProgressPlace = Omit<StudentProgressTable, 'finished_at' | 'started_at' | 'updated_at'>;

/** Saves a student's place in a model; finished_at is set the first time `finished` holds and then kept. */
export async function saveProgressRow(db: Executor, place: ProgressPlace, finished: boolean, at: string): Promise<StudentProgressRow> {
  const { user_id: _user, lesson_id: _lesson, ...moved } = place;
  const finishedAt = finished ? at : null;
  return db
    .insertInto('student_progress')
    .values({ ...place, finished_at: finishedAt, started_at: at, updated_at: at })
    .onConflict((oc) =>
      oc.columns(['user_id', 'lesson_id']).doUpdateSet((eb) => ({
        ...moved,
        updated_at: at,
        finished_at: eb.fn.coalesce('student_progress.finished_at', eb.val(finishedAt)),
      })),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A student's places with each model's title, the most recently moved first (for their owner). */
export function progressOfStudentWithTitles(db: Executor, userId: number): Promise<(StudentProgressRow & { title: string })[]> {
  return db
    .selectFrom('student_progress')
    .innerJoin('pages', 'pages.id', 'student_progress.lesson_id')
    .selectAll('student_progress')
    .select('pages.title')
    .where('student_progress.user_id', '=', userId)
    .orderBy('student_progress.updated_at', 'desc')
    .orderBy('student_progress.lesson_id')
    .execute();
}

/** A student's places, the most recently moved first. */
export function progressOfStudent(db: Executor, userId: number): Promise<StudentProgressRow[]> {
  return db.selectFrom('student_progress').selectAll().where('user_id', '=', userId).orderBy('updated_at', 'desc').orderBy('lesson_id').execute();
}

export interface ProgressSummaryRow {
  student_id: number;
  unlocked: number;
  in_progress: number;
  finished: number;
  last_moved_at: string | null;
  last_unlocked_at: string | null;
}

/**
 * One row per student of the scope, in one statement: each count is a subquery on its table's
 * primary key (user_id first), so the cost grows with the scope's students, not the whole table.
 */
export async function progressSummaries(db: Executor, scope: StudentScope): Promise<ProgressSummaryRow[]> {
  let q = db.selectFrom('students as s').select((eb) => [
    's.user_id as student_id',
    eb.selectFrom('unlocks as u').whereRef('u.user_id', '=', 's.user_id').select((e) => e.fn.countAll<number>().as('n')).as('unlocked'),
    eb
      .selectFrom('student_progress as p')
      .whereRef('p.user_id', '=', 's.user_id')
      .where('p.finished_at', 'is', null)
      .select((e) => e.fn.countAll<number>().as('n'))
      .as('in_progress'),
    eb
      .selectFrom('student_progress as p')
      .whereRef('p.user_id', '=', 's.user_id')
      .where('p.finished_at', 'is not', null)
      .select((e) => e.fn.countAll<number>().as('n'))
      .as('finished'),
    eb.selectFrom('student_progress as p').whereRef('p.user_id', '=', 's.user_id').select((e) => e.fn.max('p.updated_at').as('m')).as('last_moved_at'),
    eb.selectFrom('unlocks as u').whereRef('u.user_id', '=', 's.user_id').select((e) => e.fn.max('u.created_at').as('m')).as('last_unlocked_at'),
  ]);
  if (scope !== 'all') q = q.where('s.teacher_id', '=', scope.teacherId);
  const rows = await q.orderBy('s.user_id').execute();
  // PostgreSQL's count is a bigint, which its driver returns as text.
  return rows.map((row) => ({
    student_id: row.student_id,
    unlocked: Number(row.unlocked ?? 0),
    in_progress: Number(row.in_progress ?? 0),
    finished: Number(row.finished ?? 0),
    last_moved_at: row.last_moved_at ?? null,
    last_unlocked_at: row.last_unlocked_at ?? null,
  }));
}
