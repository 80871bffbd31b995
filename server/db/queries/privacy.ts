import type { Executor } from './executor';
import type { OutboxRow } from './mailOutbox';

/** A student's unlocks with the unlocked pages' titles, oldest first. */
export function listUnlocksWithTitles(db: Executor, userId: number): Promise<{ page_id: number; title: string | null; created_at: string }[]> {
  return db
    .selectFrom('unlocks')
    .leftJoin('pages', 'pages.id', 'unlocks.page_id')
    .select(['unlocks.page_id', 'pages.title', 'unlocks.created_at'])
    .where('unlocks.user_id', '=', userId)
    .orderBy('unlocks.created_at')
    .orderBy('unlocks.page_id')
    .execute();
}

export async function countUnlockFailures(db: Executor, userId: number): Promise<number> {
  const row = await db.selectFrom('unlock_failures').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', userId).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The audit entries about a user (as a student or as an account), oldest first. */
export function listAuditAbout(db: Executor, userId: number) {
  return db.selectFrom('audit_log').selectAll().where('subject_id', '=', userId).where('subject_type', 'in', ['student', 'user']).orderBy('id').execute();
}

/** Every outbox mail to an address (compared in lower case). */
export function listMailsTo(db: Executor, address: string): Promise<OutboxRow[]> {
  return db
    .selectFrom('mail_outbox')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['to_address']), '=', address.toLowerCase()))
    .orderBy('id')
    .execute();
}

export async function deleteMails(db: Executor, ids: readonly number[]): Promise<void> {
  if (ids.length > 0) await db.deleteFrom('mail_outbox').where('id', 'in', ids).execute();
}

/**
 * Marks the student erased when it is not yet: true for the one caller that made the mark. Two
 * erasures at once (two instances' retention jobs, a request and a job) wait on the row; the one
 * that comes second sees erased_at set and changes nothing.
 */
export async function claimErasure(db: Executor, userId: number, at: string): Promise<boolean> {
  const result = await db.updateTable('students').set({ erased_at: at }).where('user_id', '=', userId).where('erased_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function anonymiseStudentRecord(db: Executor, userId: number, names: { first: string; last: string }): Promise<void> {
  await db
    .updateTable('students')
    .set({ student_first_name: names.first, student_last_name: names.last, parent_name: '', parent_email: '', phone: '' })
    .where('user_id', '=', userId)
    .execute();
}

export async function anonymiseAccount(
  db: Executor,
  userId: number,
  account: { username: string; email: string; displayName: string; firstName: string; lastName: string; passwordHash: string; passwordChangedAt: string },
): Promise<void> {
  await db
    .updateTable('users')
    .set({
      username: account.username,
      email: account.email,
      nicename: account.username,
      display_name: account.displayName,
      first_name: account.firstName,
      last_name: account.lastName,
      password_hash: account.passwordHash,
      password_changed_at: account.passwordChangedAt,
      pending_password_hash: null,
      pending_password_at: null,
      last_sign_in_at: null,
    })
    .where('id', '=', userId)
    .execute();
}

/** Unlocks, progress (and the steps' times), wrong codes, user meta, terms acceptances, known sign-in places, sign-in cards and class memberships of a user. */
export async function deleteUserActivity(db: Executor, userId: number): Promise<void> {
  await db.deleteFrom('known_sign_in_places').where('user_id', '=', userId).execute();
  await db.deleteFrom('unlocks').where('user_id', '=', userId).execute();
  await db.deleteFrom('student_progress').where('user_id', '=', userId).execute();
  await db.deleteFrom('step_visits').where('user_id', '=', userId).execute();
  await db.deleteFrom('unlock_failures').where('user_id', '=', userId).execute();
  await db.deleteFrom('user_meta').where('user_id', '=', userId).execute();
  await db.deleteFrom('terms_acceptances').where('user_id', '=', userId).execute();
  // An erased child's printed cards sign no one in.
  await db.deleteFrom('sign_in_cards').where('student_id', '=', userId).execute();
  await db.deleteFrom('class_students').where('student_id', '=', userId).execute();
}

/** Students not yet erased whose lessons ended before the date (YYYY-MM-DD), lowest ids first. */
export async function listEndedStudentIds(db: Executor, endedBefore: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('students')
    .select('user_id')
    .where('erased_at', 'is', null)
    .where('lessons_end_date', '<', endedBefore)
    .where('lessons_end_date', '!=', '')
    .orderBy('user_id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.user_id);
}

export async function insertTermsAcceptance(db: Executor, userId: number, version: string, at: string): Promise<void> {
  await db.insertInto('terms_acceptances').values({ user_id: userId, version, accepted_at: at }).execute();
}

/** A user's acceptances of the terms of use, oldest first. */
export function listTermsAcceptances(db: Executor, userId: number): Promise<{ version: string; accepted_at: string }[]> {
  return db.selectFrom('terms_acceptances').select(['version', 'accepted_at']).where('user_id', '=', userId).orderBy('id').execute();
}

export function listClassMemberships(db: Executor, userId: number): Promise<{ name: string; joined_at: string; left_at: string | null }[]> {
  return db
    .selectFrom('class_students')
    .innerJoin('classes', 'classes.id', 'class_students.class_id')
    .select(['classes.name', 'class_students.joined_at', 'class_students.left_at'])
    .where('class_students.student_id', '=', userId)
    .orderBy('class_students.id')
    .execute();
}

export function latestTermsAcceptance(db: Executor, userId: number): Promise<{ version: string; accepted_at: string } | undefined> {
  return db.selectFrom('terms_acceptances').select(['version', 'accepted_at']).where('user_id', '=', userId).orderBy('id', 'desc').limit(1).executeTakeFirst();
}
