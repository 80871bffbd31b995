/**
 * Unlocking a lesson with its 4-digit code. The code is checked here, never in the browser; a
 * student's unlocks are stored so they follow the student to any device; wrong codes are counted
 * in the database (so the limit holds across restarts and instances) and throttled.
 */
import { timingSafeEqual, createHash } from 'node:crypto';
import type { RateLimitRule } from '../config';
import { ApiError, tooManyAttempts } from '../errors';
import * as q from '../db/queries';
import { isStudent, type Actor, type DomainContext } from './context';
import { CODE_META_KEY, findVisiblePage, parseMeta } from './content';

export function wrongCode(): ApiError {
  return new ApiError(403, 'wrong_code', 'The code is not correct.');
}

function sameCode(a: string, b: string): boolean {
  // Hash first so that the comparison takes the same time whatever the lengths.
  const da = createHash('sha256').update(a).digest();
  const db = createHash('sha256').update(b).digest();
  return timingSafeEqual(da, db);
}

/** Seconds until the oldest counted failure leaves the window, or null when under the limit. */
async function throttled(ctx: DomainContext, userId: number, rule: RateLimitRule, now: Date): Promise<number | null> {
  const since = new Date(now.getTime() - rule.windowMs).toISOString();
  const failures = await q.unlockFailuresSince(ctx.db.kysely, userId, since);
  if (failures.length < rule.max) return null;
  const oldest = Date.parse(failures[failures.length - rule.max] ?? since);
  return (oldest + rule.windowMs - now.getTime()) / 1000;
}

export async function unlockLesson(
  ctx: DomainContext,
  actor: Actor,
  lessonId: number,
  code: string,
  rule: RateLimitRule,
): Promise<{ unlocked: true; lesson_id: number }> {
  const now = ctx.clock();
  const wait = await throttled(ctx, actor.id, rule, now);
  if (wait !== null) throw tooManyAttempts(wait);
  const page = await findVisiblePage(ctx, actor, lessonId);
  const expected = parseMeta(page)[CODE_META_KEY];
  if (typeof expected !== 'string' || expected === '') throw new ApiError(400, 'not_lockable', 'This page has no code to unlock.');
  if (!sameCode(code.trim(), expected)) {
    await q.insertUnlockFailure(ctx.db.kysely, actor.id, page.id, now.toISOString());
    await q.deleteUnlockFailuresBefore(ctx.db.kysely, new Date(now.getTime() - rule.windowMs).toISOString());
    throw wrongCode();
  }
  // Administrators and franchise owners open everything anyway: only students' unlocks are kept.
  if (isStudent(actor)) await q.insertUnlock(ctx.db.kysely, actor.id, page.id, now.toISOString());
  return { unlocked: true, lesson_id: page.id };
}
