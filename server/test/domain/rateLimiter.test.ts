import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Db } from '../../db/connection';
import { describeEachDb, openTestDb, migrateTestDb } from '../harness';
import { RateLimiter } from '../../domain/rateLimiter';

describeEachDb('RateLimiter in the database', (dialect) => {
  let dir: string;
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'rate-limit-'));
    ({ db, drop } = await openTestDb(dialect, dir));
    await migrateTestDb(db, dialect);
  });
  afterAll(async () => {
    await db.close();
    await drop();
    rmSync(dir, { recursive: true, force: true });
  });

  test('allows max attempts per window, then tells how long to wait; release and reset give attempts back', async () => {
    let now = 1_000_020_000;
    const limiter = new RateLimiter(db, 't1', { max: 3, windowMs: 60_000 }, () => new Date(now));
    for (let i = 0; i < 3; i += 1) {
      expect((await limiter.take('k')).retryAfter).toBeNull();
      now += 1000;
    }
    // The window began at 1_000_020_000 (a multiple of 60 s); 3 s of it are gone.
    expect((await limiter.take('k')).retryAfter).toBe(57);
    expect((await limiter.take('other')).retryAfter).toBeNull();
    now += 57_000;
    const givenBack = await limiter.take('k');
    expect(givenBack.retryAfter).toBeNull();
    await givenBack.giveBack();
    for (let i = 0; i < 3; i += 1) expect((await limiter.take('k')).retryAfter).toBeNull();
    expect((await limiter.take('k')).retryAfter).not.toBeNull();
    await limiter.reset('k');
    expect((await limiter.take('k')).retryAfter).toBeNull();
  });

  test('an attempt refused while others are in flight does not count: once they give theirs back, the key opens', async () => {
    const limiter = new RateLimiter(db, 'in-flight', { max: 3, windowMs: 3_600_000 }, () => new Date(5_000_000_000_000));
    const inFlight = [await limiter.take('k'), await limiter.take('k'), await limiter.take('k')];
    expect(inFlight.map((a) => a.retryAfter)).toEqual([null, null, null]);
    for (let i = 0; i < 5; i += 1) expect((await limiter.take('k')).retryAfter).not.toBeNull();
    for (const attempt of inFlight) await attempt.giveBack();
    for (let i = 0; i < 3; i += 1) expect((await limiter.take('k')).retryAfter).toBeNull();
    expect((await limiter.take('k')).retryAfter).not.toBeNull();
  });

  test('an attempt given back after its window ended is given back to its own window, not the next', async () => {
    let now = 6_000_000_000_000; // a multiple of the window
    const limiter = new RateLimiter(db, 'boundary', { max: 2, windowMs: 60_000 }, () => new Date(now));
    const early = await limiter.take('k');
    now += 60_000;
    expect((await limiter.take('k')).retryAfter).toBeNull();
    expect((await limiter.take('k')).retryAfter).toBeNull();
    await early.giveBack();
    expect((await limiter.take('k')).retryAfter).not.toBeNull();
  });

  test('two limiters of one name on two handles share the count; another name counts apart', async () => {
    const clock = () => new Date(2_000_000_000_000);
    const a = new RateLimiter(db, 'shared', { max: 2, windowMs: 3_600_000 }, clock);
    const b = new RateLimiter(db, 'shared', { max: 2, windowMs: 3_600_000 }, clock);
    const other = new RateLimiter(db, 'apart', { max: 2, windowMs: 3_600_000 }, clock);
    expect((await a.take('x')).retryAfter).toBeNull();
    expect((await b.take('x')).retryAfter).toBeNull();
    expect((await a.take('x')).retryAfter).not.toBeNull();
    expect((await other.take('x')).retryAfter).toBeNull();
  });

  test('under 300 concurrent attempts exactly max get through', async () => {
    const limiter = new RateLimiter(db, 'race', { max: 10, windowMs: 3_600_000 }, () => new Date());
    const answers = await Promise.all(Array.from({ length: 300 }, async () => (await limiter.take('student')).retryAfter));
    expect(answers.filter((a) => a === null)).toHaveLength(10);
  });

  test('keys are stored hashed, and expired counters go on a later write', async () => {
    let now = 3_000_000_000_000;
    const limiter = new RateLimiter(db, 'expiry', { max: 5, windowMs: 60_000 }, () => new Date(now));
    await limiter.take('parent@example.com');
    const rows = await db.kysely.selectFrom('rate_limit_counters').select('limit_key').where('limit_name', '=', 'expiry').execute();
    expect(rows.map((r) => r.limit_key)).toEqual([expect.stringMatching(/^[0-9a-f]{64}$/)]);
    now += 10 * 60_000;
    await limiter.take('someone-else');
    const left = await db.kysely.selectFrom('rate_limit_counters').select('window_start').where('limit_name', '=', 'expiry').execute();
    expect(left).toHaveLength(1);
  });

  test.each<[string, { max: number; windowMs: number; slices?: number }]>([
    ['a fixed window', { max: 2, windowMs: 60_000 }],
    ['a sliding window', { max: 2, windowMs: 60_000, slices: 6 }],
  ])('in %s, many keys read at once (heldBackUntil) agree with waitBeforeNext, and heldBackNow changes when a key is held back and let go', async (_name, rule) => {
    let now = 9_000_000_001_000; // a second into a window
    const limiter = new RateLimiter(db, `many-${rule.slices ?? 1}`, rule, () => new Date(now));
    expect(await limiter.heldBackNow()).toBe('');
    await limiter.take('a');
    now += 15_000;
    await limiter.take('a');
    await limiter.take('b');
    const until = await limiter.heldBackUntil(['a', 'b', 'c']);
    expect([...until.keys()]).toEqual(['a']);
    expect(Math.max(1, Math.ceil((until.get('a')! - now) / 1000))).toBe(await limiter.waitBeforeNext('a'));
    const held = await limiter.heldBackNow();
    expect(held).toMatch(/^[0-9a-f]{64}$/);
    // The same while nothing changes, though time passes.
    now += 5000;
    expect(await limiter.heldBackNow()).toBe(held);
    expect(await limiter.heldBackUntil(['a'])).toEqual(until);
    now = until.get('a')!;
    expect(await limiter.waitBeforeNext('a')).toBeNull();
    expect(await limiter.heldBackNow()).toBe('');
    expect((await limiter.heldBackUntil(['a', 'b'])).size).toBe(0);
  });
});
