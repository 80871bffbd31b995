import { sql, type RawBuilder } from 'kysely';
import type { DialectName } from '../connection';
import type { Executor } from './executor';
import { TRASH_STATUS } from './pageHistory';

/** One child's step of a model. */
export interface StepKey {
  user_id: number;
  lesson_id: number;
  tab_index: number;
  step: number;
}

/** She is on the step now: its row made (first_at now) or its last arrival moved to now. */
export async function arriveAtStep(db: Executor, key: StepKey, tabTitle: string, at: string): Promise<void> {
  await db
    .insertInto('step_visits')
    .values({ ...key, tab_title: tabTitle, first_at: at, last_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'lesson_id', 'tab_index', 'step']).doUpdateSet({ tab_title: tabTitle, last_at: at }))
    .execute();
}

/**
 * Adds seconds to the child's time on a step, and when `leftAt` is given notes that she moved on
 * from it; a step without a row (a place saved before steps were kept) is left alone.
 */
export async function addStepTime(db: Executor, key: StepKey, seconds: number, leftAt: string | null): Promise<void> {
  if (seconds <= 0 && leftAt === null) return;
  await db
    .updateTable('step_visits')
    .set((eb) => ({ seconds: eb('seconds', '+', seconds), ...(leftAt !== null ? { left_at: leftAt } : {}) }))
    .where('user_id', '=', key.user_id)
    .where('lesson_id', '=', key.lesson_id)
    .where('tab_index', '=', key.tab_index)
    .where('step', '=', key.step)
    .execute();
}

/** One more "I'm stuck" on the step (its row made when her place was saved before steps were kept). */
export async function pressStuckOnStep(db: Executor, key: StepKey, tabTitle: string, at: string): Promise<void> {
  await db
    .insertInto('step_visits')
    .values({ ...key, tab_title: tabTitle, first_at: at, last_at: at, stuck_presses: 1 })
    .onConflict((oc) => oc.columns(['user_id', 'lesson_id', 'tab_index', 'step']).doUpdateSet((eb) => ({ stuck_presses: eb('step_visits.stuck_presses', '+', 1) })))
    .execute();
}

/** One child's steps, for her data export: by model, tab and step. */
export function stepVisitsOfStudent(db: Executor, userId: number) {
  return db.selectFrom('step_visits').selectAll().where('user_id', '=', userId).orderBy('lesson_id').orderBy('tab_index').orderBy('step').execute();
}

/** A step's figures across the children of the scope. */
export interface StepFiguresRow {
  lesson_id: number;
  tab_index: number;
  step: number;
  /** The tab's name as the children saw it last (any one of theirs). */
  tab_title: string;
  reached: number;
  stopped: number;
  stuck_presses: number;
  stuck_children: number;
  /** Median seconds of the children who moved on from the step; null when none did. */
  median_seconds: number | null;
}

/** The ISO 8601 UTC instant `days` days after a row's ISO 8601 UTC column, in the dialect's date functions. */
function daysAfter(dialect: DialectName, column: string, days: number): RawBuilder<string> {
  const at = sql.ref(column);
  return dialect === 'postgres'
    ? sql<string>`to_char((cast(${at} as timestamptz) at time zone 'UTC') + ${days} * interval '1 day', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
    : sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', ${at}, '+' || ${days} || ' days')`;
}

/**
 * Every step some child of the scope reached (an owner's students, or every student), counted in
 * one statement of grouped parts: children who reached it; who stopped there (reached it by
 * `stoppedBy` and no later step of the model within `stoppedDays` days of reaching it); "I'm stuck"
 * presses and the children who pressed; and the median time of those who moved on, picked by
 * window functions (the middle row, or the mean of the two middle rows).
 */
export async function stepFigures(db: Executor, dialect: DialectName, ownerId: number | null, stoppedBy: string, stoppedDays: number): Promise<StepFiguresRow[]> {
  const { rows } = await sql<StepFiguresRow>`
    with scoped as (
      select v.user_id, v.lesson_id, v.tab_index, v.step, v.tab_title, v.first_at, v.left_at, v.seconds, v.stuck_presses
      from step_visits v
      join students s on s.user_id = v.user_id
      join pages l on l.id = v.lesson_id
      where l.status <> ${TRASH_STATUS} and s.erased_at is null ${ownerId !== null ? sql`and s.teacher_id = ${ownerId}` : sql``}
    ),
    ranked as (
      select lesson_id, tab_index, step, seconds,
        row_number() over (partition by lesson_id, tab_index, step order by seconds) as n,
        count(*) over (partition by lesson_id, tab_index, step) as total
      from scoped where left_at is not null
    ),
    medians as (
      select lesson_id, tab_index, step, avg(seconds) as median_seconds
      from ranked where n = (total + 1) / 2 or n = (total + 2) / 2
      group by lesson_id, tab_index, step
    ),
    counts as (
      select v.lesson_id, v.tab_index, v.step, max(v.tab_title) as tab_title, count(*) as reached,
        sum(v.stuck_presses) as stuck_presses,
        sum(case when v.stuck_presses > 0 then 1 else 0 end) as stuck_children,
        sum(case when v.first_at <= ${stoppedBy} and not exists (
          select 1 from step_visits w
          where w.user_id = v.user_id and w.lesson_id = v.lesson_id
            and (w.tab_index > v.tab_index or (w.tab_index = v.tab_index and w.step > v.step))
            and w.first_at <= ${daysAfter(dialect, 'v.first_at', stoppedDays)}
        ) then 1 else 0 end) as stopped
      from scoped v
      group by v.lesson_id, v.tab_index, v.step
    )
    select c.lesson_id, c.tab_index, c.step, c.tab_title, c.reached, c.stopped, c.stuck_presses, c.stuck_children, m.median_seconds
    from counts c
    left join medians m on m.lesson_id = c.lesson_id and m.tab_index = c.tab_index and m.step = c.step`.execute(db);
  // PostgreSQL's count and sum are bigint and numeric, which its driver returns as text.
  return rows.map((r) => ({
    lesson_id: Number(r.lesson_id),
    tab_index: Number(r.tab_index),
    step: Number(r.step),
    tab_title: r.tab_title,
    reached: Number(r.reached),
    stopped: Number(r.stopped),
    stuck_presses: Number(r.stuck_presses),
    stuck_children: Number(r.stuck_children),
    median_seconds: r.median_seconds === null ? null : Number(r.median_seconds),
  }));
}
