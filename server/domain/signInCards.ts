/**
 * Sign-in cards: an owner prints a card per child; its QR code carries a random
 * token that signs that child in on a shared tablet. Only the token's SHA-256 is stored, so the
 * database alone signs no one in; issuing a new card voids the student's earlier one; ending a
 * student voids their cards (rosterEdit.ts) and erasing deletes them (privacy.ts).
 *
 * A session a card started belongs to the card: its token names a card_sessions row, which every
 * request reads (checkCardSession), so a voided, ended or erased card ends its sessions at once on
 * every instance; and a shared tablet's session ends after the idle time without a request, on the
 * server as in the browser (sliding: each request moves it on).
 */
import { createHash, randomBytes } from 'node:crypto';
import { CARD_INVALID_CODE, CARD_INVALID_MESSAGE, cardSignInLink } from '../../contract';
import type { SignInCardList, SignInCardsIssueBody, SignInCardsIssued, SignInCardVoided } from '../../contract';
import * as q from '../db/queries';
import type { UserRow } from '../db/schema';
import { ApiError, notAllowed } from '../errors';
import { isAdmin, isOwner, type Actor, type DomainContext } from './context';
import { ownerOfWholeClass } from './ownerScope';

export const hashCardToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** 256 bits from the system's CSPRNG, base64url (CARD_TOKEN_PATTERN). */
const newCardToken = (): string => randomBytes(32).toString('base64url');

function noSuchStudents(ids: number[]): ApiError {
  const listed = ids.slice(0, 5).join(', ') + (ids.length > 5 ? ', …' : '');
  return new ApiError(404, 'rest_user_invalid_id', `These students are not on your list: ${listed}. No cards were made.`);
}

export function noSuchCard(): ApiError {
  return new ApiError(404, 'card_not_found', 'There is no such sign-in card on your lists.');
}

export function cardInvalid(): ApiError {
  return new ApiError(403, CARD_INVALID_CODE, CARD_INVALID_MESSAGE);
}

function requireOwnerOrAdmin(actor: Actor): void {
  if (!isOwner(actor) && !isAdmin(actor)) throw notAllowed(true);
}

/** The students to print cards for, each checked to be the caller's; 'all' leaves out ended and erased ones. */
async function cardTargets(ctx: DomainContext, actor: Actor, body: SignInCardsIssueBody): Promise<q.CardStudentRow[]> {
  const db = ctx.db.kysely;
  const canSignIn = (s: q.CardStudentRow) => s.erased_at === null && s.sign_in_disabled_at === null;
  if (body.students === 'all') {
    const ownerId = await ownerOfWholeClass(ctx, actor, body.ownerId);
    return (await q.cardStudents(db, { teacherId: ownerId })).filter(canSignIn);
  }
  const wanted = [...new Set(body.students)];
  const found = (await q.cardStudents(db, { ids: wanted })).filter((s) => isAdmin(actor) || s.teacher_id === actor.id);
  const foundIds = new Set(found.map((s) => s.user_id));
  const refused = wanted.filter((id) => !foundIds.has(id));
  if (refused.length > 0) throw noSuchStudents(refused);
  const cannot = found.filter((s) => !canSignIn(s)).map((s) => s.user_id);
  if (cannot.length > 0) {
    throw new ApiError(409, 'student_cannot_sign_in', `These students cannot sign in (their lessons ended or their data was erased): ${cannot.slice(0, 5).join(', ')}. No cards were made.`);
  }
  return found;
}

/** One new card per student (the earlier one voided); each link carries its token, in this answer only. */
export async function issueSignInCards(ctx: DomainContext, actor: Actor, body: SignInCardsIssueBody, siteUrl: string): Promise<SignInCardsIssued> {
  requireOwnerOrAdmin(actor);
  const students = await cardTargets(ctx, actor, body);
  const at = ctx.clock().toISOString();
  return q.inTransaction(ctx.db, async (trx) => {
    await q.voidSignInCardsOf(
      trx,
      students.map((s) => s.user_id),
      at,
    );
    const cards: SignInCardsIssued['cards'] = [];
    for (const student of students) {
      const token = newCardToken();
      const id = await q.insertSignInCard(trx, { studentId: student.user_id, tokenHash: hashCardToken(token), createdBy: actor.id, at });
      cards.push({ id, studentId: student.user_id, firstName: student.student_first_name, link: cardSignInLink(siteUrl, token) });
    }
    return { cards };
  });
}

