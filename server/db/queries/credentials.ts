import type { Executor } from './executor';

/** A new password that waits until it is first used; the current one keeps working until then. */
export async function setPendingPassword(db: Executor, id: number, pendingHash: string, at: string): Promise<void> {
  await db.updateTable('users').set({ pending_password_hash: pendingHash, pending_password_at: at }).where('id', '=', id).execute();
}

/** A new password at once (any pending one dropped); tokens issued before `changedAt` stop working. */
export async function replacePassword(db: Executor, id: number, passwordHash: string, changedAt: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, password_changed_at: changedAt, pending_password_hash: null, pending_password_at: null })
    .where('id', '=', id)
    .execute();
}

/** The pending password becomes THE password, if it is still the one pending; true when this call made it so. */
export async function promotePendingPassword(db: Executor, id: number, pendingHash: string, changedAt: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ password_hash: pendingHash, password_changed_at: changedAt, pending_password_hash: null, pending_password_at: null })
    .where('id', '=', id)
    .where('pending_password_hash', '=', pendingHash)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function recordSignIn(db: Executor, id: number, at: string): Promise<void> {
  await db.updateTable('users').set({ last_sign_in_at: at }).where('id', '=', id).execute();
}

/** The browser (its hashed cookie id) signed in to the account at or after `since`. */
export async function isKnownPlace(db: Executor, userId: number, placeHash: string, since: string): Promise<boolean> {
  const row = await db
    .selectFrom('known_sign_in_places')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('place_hash', '=', placeHash)
    .where('last_sign_in_at', '>=', since)
    .executeTakeFirst();
  return row !== undefined;
}

export async function rememberPlace(db: Executor, userId: number, placeHash: string, at: string): Promise<void> {
  await db
    .insertInto('known_sign_in_places')
    .values({ user_id: userId, place_hash: placeHash, last_sign_in_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'place_hash']).doUpdateSet({ last_sign_in_at: at }))
    .execute();
}

export async function forgetOldPlaces(db: Executor, before: string): Promise<void> {
  await db.deleteFrom('known_sign_in_places').where('last_sign_in_at', '<', before).execute();
}
