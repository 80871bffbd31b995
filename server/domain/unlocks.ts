/**
 * Unlocking a lesson with its 4-digit code. The code is checked here, never in the browser; a
 * student's unlocks are stored so they follow the student to any device; wrong codes are counted
 * in the database (so the limit holds across restarts and instances) and throttled.
 */
import { timingSafeEqual, createHash } from 'node:crypto';
import { ApiError, tooManyAttempts } from '../errors';
import * as q from '../db/queries';
import { isStudent, type Actor, type DomainContext } from './context';
import { findVisiblePage } from './content';
import { CODE_META_KEY, parseMeta } from './pageState';
import type { RateLimiter } from './rateLimiter';

/** Wrong codes are kept a day, for the record; the limit itself is counted by the RateLimiter. */
const DAY_MS = 86_400_000;

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
  const studentKey = String(actor.id);
  const attempt = await wrongCodes.take(studentKey);
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
