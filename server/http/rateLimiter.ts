/**
 * A sliding-window counter kept in memory (one instance; several instances would share a store
 * such as Redis). Keys are account names or client addresses.
 */
import type { RateLimitRule } from '../config';

const MAX_KEYS = 50_000;

export class RateLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly rule: RateLimitRule,
    private readonly clock: () => Date,
  ) {}

  private recent(key: string, now: number): number[] {
    const list = (this.hits.get(key) ?? []).filter((t) => t > now - this.rule.windowMs);
    if (list.length === 0) this.hits.delete(key);
    else this.hits.set(key, list);
    return list;
  }

  /** Seconds to wait before the next event is allowed, or null when it is allowed now. */
  retryAfter(key: string): number | null {
    const now = this.clock().getTime();
    const list = this.recent(key, now);
    if (list.length < this.rule.max) return null;
    const oldest = list[list.length - this.rule.max] ?? now;
    return Math.max(1, Math.ceil((oldest + this.rule.windowMs - now) / 1000));
  }

  record(key: string): void {
    const now = this.clock().getTime();
    if (this.hits.size >= MAX_KEYS) this.sweep(now);
    this.hits.set(key, [...this.recent(key, now), now]);
  }

  reset(key: string): void {
    this.hits.delete(key);
  }

  private sweep(now: number): void {
    for (const key of [...this.hits.keys()]) this.recent(key, now);
    // Still full of live keys: forget the oldest half rather than grow without bound.
    if (this.hits.size >= MAX_KEYS) [...this.hits.keys()].slice(0, MAX_KEYS / 2).forEach((k) => this.hits.delete(k));
  }
}
