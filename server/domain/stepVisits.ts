/**
 * Where children get stuck, as it is written: one row per child and step (db step_visits), kept in
 * the transaction of her place and of her "I'm stuck". The time between two of her writes goes to
 * the step she was on (in whichever model she moved last), at most STEP_TIME_CAP_SECONDS at a time,
 * so that a tablet left open overnight on a step does not count as a night on it.
 */
import * as q from '../db/queries';
import type { Executor, StepKey } from '../db/queries';

/** The most one gap between two of a child's writes adds to her time on a step: half an hour. */
export const STEP_TIME_CAP_SECONDS = 30 * 60;

type Place = { lesson_id: number; tab_index: number; step: number; updated_at: string };

/**
 * She saved her place: the time since her previous write goes to the step of that write; the step
 * she left in this model (if she changed step) is noted as moved on from; the new step is reached.
 * `before`: her place in this model before the save; `last`: where she moved last in any model.
 */
export async function recordMove(
  db: Executor,
  userId: number,
  place: { lesson_id: number; tab_index: number; step: number; tab_title: string },
  before: Place | undefined,
  last: Place | undefined,
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  const key = (p: Place): StepKey => ({ user_id: userId, lesson_id: p.lesson_id, tab_index: p.tab_index, step: p.step });
  const moved = before !== undefined && (before.tab_index !== place.tab_index || before.step !== place.step);
  const gap = last === undefined ? 0 : Math.floor(Math.min(Math.max(now.getTime() - Date.parse(last.updated_at), 0), STEP_TIME_CAP_SECONDS * 1000) / 1000);
  const lastIsBefore = last !== undefined && before !== undefined && last.lesson_id === before.lesson_id;
  if (last !== undefined) await q.addStepTime(db, key(last), Number.isFinite(gap) ? gap : 0, lastIsBefore && moved ? at : null);
  if (moved && !lastIsBefore) await q.addStepTime(db, key(before), 0, at);
  await q.arriveAtStep(db, { user_id: userId, lesson_id: place.lesson_id, tab_index: place.tab_index, step: place.step }, place.tab_title, at);
}
