import type { Executor } from './executor';

export interface RateLimitWindow {
  limitName: string;
  key: string;
  windowStart: number;
  expiresAt: number;
}

/**
 * Counts one hit and answers the window's count with it, in one atomic statement (an upsert on
 * the primary key): concurrent hits from any number of instances each get a distinct count.
 */
export async function addRateLimitHit(db: Executor, w: RateLimitWindow): Promise<number> {
  const row = await db
    .insertInto('rate_limit_counters')
    .values({ limit_name: w.limitName, limit_key: w.key, window_start: w.windowStart, hits: 1, expires_at: w.expiresAt })
    .onConflict((oc) => oc.columns(['limit_name', 'limit_key', 'window_start']).doUpdateSet((eb) => ({ hits: eb(eb.ref('rate_limit_counters.hits'), '+', 1) })))
    .returning('hits')
    .executeTakeFirstOrThrow();
  return Number(row.hits);
}

/** Gives back a hit counted by addRateLimitHit (the attempt turned out not to count). */
export async function removeRateLimitHit(db: Executor, w: RateLimitWindow): Promise<void> {
  await db
    .updateTable('rate_limit_counters')
    .set((eb) => ({ hits: eb(eb.ref('hits'), '-', 1) }))
    .where('limit_name', '=', w.limitName)
    .where('limit_key', '=', w.key)
    .where('window_start', '=', w.windowStart)
    .where('hits', '>', 0)
    .execute();
}

export async function clearRateLimitKey(db: Executor, limitName: string, key: string): Promise<void> {
  await db.deleteFrom('rate_limit_counters').where('limit_name', '=', limitName).where('limit_key', '=', key).execute();
}

export async function deleteExpiredRateLimitCounters(db: Executor, now: number): Promise<void> {
  await db.deleteFrom('rate_limit_counters').where('expires_at', '<=', now).execute();
}
