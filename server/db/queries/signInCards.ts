import type { SignInCardRow } from '../schema';
import type { Executor } from './executor';

export async function insertSignInCard(db: Executor, card: { studentId: number; tokenHash: string; createdBy: number; at: string }): Promise<number> {
  const row = await db
    .insertInto('sign_in_cards')
    .values({ student_id: card.studentId, token_hash: card.tokenHash, created_by: card.createdBy, created_at: card.at, voided_at: null, last_used_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Voids every card of the students that is not void yet; answers how many it voided. */
export async function voidSignInCardsOf(db: Executor, studentIds: readonly number[], at: string): Promise<number> {
  if (studentIds.length === 0) return 0;
  const result = await db.updateTable('sign_in_cards').set({ voided_at: at }).where('student_id', 'in', [...studentIds]).where('voided_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function voidSignInCard(db: Executor, id: number, at: string): Promise<void> {
  await db.updateTable('sign_in_cards').set({ voided_at: at }).where('id', '=', id).where('voided_at', 'is', null).execute();
}

export function findSignInCard(db: Executor, id: number): Promise<SignInCardRow | undefined> {
  return db.selectFrom('sign_in_cards').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findSignInCardByHash(db: Executor, tokenHash: string): Promise<SignInCardRow | undefined> {
  return db.selectFrom('sign_in_cards').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

export async function markSignInCardUsed(db: Executor, id: number, at: string): Promise<void> {
  await db.updateTable('sign_in_cards').set({ last_used_at: at }).where('id', '=', id).execute();
}

/** Each student's latest card, of one owner's students or of all. */
export async function listLatestSignInCards(db: Executor, teacherId: number | null): Promise<SignInCardRow[]> {
  let latest = db.selectFrom('sign_in_cards as c').innerJoin('students as s', 's.user_id', 'c.student_id').select((eb) => eb.fn.max('c.id').as('id')).groupBy('c.student_id');
  if (teacherId !== null) latest = latest.where('s.teacher_id', '=', teacherId);
  const ids = (await latest.execute()).map((r) => Number(r.id));
  if (ids.length === 0) return [];
  return db.selectFrom('sign_in_cards').selectAll().where('id', 'in', ids).orderBy('student_id').execute();
}

export interface CardStudentRow {
  user_id: number;
  teacher_id: number;
  student_first_name: string;
  erased_at: string | null;
  sign_in_disabled_at: string | null;
}

/** Students with what a card needs (first name, owner, whether they may sign in): one owner's, or the ids named. */
export function cardStudents(db: Executor, scope: { teacherId: number } | { ids: readonly number[] }): Promise<CardStudentRow[]> {
  let q = db
    .selectFrom('students as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.user_id', 's.teacher_id', 's.student_first_name', 's.erased_at', 'u.sign_in_disabled_at']);
  if ('teacherId' in scope) q = q.where('s.teacher_id', '=', scope.teacherId);
  else if (scope.ids.length === 0) return Promise.resolve([]);
  else q = q.where('s.user_id', 'in', [...scope.ids]);
  return q.orderBy('s.user_id').execute();
}

/** A new session of a card's student; answers its id. */
export async function insertCardSession(db: Executor, session: { cardId: number; studentId: number; at: number }): Promise<number> {
  const row = await db
    .insertInto('card_sessions')
    .values({ card_id: session.cardId, student_id: session.studentId, started_at: session.at, last_seen_at: session.at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** A card session with its card's void time (null: the card still works). */
export function findCardSession(db: Executor, id: number): Promise<{ student_id: number; last_seen_at: number; voided_at: string | null } | undefined> {
  return db
    .selectFrom('card_sessions as cs')
    .innerJoin('sign_in_cards as c', 'c.id', 'cs.card_id')
    .select(['cs.student_id', 'cs.last_seen_at', 'c.voided_at'])
    .where('cs.id', '=', id)
    .executeTakeFirst();
}

/** Moves the session's last request to `at`, unless it was idle since before `idleSince` (then it stays ended). */
export async function touchCardSession(db: Executor, id: number, at: number, idleSince: number): Promise<void> {
  await db.updateTable('card_sessions').set({ last_seen_at: at }).where('id', '=', id).where('last_seen_at', '<', at).where('last_seen_at', '>=', idleSince).execute();
}

/** Forgets a student's sessions idle since before `idleSince`: they can never be used again. */
export async function deleteIdleCardSessions(db: Executor, studentId: number, idleSince: number): Promise<void> {
  await db.deleteFrom('card_sessions').where('student_id', '=', studentId).where('last_seen_at', '<', idleSince).execute();
}
