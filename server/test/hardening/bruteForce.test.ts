/**
 * Brute force. What routes/security.test.ts and routes/api.test.ts already prove (100 wrong
 * passwords a day per account, NIST 800-63B's limit, then one guess per growing delay of seconds to
 * minutes, answered 429 with Retry-After; per-address login
 * and reset limits; 10 wrong unlock codes an hour per student and model; the same body for an unknown user
 * and a wrong password) is extended here to the ways round it: spreading guesses over many
 * addresses or lessons, telling accounts apart by the throttle, by the headers or by the time an
 * answer takes.
 */
import { DEFAULT_RATE_LIMITS } from '../../config';
import { DEMO, PATHS, TEST_AUTH_KEY, clockAtWindowStart, expectWpError, startTestServer, type Answer } from '../harness';

jest.setTimeout(120_000);

const KEY = { AUTH_KEY: TEST_AUTH_KEY };

/** Headers that must not tell one refusal from another (the date and connection bookkeeping aside). */
function headerSet(answer: Answer): Record<string, string> {
  const out: Record<string, string> = {};
  answer.headers.forEach((value, name) => {
    if (!['date', 'keep-alive', 'connection'].includes(name)) out[name] = value;
  });
  return out;
}

test('login per address: the 429 carries Retry-After, and a right password from that address waits too', async () => {
  const s = await startTestServer({ dialect: 'sqlite', clock: clockAtWindowStart(60_000), configure: (c) => ({ ...c, rateLimits: { ...c.rateLimits, loginPerIp: { max: 5, windowMs: 60_000 } } }) });
  try {
    for (let i = 0; i < 5; i += 1) expect((await s.post(PATHS.token, { username: `someone${i}`, password: 'guess' })).status).toBe(403);
    const blocked = await s.post(PATHS.token, { username: 'dana', password: DEMO.dana.password });
    expectWpError(blocked, 429, 'too_many_attempts');
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
  } finally {
    await s.close();
  }
});

test('login per account holds when the guesses come from many addresses (behind a proxy)', async () => {
  const s = await startTestServer({ dialect: 'sqlite', clock: clockAtWindowStart(DEFAULT_RATE_LIMITS.loginPerAccount.windowMs), configure: (c) => ({ ...c, trustProxy: ['127.0.0.1'] }) });
  try {
    for (let i = 0; i < 100; i += 1) {
      const answer = await s.post(PATHS.token, { username: 'lee', password: `wrong-${i}` }, { headers: { 'x-forwarded-for': `203.0.113.${i + 1}` } });
      expectWpError(answer, 403, '[jwt_auth] incorrect_password');
    }
    const blocked = await s.post(PATHS.token, { username: 'lee', password: DEMO.lee.password }, { headers: { 'x-forwarded-for': '198.51.100.77' } });
    expectWpError(blocked, 429, 'too_many_attempts');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Slowed, not shut out for the rest of the day.
    expect(Number(blocked.headers.get('retry-after'))).toBeLessThanOrEqual(300);
  } finally {
    await s.close();
  }
});

