import type { Executor } from './executor';

export async function insertUnlock(db: Executor, userId: number, pageId: number, at: string): Promise<void> {
  await db
    .insertInto('unlocks')
    .values({ user_id: userId, page_id: pageId, created_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'page_id']).doNothing())
    .execute();
}

export async function unlockedPageIds(db: Executor, userId: number): Promise<Set<number>> {
  const rows = await db.selectFrom('unlocks').select('page_id').where('user_id', '=', userId).execute();
  return new Set(rows.map((r) => r.page_id));
}

export async function insertUnlockFailure(db: Executor, userId: number, pageId: number, at: string): Promise<void> {
  await db.insertInto('unlock_failures').values({ user_id: userId, page_id: pageId, created_at: at }).execute();
}

/** Times (ISO, oldest first) of a user's wrong codes since `since`. */
export async function unlockFailuresSince(db: Executor, userId: number, since: string): Promise<string[]> {
  const rows = await db
    .selectFrom('unlock_failures')
    .select('created_at')
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => r.created_at);
}

/** Old failures no longer count: keep the table small. */
export async function deleteUnlockFailuresBefore(db: Executor, before: string): Promise<void> {
  await db.deleteFrom('unlock_failures').where('created_at', '<=', before).execute();
}

/** Of these users, the ones who have unlocked the page. */
export async function usersWithUnlock(db: Executor, pageId: number, userIds: readonly number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db.selectFrom('unlocks').select('user_id').where('page_id', '=', pageId).where('user_id', 'in', [...userIds]).execute();
  return new Set(rows.map((r) => r.user_id));
}

/** The pages a user typed a wrong code for since `since`. */
export async function unlockFailurePagesSince(db: Executor, userId: number, since: string): Promise<number[]> {
  const rows = await db.selectFrom('unlock_failures').select('page_id').distinct().where('user_id', '=', userId).where('created_at', '>', since).execute();
  return rows.map((r) => r.page_id);
}

/**
 * Students (of the given owners, or of all when null) with at least `atLeast` wrong codes for one
 * page since `since`, and not unlocked since, with their owner, first name and the page's title.
 * Read through the wrong codes' (user_id, created_at) index, student by student.
 */
export async function repeatedUnlockFailures(
  db: Executor,
  teacherIds: readonly number[] | null,
  since: string,
  atLeast: number,
): Promise<{ user_id: number; teacher_id: number; first_name: string; page_id: number; title: string }[]> {
  if (teacherIds !== null && teacherIds.length === 0) return [];
  const rows = await db
    .selectFrom('unlock_failures as f')
    .innerJoin('students as s', 's.user_id', 'f.user_id')
    .innerJoin('pages as p', 'p.id', 'f.page_id')
    .leftJoin('unlocks as u', (join) => join.onRef('u.user_id', '=', 'f.user_id').onRef('u.page_id', '=', 'f.page_id'))
    .select((eb) => ['f.user_id', 's.teacher_id', 's.student_first_name', 'f.page_id', 'p.title', eb.fn.countAll<number>().as('n')])
    .where('f.created_at', '>', since)
    .where('u.user_id', 'is', null)
    .$if(teacherIds !== null, (qb) => qb.where('s.teacher_id', 'in', [...teacherIds!]))
    .groupBy(['f.user_id', 's.teacher_id', 's.student_first_name', 'f.page_id', 'p.title'])
    .having((eb) => eb.fn.countAll(), '>=', atLeast)
    .execute();
  return rows.map((r) => ({ user_id: r.user_id, teacher_id: r.teacher_id, first_name: r.student_first_name, page_id: r.page_id, title: r.title }));
}
