/** Families: parents' sign-in links and sessions, each family's settings, erasure requests. */
import { sql } from 'kysely';
import type { FamilySessionRow, FamilySettingsRow, StudentProgressRow, StudentRow } from '../schema';
import type { Executor } from './executor';
import { TRASH_STATUS } from './pageHistory';

export async function insertFamilyLink(db: Executor, secretHash: string, email: string, at: string): Promise<void> {
  await db.insertInto('family_sign_in_links').values({ secret_hash: secretHash, email, created_at: at }).execute();
}

/**
 * Uses a link: sets used_at where it is unused and was made after `notBefore`, in one statement,
 * so that of two instances using one link at once exactly one gets the e-mail back.
 */
export async function useFamilyLink(db: Executor, secretHash: string, notBefore: string, at: string): Promise<string | null> {
  const row = await db
    .updateTable('family_sign_in_links')
    .set({ used_at: at })
    .where('secret_hash', '=', secretHash)
    .where('used_at', 'is', null)
    .where('created_at', '>', notBefore)
    .returning('email')
    .executeTakeFirst();
  return row?.email ?? null;
}

/** Links too old to be used: they say nothing any more. */
export async function deleteFamilyLinksBefore(db: Executor, before: string): Promise<void> {
  await db.deleteFrom('family_sign_in_links').where('created_at', '<', before).execute();
}

export async function insertFamilySession(db: Executor, row: { id: string; email: string; created_at: string; expires_at: string }): Promise<void> {
  await db.insertInto('family_sessions').values(row).execute();
}

