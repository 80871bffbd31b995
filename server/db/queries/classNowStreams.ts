import type { Executor } from './executor';

/**
 * Counts a new stream of the user: its row is written first, then the user's streams still alive
 * (seen since `aliveSince`) are counted, this one included. Every stream admitted this way saw all
 * those admitted before it, so no more than `max` are ever admitted at once, whatever the number of
 * instances; a stream over the limit takes its row back. Rows of streams no longer alive are deleted.
 */
export async function admitClassStream(db: Executor, stream: { id: string; userId: number; now: string; aliveSince: string; max: number }): Promise<boolean> {
  await db.deleteFrom('class_now_streams').where('user_id', '=', stream.userId).where('seen_at', '<', stream.aliveSince).execute();
  await db.insertInto('class_now_streams').values({ id: stream.id, user_id: stream.userId, opened_at: stream.now, seen_at: stream.now }).execute();
  const row = await db
    .selectFrom('class_now_streams')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', stream.userId)
    .where('seen_at', '>=', stream.aliveSince)
    .executeTakeFirstOrThrow();
  if (Number(row.n) <= stream.max) return true;
  await removeClassStreams(db, [stream.id]);
  return false;
}

export async function removeClassStreams(db: Executor, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('class_now_streams').where('id', 'in', ids).execute();
}

/** Renews the streams this process holds; answers the ids that are still there (the others were given up as dead). */
export async function renewClassStreams(db: Executor, ids: readonly string[], now: string): Promise<Set<string>> {
  const kept = new Set<string>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db.updateTable('class_now_streams').set({ seen_at: now }).where('id', 'in', ids.slice(i, i + 500)).returning('id').execute();
    for (const row of rows) kept.add(row.id);
  }
  return kept;
}
