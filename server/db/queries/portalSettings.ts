import type { Executor } from './executor';

export async function readPortalSetting(db: Executor, name: string): Promise<string | null> {
  const row = await db.selectFrom('portal_settings').select('value').where('name', '=', name).executeTakeFirst();
  return row?.value ?? null;
}

export async function writePortalSetting(db: Executor, name: string, value: string): Promise<void> {
  await db
    .insertInto('portal_settings')
    .values({ name, value })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value }))
    .execute();
}

/** A student's program, as her record names it ('' when she has none). */
export async function studentProgram(db: Executor, userId: number): Promise<string> {
  const row = await db.selectFrom('students').select('program').where('user_id', '=', userId).executeTakeFirst();
  return row?.program ?? '';
}
