/** Owners' calendar subscriptions: one secret (as its SHA-256) per owner at most. */
import type { UserRow } from '../schema';
import type { Executor } from './executor';

export function findCalendarFeed(db: Executor, ownerId: number): Promise<{ created_at: string } | undefined> {
  return db.selectFrom('calendar_feeds').select('created_at').where('owner_id', '=', ownerId).executeTakeFirst();
}

/** Deletes the owner's feed and adds the new one: the old secret stops working with the same commit. */
export async function replaceCalendarFeed(db: Executor, ownerId: number, secretHash: string, at: string): Promise<void> {
  await db.deleteFrom('calendar_feeds').where('owner_id', '=', ownerId).execute();
  await db.insertInto('calendar_feeds').values({ owner_id: ownerId, secret_hash: secretHash, created_at: at }).execute();
}

/** True when there was a feed to turn off. */
export async function deleteCalendarFeed(db: Executor, ownerId: number): Promise<boolean> {
  const result = await db.deleteFrom('calendar_feeds').where('owner_id', '=', ownerId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export function findCalendarFeedOwner(db: Executor, secretHash: string): Promise<Pick<UserRow, 'id' | 'role' | 'display_name' | 'sign_in_disabled_at'> | undefined> {
  return db
    .selectFrom('calendar_feeds')
    .innerJoin('users', 'users.id', 'calendar_feeds.owner_id')
    .select(['users.id', 'users.role', 'users.display_name', 'users.sign_in_disabled_at'])
    .where('calendar_feeds.secret_hash', '=', secretHash)
    .executeTakeFirst();
}
