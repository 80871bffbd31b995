import type { StudentProgressRow, StudentProgressTable } from '../schema';
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

/** A student's places, the most recently moved first. */
export function progressOfStudent(db: Executor, userId: number): Promise<StudentProgressRow[]> {
  return db.selectFrom('student_progress').selectAll().where('user_id', '=', userId).orderBy('updated_at', 'desc').orderBy('lesson_id').execute();
}
