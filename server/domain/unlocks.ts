/**
 * Unlocking a lesson with its 4-digit code. The code is checked here, never in the browser; a
 * student's unlocks are stored so they follow the student to any device; wrong codes are counted
 * in the database (so the limit holds across restarts and instances) and throttled per student and
 * model: ten wrong codes for one model hold back that model's code only, never another model's.
 */
import { timingSafeEqual, createHash } from 'node:crypto';
import type { CodeLockout, MyUnlocks, StudentLockout } from '../../contract';
import { ApiError, tooManyAttempts } from '../errors';
import * as q from '../db/queries';
import { isStudent, type Actor, type DomainContext } from './context';
import { findVisiblePage } from './content';
import { CODE_META_KEY, parseMeta } from './pageState';
import type { RateLimiter } from './rateLimiter';

/** Wrong codes are kept a day, for the record; the limit itself is counted by the RateLimiter. */
const DAY_MS = 86_400_000;

/** Wrong codes are counted per student and model. */
const codeKey = (userId: number, pageId: number): string => `${userId}:${pageId}`;

export function wrongCode(): ApiError {
  return new ApiError(403, 'wrong_code', 'The code is not correct.');
}

function sameCode(a: string, b: string): boolean {
  // Hash first so that the comparison takes the same time whatever the lengths.
  const da = createHash('sha256').update(a).digest();
  const db = createHash('sha256').update(b).digest();
  return timingSafeEqual(da, db);
}

export async function unlockLesson(
  ctx: DomainContext,
  actor: Actor,
  lessonId: number,
  code: string,
  wrongCodes: RateLimiter,
): Promise<{ unlocked: true; lesson_id: number }> {
  const now = ctx.clock();
  const page = await findVisiblePage(ctx, actor, lessonId);
  const expected = parseMeta(page)[CODE_META_KEY];
  if (typeof expected !== 'string' || expected === '') throw new ApiError(400, 'not_lockable', 'This page has no code to unlock.');
  // The attempt is counted before the code is compared: 1,500 concurrent guesses get at most
  // `max` comparisons, whichever instances they reach. A right code gives its attempt back.
  const attempt = await wrongCodes.take(codeKey(actor.id, page.id));
  if (attempt.retryAfter !== null) throw tooManyAttempts(attempt.retryAfter);
  if (!sameCode(code.trim(), expected)) {
    await q.insertUnlockFailure(ctx.db.kysely, actor.id, page.id, now.toISOString());
    await q.deleteUnlockFailuresBefore(ctx.db.kysely, new Date(now.getTime() - DAY_MS).toISOString());
    throw wrongCode();
  }
  await attempt.giveBack();
  // Administrators and franchise owners open everything anyway: only students' unlocks are kept.
  if (isStudent(actor)) await q.insertUnlock(ctx.db.kysely, actor.id, page.id, now.toISOString());
  return { unlocked: true, lesson_id: page.id };
}

/** The models of `pageIds` whose code is held back now, with the seconds until each may be tried. */
async function heldBack(wrongCodes: RateLimiter, userId: number, pageIds: readonly number[]): Promise<Map<number, number>> {
  const held = new Map<number, number>();
  for (const pageId of pageIds) {
    const wait = await wrongCodes.waitBeforeNext(codeKey(userId, pageId));
    if (wait !== null) held.set(pageId, wait);
  }
  return held;
}

/**
 * What a student's model list needs from the server when it loads and while it stays open: the
 * models unlocked (by her, or by her owner for the class) and the models whose code she may not try
 * now. The wrong codes recorded within the limit's window say which models to ask the limiter about.
 */
export async function myUnlocks(ctx: DomainContext, actor: Actor, wrongCodes: RateLimiter): Promise<MyUnlocks> {
  if (!isStudent(actor)) return { unlocked: [], lockedOut: [] };
  const now = ctx.clock();
  const since = new Date(now.getTime() - wrongCodes.windowMs).toISOString();
  const [unlocked, tried] = await Promise.all([q.unlockedPageIds(ctx.db.kysely, actor.id), q.unlockFailurePagesSince(ctx.db.kysely, actor.id, since)]);
  const held = await heldBack(wrongCodes, actor.id, tried.filter((pageId) => !unlocked.has(pageId)));
  const lockedOut: CodeLockout[] = [...held].map(([lessonId, retryAfter]) => ({ lessonId, retryAfter, until: new Date(now.getTime() + retryAfter * 1000).toISOString() }));
  return { unlocked: [...unlocked].sort((a, b) => a - b), lockedOut: lockedOut.sort((a, b) => a.lessonId - b.lessonId) };
}

/** A student held back from a model's code now, with her owner. */
export interface HeldBackStudent {
  ownerId: number;
  studentId: number;
  firstName: string;
  lessonId: number;
  lessonTitle: string;
  /** ISO 8601 UTC: when she may try that code again. */
  until: string;
}

/**
 * The students (of the given owners, or of every owner when null) held back from a model's code
 * now, soonest to end first. Only the student and model pairs with at least the limit's number of
 * wrong codes within its window are asked about, all in one read of the limiter's counters; a
 * model unlocked for the student since is left out. Two statements, whatever the number of owners.
 */
export async function heldBackStudents(ctx: DomainContext, ownerIds: readonly number[] | null, wrongCodes: RateLimiter): Promise<HeldBackStudent[]> {
  const candidates = await q.repeatedUnlockFailures(ctx.db.kysely, ownerIds, new Date(ctx.clock().getTime() - wrongCodes.windowMs).toISOString(), wrongCodes.max);
  if (candidates.length === 0) return [];
  const untils = await wrongCodes.heldBackUntil(candidates.map((row) => codeKey(row.user_id, row.page_id)));
  const held: HeldBackStudent[] = [];
  for (const row of candidates) {
    const untilMs = untils.get(codeKey(row.user_id, row.page_id));
    if (untilMs === undefined) continue;
    const until = new Date(untilMs).toISOString();
    held.push({ ownerId: row.teacher_id, studentId: row.user_id, firstName: row.first_name, lessonId: row.page_id, lessonTitle: row.title, until });
  }
  return held.sort((a, b) => a.until.localeCompare(b.until) || a.studentId - b.studentId || a.lessonId - b.lessonId);
}

/** The students (of an owner, or of every owner) held back from a model's code now, by student, soonest first. */
export async function studentLockouts(ctx: DomainContext, teacherId: number | null, wrongCodes: RateLimiter): Promise<Map<number, StudentLockout[]>> {
  const byStudent = new Map<number, StudentLockout[]>();
  for (const { studentId, lessonId, lessonTitle, until } of await heldBackStudents(ctx, teacherId === null ? null : [teacherId], wrongCodes)) {
    byStudent.set(studentId, [...(byStudent.get(studentId) ?? []), { lessonId, lessonTitle, until }]);
  }
  return byStudent;
}
