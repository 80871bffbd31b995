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
 * One row per student of the scope, in one statement: each table is aggregated once per student of
 * the scope (grouped, then joined), never queried once per student, so 10,000 students stay quick.
 */
export async function progressSummaries(db: Executor, scope: StudentScope): Promise<ProgressSummaryRow[]> {
  const owner = scope === 'all' ? null : scope.teacherId;
  const unlocked = db
    .selectFrom('unlocks as u')
    .innerJoin('students as su', 'su.user_id', 'u.user_id')
    .select((eb) => ['u.user_id', eb.fn.countAll<number>().as('n'), eb.fn.max('u.created_at').as('last_at')])
    .$if(owner !== null, (qb) => qb.where('su.teacher_id', '=', owner!))
    .groupBy('u.user_id');
  const moved = db
    .selectFrom('student_progress as p')
    .innerJoin('students as sp', 'sp.user_id', 'p.user_id')
    .select((eb) => [
        'p.user_id',
        eb.fn.sum<number>(eb.case().when('p.finished_at', 'is', null).then(1).else(0).end()).as('going'),
        eb.fn.sum<number>(eb.case().when('p.finished_at', 'is not', null).then(1).else(0).end()).as('done'),
        eb.fn.max('p.updated_at').as('last_at'),
      ])
    .$if(owner !== null, (qb) => qb.where('sp.teacher_id', '=', owner!))
    .groupBy('p.user_id');
  const rows = await db
    .selectFrom('students as s')
    .leftJoin(unlocked.as('ul'), 'ul.user_id', 's.user_id')
    .leftJoin(moved.as('mv'), 'mv.user_id', 's.user_id')
    .select(['s.user_id as student_id', 'ul.n', 'ul.last_at as last_unlocked_at', 'mv.going', 'mv.done', 'mv.last_at as last_moved_at'])
    .$if(owner !== null, (qb) => qb.where('s.teacher_id', '=', owner!))
    .orderBy('s.user_id')
    .execute();
  // PostgreSQL's count and sum are bigint and numeric, which its driver returns as text.
  return rows.map((row) => ({
    student_id: row.student_id,
    unlocked: Number(row.n ?? 0),
    in_progress: Number(row.going ?? 0),
    finished: Number(row.done ?? 0),
    last_moved_at: row.last_moved_at ?? null,
    last_unlocked_at: row.last_unlocked_at ?? null,
  }));
}
