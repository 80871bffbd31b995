/**
 * Families: one parent e-mail may have several children, each its own student account.
 * A family lives within one franchise: its children are one owner's students with that parent
 * e-mail. Another owner's student with the same address is a family of that owner's, so what an
 * owner types never changes what another franchise's family sees (its sign-in, its mails).
 * A sign-up or an import is the SAME child, and answered 'already_exists', only when one of the
 * owner's students has that parent e-mail and the same first and last name (case-, accent- and
 * space-insensitive).
 *
 * Two identical sign-ups at once must not both pass the check: the check and the insert run in one
 * transaction that first holds a lock on the parent e-mail. PostgreSQL: a transaction advisory lock
 * on one of FAMILY_LOCK_BUCKETS buckets of e-mails (an import of thousands of e-mails takes at most
 * that many locks, in ascending order, so two imports cannot deadlock). SQLite: the caller writes
 * before it checks, and SQLite lets one writer at a time.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Executor } from '../db/queries';
import type { DialectName } from '../db/connection';

const FAMILY_LOCK_CLASS = 1605;
const FAMILY_LOCK_BUCKETS = 256;

/** "  Zoë  O'Brien " and "zoe o'brien" are the same name. */
export function normalizedName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim()
    .replace(/\s+/g, ' ');
}

/** One child: parent e-mail (lower case) and both names, normalized. */
export function childKey(parentEmail: string, firstName: string, lastName: string): string {
  return `${parentEmail.trim().toLowerCase()}\n${normalizedName(firstName)}\n${normalizedName(lastName)}`;
}

function lockBucket(parentEmail: string): number {
  return createHash('sha256').update(parentEmail.trim().toLowerCase()).digest().readUInt32BE(0) % FAMILY_LOCK_BUCKETS;
}

/** Holds the families' locks of these e-mails until the transaction ends (PostgreSQL; nothing on SQLite). */
export async function lockFamilies(trx: Executor, dialect: DialectName, parentEmails: Iterable<string>): Promise<void> {
  if (dialect !== 'postgres') return;
  const buckets = [...new Set([...parentEmails].map(lockBucket))].sort((a, b) => a - b);
  for (const bucket of buckets) await sql`select pg_advisory_xact_lock(${FAMILY_LOCK_CLASS}, ${bucket})`.execute(trx);
}

/** The child keys of the owner's students with one of these parent e-mails. */
export async function existingChildKeys(db: Executor, ownerId: number, parentEmails: readonly string[]): Promise<Set<string>> {
  const keys = new Set<string>();
  const emails = [...new Set(parentEmails.map((e) => e.trim().toLowerCase()))];
  for (let i = 0; i < emails.length; i += 500) {
    const rows = await db
      .selectFrom('students')
      .select(['parent_email', 'student_first_name', 'student_last_name'])
      .where('teacher_id', '=', ownerId)
      .where('parent_email', 'in', emails.slice(i, i + 500))
      .execute();
    for (const r of rows) keys.add(childKey(r.parent_email, r.student_first_name, r.student_last_name));
  }
  return keys;
}

/** Whether this child already is one of the owner's students (the sign-up's duplicate rule). */
export async function childExists(db: Executor, ownerId: number, parentEmail: string, firstName: string, lastName: string): Promise<boolean> {
  return (await existingChildKeys(db, ownerId, [parentEmail])).has(childKey(parentEmail, firstName, lastName));
}

/** The family an account belongs to: a student's is their owner's students with their e-mail; anyone else is a family of one. */
export function familyOf(account: { id: number; role: string; teacher_id: number | null }): string {
  return account.role === 'student' && account.teacher_id !== null ? `owner:${account.teacher_id}` : `user:${account.id}`;
}
