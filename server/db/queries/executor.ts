import type { Kysely, Transaction } from 'kysely';
import type { Db } from '../connection';
import type { Database } from '../schema';

/** A database handle or an open transaction: every query function takes one. */
export type Executor = Kysely<Database> | Transaction<Database>;

/** Runs fn in one transaction: all of its writes are committed together or not at all. */
export function inTransaction<T>(db: Db, fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.kysely.transaction().execute(fn);
}

/** A unique constraint refused the write (SQLite or PostgreSQL). */
export function isUniqueViolation(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const code = (err as { code?: unknown }).code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}

export function nowIso(now: Date): string {
  return now.toISOString();
}