export function findFamilySession(db: Executor, id: string): Promise<FamilySessionRow | undefined> {
  return db.selectFrom('family_sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function endFamilySession(db: Executor, id: string, at: string): Promise<void> {
  await db.updateTable('family_sessions').set({ ended_at: at }).where('id', '=', id).where('ended_at', 'is', null).execute();
}

export async function deleteFamilySessionsBefore(db: Executor, before: string): Promise<void> {
  await db.deleteFrom('family_sessions').where('expires_at', '<', before).execute();
}

const lowerParentEmail = sql<string>`lower(students.parent_email)`;

/** The children (student records not erased) whose parent e-mail this is, across owners; one owner's with `ownerId`. */
export function childrenOfEmail(db: Executor, email: string, ownerId?: number): Promise<StudentRow[]> {
  return db
    .selectFrom('students')
    .selectAll()
    .where(lowerParentEmail, '=', email)
    .where('erased_at', 'is', null)
    .$if(ownerId !== undefined, (qb) => qb.where('teacher_id', '=', ownerId!))
    .orderBy('student_first_name')
    .orderBy('user_id')
    .execute();
}

/**
 * After a child's erasure: a family left without a child is forgotten (its settings and unsubscribe
 * links, with its parent's e-mail), and a parent left without any child anywhere has no sign-in
 * link or session left either.
 */
export async function forgetChildlessFamily(db: Executor, ownerId: number, parentEmail: string): Promise<void> {
  const email = parentEmail.trim().toLowerCase();
  if (email === '') return;
  const left = await childrenOfEmail(db, email);
  if (!left.some((child) => child.teacher_id === ownerId)) {
    await db.deleteFrom('family_unsubscribe_links').where('owner_id', '=', ownerId).where('parent_email', '=', email).execute();
    await db.deleteFrom('family_settings').where('owner_id', '=', ownerId).where('parent_email', '=', email).execute();
  }
  if (left.length === 0) {
    await db.deleteFrom('family_sign_in_links').where('email', '=', email).execute();
    await db.deleteFrom('family_sessions').where('email', '=', email).execute();
  }
}

/** The locales of these children's accounts, the newest record first. */
export async function childLocales(db: Executor, studentIds: readonly number[]): Promise<string[]> {
  if (studentIds.length === 0) return [];
  const rows = await db.selectFrom('users').select('locale').where('id', 'in', [...studentIds]).orderBy('id', 'desc').execute();
  return rows.map((r) => r.locale);
}

export function familySettingsOf(db: Executor, email: string): Promise<FamilySettingsRow[]> {
  return db.selectFrom('family_settings').selectAll().where('parent_email', '=', email).orderBy('updated_at', 'desc').orderBy('owner_id').execute();
}

export function findFamilySettings(db: Executor, ownerId: number, email: string): Promise<FamilySettingsRow | undefined> {
  return db.selectFrom('family_settings').selectAll().where('owner_id', '=', ownerId).where('parent_email', '=', email).executeTakeFirst();
}

/** Makes the family's row unless it exists (another instance may make it at the same moment). */
export async function insertFamilySettings(db: Executor, row: { owner_id: number; parent_email: string; language: FamilySettingsRow['language']; unsubscribe_hash: string; at: string }): Promise<void> {
  const { at, ...values } = row;
  await db
    .insertInto('family_settings')
    .values({ ...values, subscribed: 1, created_at: at, updated_at: at })
    .onConflict((oc) => oc.columns(['owner_id', 'parent_email']).doNothing())
    .execute();
}

export async function updateFamilySettings(
  db: Executor,
  key: { ownerId?: number; email: string },
  changes: Partial<Pick<FamilySettingsRow, 'language' | 'subscribed' | 'unsubscribe_hash' | 'last_summary_period'>> & { updated_at: string },
): Promise<number> {
  const result = await db
    .updateTable('family_settings')
    .set(changes)
    .where('parent_email', '=', key.email)
    .$if(key.ownerId !== undefined, (qb) => qb.where('owner_id', '=', key.ownerId!))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Claims a family's summary of `period`: true for exactly one caller, however many instances ask. */
export async function claimSummaryPeriod(db: Executor, ownerId: number, email: string, period: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('family_settings')
    .set({ last_summary_period: period, updated_at: at })
    .where('owner_id', '=', ownerId)
    .where('parent_email', '=', email)
    .where((eb) => eb.or([eb('last_summary_period', 'is', null), eb('last_summary_period', '<>', period)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The family of an unsubscribe link's hash (a summary mail's, or the family's first). */
export async function findFamilyByUnsubscribeHash(db: Executor, hash: string): Promise<FamilySettingsRow | undefined> {
  const link = await db.selectFrom('family_unsubscribe_links').select(['owner_id', 'parent_email']).where('secret_hash', '=', hash).executeTakeFirst();
  if (link) return db.selectFrom('family_settings').selectAll().where('owner_id', '=', link.owner_id).where('parent_email', '=', link.parent_email).executeTakeFirst();
  return db.selectFrom('family_settings').selectAll().where('unsubscribe_hash', '=', hash).executeTakeFirst();
}

/** Keeps one more unsubscribe link of the family, and forgets those made before `forgetBefore`. */
export async function addUnsubscribeLink(db: Executor, link: { hash: string; ownerId: number; email: string; at: string }, forgetBefore: string): Promise<void> {
  await db.deleteFrom('family_unsubscribe_links').where('created_at', '<', forgetBefore).execute();
  await db.insertInto('family_unsubscribe_links').values({ secret_hash: link.hash, owner_id: link.ownerId, parent_email: link.email, created_at: link.at }).execute();
}

export function listFamilySettings(db: Executor, ownerId?: number): Promise<FamilySettingsRow[]> {
  return db
    .selectFrom('family_settings')
    .selectAll()
    .$if(ownerId !== undefined, (qb) => qb.where('owner_id', '=', ownerId!))
    .orderBy('owner_id')
    .orderBy('parent_email')
    .execute();
}

export async function ownerFrequencies(db: Executor, ownerIds: readonly number[]): Promise<Map<number, 'monthly' | 'weekly'>> {
  if (ownerIds.length === 0) return new Map();
  const rows = await db.selectFrom('family_owner_settings').select(['owner_id', 'frequency']).where('owner_id', 'in', [...ownerIds]).execute();
  return new Map(rows.map((r) => [r.owner_id, r.frequency]));
}

export async function upsertOwnerFrequency(db: Executor, ownerId: number, frequency: 'monthly' | 'weekly', at: string): Promise<void> {
  await db
    .insertInto('family_owner_settings')
    .values({ owner_id: ownerId, frequency, updated_at: at })
    .onConflict((oc) => oc.column('owner_id').doUpdateSet({ frequency, updated_at: at }))
    .execute();
}

/** Records a waiting request unless one waits already: true when this call recorded it. */
export async function insertErasureRequest(db: Executor, studentId: number, at: string): Promise<boolean> {
  const row = await db
    .insertInto('family_erasure_requests')
    .values({ student_id: studentId, requested_at: at })
    .onConflict((oc) => oc.column('student_id').where('resolved_at', 'is', null).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function waitingErasureRequests(db: Executor, studentIds: readonly number[]): Promise<Map<number, string>> {
  if (studentIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('family_erasure_requests')
    .select(['student_id', 'requested_at'])
    .where('student_id', 'in', [...studentIds])
    .where('resolved_at', 'is', null)
    .execute();
  return new Map(rows.map((r) => [r.student_id, r.requested_at]));
}

/** The waiting requests with their students, oldest first; one owner's with `ownerId`. */
export function listWaitingErasureRequests(db: Executor, ownerId?: number): Promise<{ student_id: number; requested_at: string; student_first_name: string; student_last_name: string }[]> {
  return db
    .selectFrom('family_erasure_requests')
    .innerJoin('students', 'students.user_id', 'family_erasure_requests.student_id')
    .select(['family_erasure_requests.student_id', 'family_erasure_requests.requested_at', 'students.student_first_name', 'students.student_last_name'])
    .where('family_erasure_requests.resolved_at', 'is', null)
    .$if(ownerId !== undefined, (qb) => qb.where('students.teacher_id', '=', ownerId!))
    .orderBy('family_erasure_requests.requested_at')
    .orderBy('family_erasure_requests.id')
    .execute();
}

export async function resolveErasureRequests(db: Executor, studentId: number, at: string): Promise<void> {
  await db.updateTable('family_erasure_requests').set({ resolved_at: at }).where('student_id', '=', studentId).where('resolved_at', 'is', null).execute();
}

/** Every (owner, parent e-mail) with a child not erased; one owner's with `ownerId`. */
export function familyPairs(db: Executor, ownerId?: number): Promise<{ teacher_id: number; email: string }[]> {
  return db
    .selectFrom('students')
    .select(['teacher_id', lowerParentEmail.as('email')])
    .where('erased_at', 'is', null)
    .where('parent_email', '<>', '')
    .$if(ownerId !== undefined, (qb) => qb.where('teacher_id', '=', ownerId!))
    .distinct()
    .execute();
}

/** A child's models (places in them), with each page's title and stored fields, leaving out the studio's trash. */
export function familyModelsOf(db: Executor, studentId: number): Promise<(StudentProgressRow & { title: string; fields_json: string })[]> {
  return db
    .selectFrom('student_progress')
    .innerJoin('pages', 'pages.id', 'student_progress.lesson_id')
    .selectAll('student_progress')
    .select(['pages.title', 'pages.fields_json'])
    .where('student_progress.user_id', '=', studentId)
    .where('pages.status', '<>', TRASH_STATUS)
    .orderBy('student_progress.updated_at', 'desc')
    .orderBy('student_progress.lesson_id')
    .execute();
}

/** The next scheduled meetings (from `sinceUtc`) of the active classes the child is in now, soonest first. */
export function upcomingMeetingsOf(db: Executor, studentId: number, sinceUtc: string, limit: number) {
  return db
    .selectFrom('class_students')
    .innerJoin('classes', 'classes.id', 'class_students.class_id')
    .innerJoin('class_meetings', 'class_meetings.class_id', 'classes.id')
    .select(['classes.name', 'classes.place', 'classes.time_zone', 'class_meetings.starts_at', 'class_meetings.starts_at_utc', 'class_meetings.length_minutes'])
    .where('class_students.student_id', '=', studentId)
    .where('class_students.left_at', 'is', null)
    .where('classes.archived_at', 'is', null)
    .where('class_meetings.status', '=', 'scheduled')
    .where('class_meetings.starts_at_utc', '>=', sinceUtc)
    .orderBy('class_meetings.starts_at_utc')
    .orderBy('class_meetings.id')
    .limit(limit)
    .execute();
}

export async function displayNames(db: Executor, userIds: readonly number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'display_name']).where('id', 'in', [...new Set(userIds)]).execute();
  return new Map(rows.map((r) => [r.id, r.display_name]));
}
