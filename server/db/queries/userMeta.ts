import type { Executor } from './executor';

export async function setUserMeta(db: Executor, userId: number, key: string, value: string): Promise<void> {
  await db
    .insertInto('user_meta')
    .values({ user_id: userId, meta_key: key, meta_value: value })
    .onConflict((oc) => oc.columns(['user_id', 'meta_key']).doUpdateSet({ meta_value: value }))
    .execute();
}

export async function getUserMeta(db: Executor, userId: number): Promise<Record<string, string>> {
  const rows = await db.selectFrom('user_meta').select(['meta_key', 'meta_value']).where('user_id', '=', userId).execute();
  return Object.fromEntries(rows.map((r) => [r.meta_key, r.meta_value]));
}
