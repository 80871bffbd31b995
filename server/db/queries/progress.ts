import { sql } from 'kysely';
import type { StudentProgressRow, StudentProgressTable } from '../schema';
import type { StudentScope } from './students';
import type { Executor } from './executor';
import { TRASH_STATUS } from './pageHistory';

type ProgressPlace = Omit<StudentProgressTable, 'finished_at' | 'started_at' | 'updated_at' | 'stuck_at' | 'changed_at' | 'tabs_done' | 'tab_title'> & { tab_title: string };

/**
 * Saves a student's place in a model. Reaching a tab's last step marks that tab as gone through
 * (tabs_done, added to in the statement itself, so two devices saving at once both count);
 * finished_at is set the first time every tab is gone through, and then kept.
 * Moving to another step (tab or step changed) clears "I'm stuck"; saving the same step again keeps it.
 */
export async function saveProgressRow(db: Executor, place: ProgressPlace, at: string): Promise<StudentProgressRow> {
  const { user_id: _user, lesson_id: _lesson, ...moved } = place;
  const reached = place.step === place.steps ? 2 ** place.tab_index : 0;
  const all = 2 ** place.tabs - 1;
  const done = sql<number>`(student_progress.tabs_done | ${reached})`;
  return db
    .insertInto('student_progress')
    .values({ ...place, tabs_done: reached, finished_at: reached === all ? at : null, started_at: at, updated_at: at, stuck_at: null, changed_at: at })
    .onConflict((oc) =>
      oc.columns(['user_id', 'lesson_id']).doUpdateSet((eb) => ({
        ...moved,
        updated_at: at,
        changed_at: at,
        tabs_done: done,
        finished_at: eb.fn.coalesce(
          'student_progress.finished_at',
          eb
            .case()
            .when(sql<boolean>`(${done} & ${all}) = ${all}`)
            .then(eb.val<string | null>(at))
            .else(eb.val<string | null>(null))
            .end(),
        ),
        stuck_at: eb
          .case()
          .when(
            eb.and([
              eb('student_progress.tab_id', '=', place.tab_id),
              eb('student_progress.tab_index', '=', place.tab_index),
              eb('student_progress.step', '=', place.step),
            ]),
          )
          .then(eb.ref('student_progress.stuck_at'))
          .else(eb.val<string | null>(null))
          .end(),
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
    .where('pages.status', '<>', TRASH_STATUS)
    .orderBy('student_progress.updated_at', 'desc')
    .orderBy('student_progress.lesson_id')
    .execute();
}

/** A student's places, the most recently moved first; `withTrashed` false leaves out models in the studio's trash. */
export function progressOfStudent(db: Executor, userId: number, withTrashed = true): Promise<StudentProgressRow[]> {
  return db
    .selectFrom('student_progress')
    .selectAll()
    .where('user_id', '=', userId)
    .$if(!withTrashed, (qb) => qb.where(({ exists, not, selectFrom }) => not(exists(selectFrom('pages').select('pages.id').whereRef('pages.id', '=', 'student_progress.lesson_id').where('pages.status', '=', TRASH_STATUS)))))
    .orderBy('updated_at', 'desc')
    .orderBy('lesson_id')
    .execute();
}

/**
 * Marks a student stuck on a model they have a place in (the first "stuck" time is kept): since
 * when, and the step she is on; null when they have no place in it.
 */
export async function markStuck(
  db: Executor,
  userId: number,
  lessonId: number,
  at: string,
): Promise<{ stuck_at: string | null; tab_index: number; step: number; tab_title: string } | null> {
  const row = await db
    .updateTable('student_progress')
    .set((eb) => ({ stuck_at: eb.fn.coalesce('stuck_at', eb.val(at)), changed_at: at }))
    .where('user_id', '=', userId)
    .where('lesson_id', '=', lessonId)
    .returning(['stuck_at', 'tab_index', 'step', 'tab_title'])
    .executeTakeFirst();
  return row ?? null;
}

/** A student's place in one model (before it is saved again); undefined when she has none. */
export function progressPlace(db: Executor, userId: number, lessonId: number): Promise<Pick<StudentProgressRow, 'lesson_id' | 'tab_index' | 'step' | 'updated_at'> | undefined> {
  return db.selectFrom('student_progress').select(['lesson_id', 'tab_index', 'step', 'updated_at']).where('user_id', '=', userId).where('lesson_id', '=', lessonId).executeTakeFirst();
}

/** Where a student moved last, in any model; undefined when she has no place. */
export function latestProgressPlace(db: Executor, userId: number): Promise<Pick<StudentProgressRow, 'lesson_id' | 'tab_index' | 'step' | 'updated_at'> | undefined> {
  return db
    .selectFrom('student_progress')
    .select(['lesson_id', 'tab_index', 'step', 'updated_at'])
    .where('user_id', '=', userId)
    .orderBy('updated_at', 'desc')
    .orderBy('lesson_id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Clears a student's "I'm stuck" on every model; the number of places that were stuck. */
export async function clearStuck(db: Executor, userId: number, at: string): Promise<number> {
  const result = await db.updateTable('student_progress').set({ stuck_at: null, changed_at: at }).where('user_id', '=', userId).where('stuck_at', 'is not', null).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** A place in the live class view: the row with the student's first name and the model's and program's titles. */
export interface ClassPlaceRow {
  user_id: number;
  teacher_id: number;
  first_name: string;
  lesson_id: number;
  lesson_title: string;
  /** The model's published post meta (JSON): its tabs' names in other languages. */
  lesson_meta: string;
  program_id: number;
  program_title: string;
  tab_id: string;
  tab_title: string;
  tab_index: number;
  tabs: number;
  step: number;
  steps: number;
  updated_at: string;
  stuck_at: string | null;
  changed_at: string;
}

/**
 * The places of students written since `since` (ISO), of the given owners' students (or of these
 * students); every such row of a student, the caller picks their current one.
 */
export function classPlaces(db: Executor, filter: { teacherIds?: readonly number[]; userIds?: readonly number[] }, since: string): Promise<ClassPlaceRow[]> {
  let query = db
    .selectFrom('student_progress as p')
    .innerJoin('students as s', 's.user_id', 'p.user_id')
    .innerJoin('pages as l', 'l.id', 'p.lesson_id')
    .leftJoin('pages as g', 'g.id', 'p.program_id')
    .where('l.status', '<>', TRASH_STATUS)
    .select([
      'p.user_id',
      's.teacher_id',
      's.student_first_name as first_name',
      'p.lesson_id',
      'l.title as lesson_title',
      'l.meta_json as lesson_meta',
      'p.program_id',
      'g.title as program_title',
      'p.tab_id',
      'p.tab_title',
      'p.tab_index',
      'p.tabs',
      'p.step',
      'p.steps',
      'p.updated_at',
      'p.stuck_at',
      'p.changed_at',
    ])
    .where('p.changed_at', '>=', since)
    .where('s.erased_at', 'is', null);
  if (filter.teacherIds) query = query.where('s.teacher_id', 'in', filter.teacherIds.length > 0 ? [...filter.teacherIds] : [-1]);
  if (filter.userIds) query = query.where('p.user_id', 'in', filter.userIds.length > 0 ? [...filter.userIds] : [-1]);
  return query.execute().then((rows) => rows.map((r) => ({ ...r, program_title: r.program_title ?? '' })));
}

/** The students (with their owner) whose places were written since `since` (ISO), of the given owners. */
export async function classChangesSince(db: Executor, teacherIds: readonly number[], since: string): Promise<{ user_id: number; teacher_id: number }[]> {
  if (teacherIds.length === 0) return [];
  return db
    .selectFrom('student_progress as p')
    .innerJoin('students as s', 's.user_id', 'p.user_id')
    .select(['p.user_id', 's.teacher_id'])
    .distinct()
    .where('p.changed_at', '>=', since)
    .where('s.teacher_id', 'in', [...teacherIds])
    .execute();
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
    .where(({ exists, not, selectFrom }) => not(exists(selectFrom('pages as pu').select('pu.id').whereRef('pu.id', '=', 'u.page_id').where('pu.status', '=', TRASH_STATUS))))
    .select((eb) => ['u.user_id', eb.fn.countAll<number>().as('n'), eb.fn.max('u.created_at').as('last_at')])
    .$if(owner !== null, (qb) => qb.where('su.teacher_id', '=', owner!))
    .groupBy('u.user_id');
  const moved = db
    .selectFrom('student_progress as p')
    .innerJoin('students as sp', 'sp.user_id', 'p.user_id')
    .where(({ exists, not, selectFrom }) => not(exists(selectFrom('pages as pp').select('pp.id').whereRef('pp.id', '=', 'p.lesson_id').where('pp.status', '=', TRASH_STATUS))))
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
