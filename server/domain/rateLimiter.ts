/**
 * Rate limits counted in the database, so that every instance behind a load balancer shares them:
 * one counter row per (limit, key, fixed window), bumped by one atomic upsert that answers the new
 * count. An attempt is counted (take) BEFORE it is checked, so that under any concurrency at most
 * `max` attempts of a window get checked (sign-in, unlock codes, resets); one that turns out not to
 * count (a right password or code) is given back (Attempt.giveBack, or reset for all of a key).
 * Keys (account names, e-mail and client addresses) are stored hashed.
 */
import { createHash } from 'node:crypto';
import type { RateLimitRule } from '../config';
import type { Db } from '../db/connection';
import * as q from '../db/queries';

/** Expired counters are deleted by a write at most this often per database handle. */
const CLEANUP_EVERY_MS = 60_000;
const lastCleanup = new WeakMap<Db, number>();

export interface Attempt {
  /** Seconds until the window ends when the limit is used up (the attempt must not be checked), else null. */
  retryAfter: number | null;
  /** Gives a counted attempt back (a right password or code), in the window that counted it. */
  giveBack(): Promise<void>;
}

export class RateLimiter {
  constructor(
    private readonly db: Db,
    /** Distinct per limit: names the counters in the table. */
    private readonly name: string,
    private readonly rule: RateLimitRule,
    private readonly clock: () => Date,
  ) {}

  private window(key: string, now: number): q.RateLimitWindow {
    const windowStart = Math.floor(now / this.rule.windowMs) * this.rule.windowMs;
    return {
      limitName: this.name,
      key: createHash('sha256').update(key).digest('hex'),
      windowStart,
      expiresAt: windowStart + this.rule.windowMs,
    };
  }

  /**
   * Counts an attempt. Its retryAfter is null when it may go ahead, or the seconds until the window
   * ends when the limit is used up (then it must not be checked, and it is not counted).
   */
  async take(key: string): Promise<Attempt> {
    const now = this.clock().getTime();
    await this.cleanup(now);
    const w = this.window(key, now);
    const hits = await q.addRateLimitHit(this.db.kysely, w);
    const giveBack = () => q.removeRateLimitHit(this.db.kysely, w);
    if (hits <= this.rule.max) return { retryAfter: null, giveBack };
    // A refused attempt is not checked, so it does not count: otherwise attempts refused while
    // others were in flight would keep the key shut after those gave their counts back.
    await giveBack();
    return { retryAfter: Math.max(1, Math.ceil((w.expiresAt - now) / 1000)), giveBack: () => Promise.resolve() };
  }

  /** Forgets every counted attempt of the key (a successful sign-in). */
  async reset(key: string): Promise<void> {
    await q.clearRateLimitKey(this.db.kysely, this.name, this.window(key, 0).key);
  }

  private async cleanup(now: number): Promise<void> {
    if (Math.abs(now - (lastCleanup.get(this.db) ?? 0)) < CLEANUP_EVERY_MS) return;
    lastCleanup.set(this.db, now);
    await q.deleteExpiredRateLimitCounters(this.db.kysely, now);
  }
}
