/**
 * Rate limits counted in the database, so that every instance behind a load balancer shares them:
 * one counter row per (limit, key, fixed window), bumped by one atomic upsert that answers the new
 * count. An attempt is counted (take) BEFORE it is checked, so that under any concurrency at most
 * `max` attempts of a window get checked (sign-in, unlock codes, resets); one that turns out not to
 * count (a right password or code) is given back (Attempt.giveBack, or reset for all of a key).
 * Keys (account names, e-mail and client addresses) are stored hashed.
 */
import { createHash } from 'node:crypto';
import type { RateLimitRule, SlowdownRule } from '../config';
import type { Db } from '../db/connection';
import * as q from '../db/queries';

/** Expired counters are deleted by a write at most this often per database handle. */
const CLEANUP_EVERY_MS = 60_000;
const lastCleanup = new WeakMap<Db, number>();
const lastSlowdownCleanup = new WeakMap<Db, number>();

/** Keys asked about in one statement (well under the databases' limits on bound values). */
const KEYS_PER_READ = 500;

const hashKey = (key: string): string => createHash('sha256').update(key).digest('hex');

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

  /** A fixed window, or with slices the slice of it that `now` is in. */
  private get stepMs(): number {
    return this.rule.windowMs / (this.rule.slices ?? 1);
  }

  private window(key: string, now: number): q.RateLimitWindow {
    const windowStart = Math.floor(now / this.stepMs) * this.stepMs;
    return {
      limitName: this.name,
      key: hashKey(key),
      windowStart,
      // A slice is summed with the ones after it until it is a whole window old.
      expiresAt: windowStart + this.rule.windowMs,
    };
  }

  /**
   * Counts an attempt. Its retryAfter is null when it may go ahead, or the seconds until the window
   * ends (with slices: until enough of the oldest have slid out) when the limit is used up (then it
   * must not be checked, and it is not counted).
   */
  async take(key: string): Promise<Attempt> {
    const now = this.clock().getTime();
    await this.cleanup(now);
    const w = this.window(key, now);
    const hits = await q.addRateLimitHit(this.db.kysely, w);
    const giveBack = () => q.removeRateLimitHit(this.db.kysely, w);
    const slices = this.rule.slices === undefined ? null : await q.rateLimitSlices(this.db.kysely, this.name, w.key, w.windowStart - this.rule.windowMs);
    // This slice's count is the upsert's own (each concurrent attempt gets a distinct one); the
    // slices before it no longer take new attempts.
    const before = slices ? slices.filter((slice) => slice.window_start < w.windowStart) : [];
    const counted = hits + before.reduce((sum, slice) => sum + slice.hits, 0);
    if (counted <= this.rule.max) return { retryAfter: null, giveBack };
    // A refused attempt is not checked, so it does not count: otherwise attempts refused while
    // others were in flight would keep the key shut after those gave their counts back.
    await giveBack();
    const waitMs = slices ? this.slidingWait([...before, { window_start: w.windowStart, hits: hits - 1 }], counted - 1, now) : w.expiresAt - now;
    return { retryAfter: Math.max(1, Math.ceil(waitMs / 1000)), giveBack: () => Promise.resolve() };
  }

  /** Until the oldest slices have slid out far enough for one more attempt. */
  private slidingWait(slices: readonly { window_start: number; hits: number }[], counted: number, now: number): number {
    let left = counted;
    for (const slice of slices) {
      left -= slice.hits;
      if (left + 1 <= this.rule.max) return slice.window_start + this.rule.windowMs - now;
    }
    return this.stepMs;
  }

  /** How far back attempts count. */
  get windowMs(): number {
    return this.rule.windowMs;
  }

  /** Most attempts a key may make within the window. */
  get max(): number {
    return this.rule.max;
  }

  /**
   * Without counting an attempt: null while the key may try again, else the seconds until it may
   * (what take() would answer next). For telling someone they are held back before they try.
   */
  async waitBeforeNext(key: string): Promise<number | null> {
    const now = this.clock().getTime();
    const w = this.window(key, now);
    const waitMs = this.waitMsFrom(await q.rateLimitSlices(this.db.kysely, this.name, w.key, w.windowStart - this.rule.windowMs), now);
    return waitMs === null ? null : Math.max(1, Math.ceil(waitMs / 1000));
  }

  /**
   * Of many keys, in one read: those held back now, with when (epoch ms) each may try again. The
   * time is exact, not rounded to the second: the same at every read while the key is held back.
   */
  async heldBackUntil(keys: readonly string[]): Promise<Map<string, number>> {
    const now = this.clock().getTime();
    const byHash = new Map(keys.map((key) => [hashKey(key), key]));
    const hashes = [...byHash.keys()];
    const held = new Map<string, number>();
    for (let i = 0; i < hashes.length; i += KEYS_PER_READ) {
      const rows = await q.rateLimitCountersSince(this.db.kysely, this.name, hashes.slice(i, i + KEYS_PER_READ), this.windowStart(now) - this.rule.windowMs);
      for (const [hash, waitMs] of this.waitsOf(rows, now)) held.set(byHash.get(hash)!, now + waitMs);
    }
    return held;
  }

  /**
   * Which keys (hashed) are held back now, as one string that changes whenever a key becomes held
   * back or is let go: for noticing that without knowing the keys. One read of this limit's
   * counters in force (one range of the primary key: a row per key tried within the window, or
   * per key and slice; without slices only those at the limit are sent back).
   */
  async heldBackNow(): Promise<string> {
    const now = this.clock().getTime();
    // Without slices only the counters at the limit matter: the others are not even read out.
    const atLeast = this.rule.slices === undefined ? this.rule.max : 0;
    const rows = await q.rateLimitCountersSince(this.db.kysely, this.name, null, this.windowStart(now) - this.rule.windowMs, atLeast);
    return [...this.waitsOf(rows, now).keys()].sort().join(',');
  }

  private windowStart(now: number): number {
    return Math.floor(now / this.stepMs) * this.stepMs;
  }

  private waitsOf(rows: readonly { limit_key: string; window_start: number; hits: number }[], now: number): Map<string, number> {
    const byKey = new Map<string, { window_start: number; hits: number }[]>();
    for (const row of rows) byKey.set(row.limit_key, [...(byKey.get(row.limit_key) ?? []), row]);
    const waits = new Map<string, number>();
    for (const [key, slices] of byKey) {
      const waitMs = this.waitMsFrom(slices, now);
      if (waitMs !== null) waits.set(key, waitMs);
    }
    return waits;
  }

  /** From one key's counters of the window (oldest first): null while it may try again, else the ms until it may. */
  private waitMsFrom(slices: readonly { window_start: number; hits: number }[], now: number): number | null {
    const windowStart = this.windowStart(now);
    const inForce = this.rule.slices === undefined ? slices.filter((slice) => slice.window_start === windowStart) : slices;
    const counted = inForce.reduce((sum, slice) => sum + slice.hits, 0);
    if (counted < this.rule.max) return null;
    return this.rule.slices === undefined ? windowStart + this.rule.windowMs - now : this.slidingWait(inForce, counted, now);
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

/** A slowed key not tried for this long after its next slot opened starts again from the first delay. */
const SLOWDOWN_FORGET_MS = 60 * 60_000;

/**
 * Past a limit, a slowdown lets one attempt through per growing delay instead of refusing every
 * attempt until the limit's window ends: the first after firstDelayMs, then after each doubled delay,
 * up to maxDelayMs. The state is one row per key in the database, and a slot is taken by one
 * conditional update, so of concurrent attempts through any number of instances exactly one gets it.
 */
export class Slowdown {
  constructor(
    private readonly db: Db,
    private readonly name: string,
    private readonly rule: SlowdownRule,
    private readonly clock: () => Date,
  ) {}

  /** null when the attempt may go ahead (it took the slot), else the seconds until the next slot. */
  async pass(key: string): Promise<number | null> {
    const now = this.clock().getTime();
    await this.cleanup(now);
    const db = this.db.kysely;
    const hashed = hashKey(key);
    const wait = (nextAt: number) => Math.max(1, Math.ceil((nextAt - now) / 1000));
    // A lost race re-reads once or twice; the key is then slowed by whoever won.
    for (let round = 0; round < 3; round += 1) {
      const seen = await q.findSlowdown(db, this.name, hashed);
      if (!seen) {
        const nextAt = now + this.rule.firstDelayMs;
        if (await q.startSlowdown(db, this.name, hashed, nextAt, nextAt + SLOWDOWN_FORGET_MS)) return wait(nextAt);
        continue;
      }
      if (seen.next_at > now) return wait(seen.next_at);
      const delay = Math.min(this.rule.firstDelayMs * 2 ** Math.min(seen.level, 30), this.rule.maxDelayMs);
      const next = { level: seen.level + 1, next_at: now + delay, expires_at: now + delay + SLOWDOWN_FORGET_MS };
      if (await q.takeSlowdownSlot(db, this.name, hashed, seen, next)) return null;
    }
    return wait(now + this.rule.firstDelayMs);
  }

  /** Ends the key's slowdown (a successful sign-in). */
  async reset(key: string): Promise<void> {
    await q.clearSlowdown(this.db.kysely, this.name, hashKey(key));
  }

  private async cleanup(now: number): Promise<void> {
    if (Math.abs(now - (lastSlowdownCleanup.get(this.db) ?? 0)) < CLEANUP_EVERY_MS) return;
    lastSlowdownCleanup.set(this.db, now);
    await q.deleteExpiredSlowdowns(this.db.kysely, now);
  }
}
