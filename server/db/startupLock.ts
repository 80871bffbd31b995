/**
 * Several instances starting at once on one fresh PostgreSQL: the schema is migrated and the first
 * administrator created by one of them, while the others wait and then find it done.
 */
import { sql } from 'kysely';
import type { Db } from './connection';

/** pg_advisory_lock key of the start-up work (any constant the portal owns; "YEOS" in ASCII). */
const STARTUP_LOCK_KEY = 0x59454f53;

export async function withStartupLock<T>(db: Db, fn: () => Promise<T>): Promise<T> {
  // The embedded database belongs to one process.
  if (db.dialect === 'sqlite') return fn();
  // A session lock held on one connection while fn works on others; a crash ends the session and frees it.
  return db.kysely.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${STARTUP_LOCK_KEY})`.execute(connection);
    try {
      return await fn();
    } finally {
      await sql`select pg_advisory_unlock(${STARTUP_LOCK_KEY})`.execute(connection);
    }
  });
}