test('an unknown account and a wrong password: the same status, body and headers, throttled alike, in about the same time', async () => {
  // The real password-hash cost, so that a skipped hash for unknown accounts would show in the timing.
  // The size of the per-account limit (100 a day) is routes/security.test.ts's: 10 here keeps the real hash cost affordable.
  const s = await startTestServer({
    dialect: 'sqlite',
    clock: clockAtWindowStart(15 * 60_000),
    configure: (c) => ({ ...c, argon2: { memoryCost: 19456, timeCost: 2, parallelism: 1 }, rateLimits: { ...c.rateLimits, loginPerAccount: { max: 10, windowMs: 15 * 60_000 } } }),
  });
  try {
    const wrong = await s.post(PATHS.token, { username: 'maria', password: 'not-her-password' });
    const unknown = await s.post(PATHS.token, { username: 'nobody-at-all', password: 'not-her-password' });
    const unknownMail = await s.post(PATHS.token, { username: 'nobody@demo.portal.test', password: 'not-her-password' });
    const knownMail = await s.post(PATHS.token, { username: DEMO.maria.email, password: 'not-her-password' });
    expectWpError(wrong, 403, '[jwt_auth] incorrect_password');
    for (const other of [unknown, unknownMail, knownMail]) {
      expect(other.status).toBe(wrong.status);
      expect(other.text).toBe(wrong.text);
      expect(headerSet(other)).toEqual(headerSet(wrong));
    }

    // Timing: the median of a few tries each. Without the dummy hash an unknown account answers
    // about 30x faster than a known one; with it the two are within a small factor.
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
    const time = async (username: string) => {
      const t0 = performance.now();
      await s.post(PATHS.token, { username, password: 'timing-guess' });
      return performance.now() - t0;
    };
    const known: number[] = [];
    const missing: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      known.push(await time(i % 2 ? 'dana' : 'lee'));
      missing.push(await time(`ghost-${i}`));
    }
    const ratio = median(known) / median(missing);
    expect(ratio).toBeGreaterThan(1 / 3);
    expect(ratio).toBeLessThan(3);

    // The throttle does not tell them apart either: an unknown name is blocked after 10 tries as a real one is.
    for (let i = 0; i < 10; i += 1) await s.post(PATHS.token, { username: 'ghost-throttled', password: `x${i}` });
    const ghost = await s.post(PATHS.token, { username: 'ghost-throttled', password: 'x' });
    for (let i = 0; i < 10; i += 1) await s.post(PATHS.token, { username: 'maria', password: `x${i}` });
    const real = await s.post(PATHS.token, { username: 'maria', password: 'x' });
    expectWpError(real, 429, 'too_many_attempts');
    expect(ghost.status).toBe(429);
    expect(ghost.text).toBe(real.text);
  } finally {
    await s.close();
  }
}, 180_000);

test('unlock codes: 10 wrong an hour per student and model whatever the address; that model\'s right code is refused after, another model\'s is not', async () => {
  let now = Date.parse('2026-09-01T10:00:00Z');
  const s = await startTestServer({ dialect: 'sqlite', clock: () => new Date(now), configure: (c) => ({ ...c, trustProxy: ['127.0.0.1'] }) });
  try {
    const admin = await s.login('admin', DEMO.admin.password);
    const mia = await s.login('mia', DEMO.mia.password);
    type Lesson = { id: number; title: { rendered: string }; metadata?: { lesson_password?: string[] } };
    const lockableOf = async (program: number) =>
      ((await s.get(`${PATHS.pages}?parent=${program}&per_page=100`, { token: admin })).body as Lesson[]).filter((l) => (l.metadata?.lesson_password?.[0] ?? '') !== '');
    const [target, sibling] = await lockableOf(130);
    const [elsewhere] = await lockableOf(167);
    const codeOf = (lesson: Lesson) => lesson.metadata?.lesson_password?.[0] ?? '';
    const wrongFor = (lesson: Lesson) => (codeOf(lesson) === '0000' ? '0001' : '0000');
    for (let i = 0; i < 10; i += 1) {
      const answer = await s.post(PATHS.unlock, { ...KEY, lesson_id: target!.id, code: wrongFor(target!) }, { token: mia, headers: { 'x-forwarded-for': `192.0.2.${i + 1}` } });
      expectWpError(answer, 403, 'wrong_code');
    }
    const blocked = await s.post(PATHS.unlock, { ...KEY, lesson_id: target!.id, code: codeOf(target!) }, { token: mia, headers: { 'x-forwarded-for': '192.0.2.200' } });
    expectWpError(blocked, 429, 'too_many_attempts');
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    // Another model, in the same program or another, still checks its code: a wrong one is wrong, the right one opens.
    expectWpError(await s.post(PATHS.unlock, { ...KEY, lesson_id: sibling!.id, code: wrongFor(sibling!) }, { token: mia }), 403, 'wrong_code');
    expect((await s.post(PATHS.unlock, { ...KEY, lesson_id: elsewhere!.id, code: codeOf(elsewhere!) }, { token: mia })).status).toBe(200);
    // Still blocked a minute before the hour is up; open again after it.
    now += (retryAfter - 60) * 1000;
    expect((await s.post(PATHS.unlock, { ...KEY, lesson_id: target!.id, code: codeOf(target!) }, { token: mia })).status).toBe(429);
    now += 61 * 1000;
    expect((await s.post(PATHS.unlock, { ...KEY, lesson_id: target!.id, code: codeOf(target!) }, { token: mia })).status).toBe(200);
  } finally {
    await s.close();
  }
});
