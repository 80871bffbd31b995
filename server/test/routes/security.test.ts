/** Rate limits on login and reset, and logs that hold no secret. */
import { DEMO, PATHS, TEST_AUTH_KEY, expectWpError, startTestServer } from '../harness';

test('login: 100 wrong passwords a day per account (from anywhere) then 429 with Retry-After, also for the right password; other accounts unaffected', async () => {
  let now = Date.UTC(2026, 10, 23, 9, 0, 0);
  const s = await startTestServer({ dialect: 'sqlite', clock: () => new Date(now), configure: (c) => ({ ...c, trustProxy: ['127.0.0.1'] }) });
  const from = (i: number) => ({ headers: { 'x-forwarded-for': `198.51.100.${(i % 250) + 1}` } });
  try {
    for (let i = 0; i < 100; i += 1) expectWpError(await s.post(PATHS.token, { username: 'lee', password: `wrong-${i}` }, from(i)), 403, '[jwt_auth] incorrect_password');
    const blocked = await s.post(PATHS.token, { username: 'lee', password: DEMO.lee.password }, from(200));
    expectWpError(blocked, 429, 'too_many_attempts');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await s.post(PATHS.token, { username: 'dana', password: DEMO.dana.password }, from(201))).status).toBe(200);
    now += 16 * 60 * 1000;
    expectWpError(await s.post(PATHS.token, { username: 'LEE', password: DEMO.lee.password }, from(202)), 429, 'too_many_attempts');
    now += 24 * 60 * 60 * 1000;
    expect((await s.post(PATHS.token, { username: 'LEE', password: DEMO.lee.password }, from(203))).status).toBe(200);
  } finally {
    await s.close();
  }
});

test('login: many wrong passwords from one address over many accounts are throttled per IP', async () => {
  const s = await startTestServer({ dialect: 'sqlite', configure: (c) => ({ ...c, rateLimits: { ...c.rateLimits, loginPerIp: { max: 5, windowMs: 60_000 } } }) });
  try {
    for (let i = 0; i < 5; i += 1) expect((await s.post(PATHS.token, { username: `user${i}`, password: 'x' })).status).toBe(403);
    expectWpError(await s.post(PATHS.token, { username: 'maria', password: DEMO.maria.password }), 429, 'too_many_attempts');
  } finally {
    await s.close();
  }
});

test('reset_password is throttled per address and per IP', async () => {
  const s = await startTestServer({ dialect: 'sqlite' });
  try {
    const body = { AUTH_KEY: TEST_AUTH_KEY, user_email: DEMO.maria.email };
    for (let i = 0; i < 5; i += 1) expect((await s.post(PATHS.reset, body)).status).toBe(200);
    const blocked = await s.post(PATHS.reset, body);
    expectWpError(blocked, 429, 'too_many_attempts');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  } finally {
    await s.close();
  }
});

test('logs are structured and hold no password, token, AUTH_KEY or signing secret', async () => {
  const s = await startTestServer({ dialect: 'sqlite' });
  try {
    const token = await s.login('dana', DEMO.dana.password);
    await s.post(PATHS.validate, undefined, { token });
    await s.post(`${PATHS.students}?AUTH_KEY=${TEST_AUTH_KEY}`, undefined, { token });
    await s.post(`${PATHS.token}?username=dana&password=${DEMO.dana.password}`);
    await s.post(PATHS.token, { username: 'dana', password: 'a-wrong-password' });
    await s.post(PATHS.validate, undefined, { token: `${token}x` });
    await s.request('POST', PATHS.createStudent, undefined, { token, raw: '{bad json', headers: { 'content-type': 'application/json' } });
    const logs = s.logs.join('');
    expect(s.logs.length).toBeGreaterThan(5);
    for (const line of s.logs) expect(() => JSON.parse(line) as unknown).not.toThrow();
    for (const secret of [DEMO.dana.password, 'a-wrong-password', token, token.split('.')[2] ?? 'sig', TEST_AUTH_KEY, s.config.jwtSecret]) {
      expect({ secret, found: logs.includes(secret) }).toEqual({ secret, found: false });
    }
  } finally {
    await s.close();
  }
});
