import type { Executor } from './executor';

/**
 * Takes the lease on `key` for `holder` until `expiresAt`, unless another holder has it and it has
 * not expired. One insert decides between concurrent takers on any number of instances (the key
 * is the primary key); an expired lease is removed first.
 */
export async function takeUploadLease(db: Executor, key: string, holder: string, now: number, expiresAt: number): Promise<boolean> {
  await db.deleteFrom('upload_leases').where('lease_key', '=', key).where('expires_at', '<=', now).execute();
  const taken = await db
    .insertInto('upload_leases')
    .values({ lease_key: key, holder, expires_at: expiresAt })
    .onConflict((oc) => oc.column('lease_key').doNothing())
    .returning('holder')
    .executeTakeFirst();
  return taken?.holder === holder;
}

export async function giveBackUploadLease(db: Executor, key: string, holder: string): Promise<void> {
  await db.deleteFrom('upload_leases').where('lease_key', '=', key).where('holder', '=', holder).execute();
}
