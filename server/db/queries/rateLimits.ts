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

export interface SlowdownRow {
  level: number;
  next_at: number;
}

export function findSlowdown(db: Executor, limitName: string, key: string): Promise<SlowdownRow | undefined> {
  return db.selectFrom('slowdowns').select(['level', 'next_at']).where('limit_name', '=', limitName).where('limit_key', '=', key).executeTakeFirst();
}

/** Starts a key's slowdown at level 1; false when another instance started it first. */
export async function startSlowdown(db: Executor, limitName: string, key: string, nextAt: number, expiresAt: number): Promise<boolean> {
  const rows = await db
    .insertInto('slowdowns')
    .values({ limit_name: limitName, limit_key: key, level: 1, next_at: nextAt, expires_at: expiresAt })
    .onConflict((oc) => oc.columns(['limit_name', 'limit_key']).doNothing())
    .returning('level')
    .execute();
  return rows.length === 1;
}

/**
 * Takes the key's next slot: moves it from the state that was read to the next level, in one
 * conditional update, so that of concurrent attempts on any instances exactly one gets the slot.
 */
export async function takeSlowdownSlot(db: Executor, limitName: string, key: string, seen: SlowdownRow, next: SlowdownRow & { expires_at: number }): Promise<boolean> {
  const result = await db
    .updateTable('slowdowns')
    .set({ level: next.level, next_at: next.next_at, expires_at: next.expires_at })
    .where('limit_name', '=', limitName)
    .where('limit_key', '=', key)
    .where('level', '=', seen.level)
    .where('next_at', '=', seen.next_at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function clearSlowdown(db: Executor, limitName: string, key: string): Promise<void> {
  await db.deleteFrom('slowdowns').where('limit_name', '=', limitName).where('limit_key', '=', key).execute();
}

export async function deleteExpiredSlowdowns(db: Executor, now: number): Promise<void> {
  await db.deleteFrom('slowdowns').where('expires_at', '<=', now).execute();
}

/** The counts of a key's windows that start after `after`, oldest first. */
/**
 * The counters of one limit started after `after`, of the given keys only, or of every key when
 * `keys` is null (read through the primary key's leading columns: one range of the index).
 */
export async function rateLimitCountersSince(
  db: Executor,
  limitName: string,
  keys: readonly string[] | null,
  after: number,
  /** Only counters with at least this many hits (a limit without slices: one counter says it all). */
  atLeast = 0,
): Promise<{ limit_key: string; window_start: number; hits: number }[]> {
  if (keys !== null && keys.length === 0) return [];
  const rows = await db
    .selectFrom('rate_limit_counters')
    .select(['limit_key', 'window_start', 'hits'])
    .where('limit_name', '=', limitName)
    .$if(keys !== null, (qb) => qb.where('limit_key', 'in', [...keys!]))
    .where('window_start', '>', after)
    .$if(atLeast > 0, (qb) => qb.where('hits', '>=', atLeast))
    .orderBy('limit_key')
    .orderBy('window_start')
    .execute();
  return rows.map((r) => ({ limit_key: r.limit_key, window_start: Number(r.window_start), hits: Number(r.hits) }));
}

export async function rateLimitSlices(db: Executor, limitName: string, key: string, after: number): Promise<{ window_start: number; hits: number }[]> {
  const rows = await db
    .selectFrom('rate_limit_counters')
    .select(['window_start', 'hits'])
    .where('limit_name', '=', limitName)
    .where('limit_key', '=', key)
    .where('window_start', '>', after)
    .orderBy('window_start')
    .execute();
  return rows.map((r) => ({ window_start: Number(r.window_start), hits: Number(r.hits) }));
}
