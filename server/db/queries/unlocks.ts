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