/** Each of the caller's students' latest card (an administrator: one owner's with ownerId, else all). */
export async function listSignInCards(ctx: DomainContext, actor: Actor, ownerId: number | undefined): Promise<SignInCardList> {
  requireOwnerOrAdmin(actor);
  if (isOwner(actor) && ownerId !== undefined && ownerId !== actor.id) throw notAllowed(true);
  const teacherId = isOwner(actor) ? actor.id : (ownerId ?? null);
  const rows = await q.listLatestSignInCards(ctx.db.kysely, teacherId);
  return { cards: rows.map((r) => ({ id: r.id, studentId: r.student_id, createdAt: r.created_at, lastUsedAt: r.last_used_at, voidedAt: r.voided_at })) };
}

export async function voidCard(ctx: DomainContext, actor: Actor, id: number): Promise<SignInCardVoided> {
  requireOwnerOrAdmin(actor);
  const db = ctx.db.kysely;
  const card = await q.findSignInCard(db, id);
  if (!card) throw noSuchCard();
  const student = await q.findStudent(db, card.student_id);
  if (!student || (isOwner(actor) && student.teacher_id !== actor.id)) throw noSuchCard();
  if (card.voided_at !== null) return { id, voidedAt: card.voided_at };
  const at = ctx.clock().toISOString();
  await q.voidSignInCard(db, id, at);
  return { id, voidedAt: (await q.findSignInCard(db, id))?.voided_at ?? at };
}

/**
 * The student a card's token names, when it may sign in: a voided or unknown card, and an erased
 * student's, are refused alike; an ended student's says so (as the password sign-in does).
 */
export async function studentForCard(ctx: DomainContext, token: string): Promise<{ user: UserRow; cardId: number } | { ended: true }> {
  const db = ctx.db.kysely;
  const card = await q.findSignInCardByHash(db, hashCardToken(token));
  if (!card || card.voided_at !== null) throw cardInvalid();
  const [user, student] = [await q.findUserById(db, card.student_id), await q.findStudent(db, card.student_id)];
  if (!user || !student || student.erased_at !== null || user.role !== 'student') throw cardInvalid();
  if (user.sign_in_disabled_at !== null) return { ended: true };
  return { user, cardId: card.id };
}

/** Records the card's use and starts its session; answers the session's id, for the token. */
export async function recordCardSignIn(ctx: DomainContext, userId: number, cardId: number, idleMinutes: number): Promise<number> {
  const now = ctx.clock();
  const at = now.toISOString();
  const db = ctx.db.kysely;
  await q.markSignInCardUsed(db, cardId, at);
  await q.recordSignIn(db, userId, at);
  await q.deleteIdleCardSessions(db, userId, now.getTime() - idleMinutes * 60_000);
  return q.insertCardSession(db, { cardId, studentId: userId, at: now.getTime() });
}

/**
 * A request's last-seen time is written at most this often per session: the idle time then counts
 * from at most this long before the last request, and reading pages costs no write each.
 */
export const CARD_SESSION_TOUCH_MS = 10_000;

export function cardSessionIdle(idleMinutes: number): ApiError {
  return new ApiError(403, 'jwt_auth_invalid_token', `This shared device was signed out after ${idleMinutes} minutes without activity. Scan your card to sign in again.`);
}

/**
 * Refuses a card session whose card was voided (or deleted with an erased child), that belongs to
 * another student, or that was idle for the shared device's idle time; otherwise moves its last
 * request on. The refusals are jwt_auth errors, so the app signs out as for any ended session.
 */
export async function checkCardSession(ctx: DomainContext, sessionId: number, userId: number, idleMinutes: number): Promise<void> {
  const db = ctx.db.kysely;
  const session = await q.findCardSession(db, sessionId);
  if (!session || session.student_id !== userId || session.voided_at !== null) throw new ApiError(403, 'jwt_auth_invalid_token', CARD_INVALID_MESSAGE);
  const now = ctx.clock().getTime();
  const idleSince = now - idleMinutes * 60_000;
  if (session.last_seen_at < idleSince) throw cardSessionIdle(idleMinutes);
  if (now - session.last_seen_at >= CARD_SESSION_TOUCH_MS) await q.touchCardSession(db, sessionId, now, idleSince);
}
