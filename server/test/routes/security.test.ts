/** Rate limits on login and reset, and logs that hold no secret. */
import { SIGN_IN_CARD_PATHS, type SignInCardsIssued } from '../../../contract';
import { DEMO, PATHS, TEST_AUTH_KEY, expectWpError, clockAtWindowStart, startTestServer, userIds } from '../harness';

test('login: 100 wrong passwords a day per account (from anywhere), then a browser it does not know is slowed by growing delays of seconds to minutes, not shut out for the day; other accounts unaffected', async () => {
  let now = Date.UTC(2026, 10, 23, 9, 0, 0);
  const s = await startTestServer({ dialect: 'sqlite', clock: () => new Date(now), configure: (c) => ({ ...c, trustProxy: ['127.0.0.1'] }) });
  const from = (i: number) => ({ headers: { 'x-forwarded-for': `198.51.100.${(i % 250) + 1}` } });
  try {
    for (let i = 0; i < 100; i += 1) expectWpError(await s.post(PATHS.token, { username: 'lee', password: `wrong-${i}` }, from(i)), 403, '[jwt_auth] incorrect_password');
    const blocked = await s.post(PATHS.token, { username: 'lee', password: DEMO.lee.password }, from(200));
    expectWpError(blocked, 429, 'too_many_attempts');
    expect(Number(blocked.headers.get('retry-after'))).toBe(5);
    expect((await s.post(PATHS.token, { username: 'dana', password: DEMO.dana.password }, from(201))).status).toBe(200);

    // The guesser goes on: one guess per delay, each delay twice the one before, never more than 5 minutes.
    const waits: number[] = [];
    let wait = Number(blocked.headers.get('retry-after'));
    for (let i = 0; i < 10; i += 1) {
      now += (wait - 1) * 1000;
      expectWpError(await s.post(PATHS.token, { username: 'lee', password: `early-${i}` }, from(i)), 429, 'too_many_attempts');
      now += 1000;
      expectWpError(await s.post(PATHS.token, { username: 'lee', password: `slow-${i}` }, from(i)), 403, '[jwt_auth] incorrect_password');
      const next = await s.post(PATHS.token, { username: 'lee', password: DEMO.lee.password }, from(i + 50));
      expectWpError(next, 429, 'too_many_attempts');
      wait = Number(next.headers.get('retry-after'));
      waits.push(wait);
    }
    expect(waits).toEqual([10, 20, 40, 80, 160, 300, 300, 300, 300, 300]);

    // Lee, on a browser that never signed in to his account, gets in once the wait is over.
    now += wait * 1000;
    expect((await s.post(PATHS.token, { username: 'LEE', password: DEMO.lee.password }, from(203))).status).toBe(200);
    // That sign-in cleared the failures: the next guesses are counted from zero again.
    expectWpError(await s.post(PATHS.token, { username: 'lee', password: 'wrong-again' }, from(204)), 403, '[jwt_auth] incorrect_password');
  } finally {
    await s.close();
  }
});

test("while a child's account is slowed by someone else's guesses, a new tablet still signs the child in with a card, and the parent's mailed password gets in when the account's next slot comes (at most 5 minutes)", async () => {
  let now = Date.UTC(2026, 10, 23, 9, 0, 0);
  const s = await startTestServer({ dialect: 'sqlite', clock: () => new Date(now), configure: (c) => ({ ...c, trustProxy: ['127.0.0.1'] }) });
  const from = (i: number) => ({ headers: { 'x-forwarded-for': `203.0.113.${(i % 250) + 1}` } });
  try {
    for (let i = 0; i < 105; i += 1) await s.post(PATHS.token, { username: 'mia', password: `wrong-${i}` }, from(i));
    const slowed = await s.post(PATHS.token, { username: 'mia', password: DEMO.mia.password }, from(200));
    expectWpError(slowed, 429, 'too_many_attempts');
    expect(Number(slowed.headers.get('retry-after'))).toBeLessThanOrEqual(300);

    const dana = await s.login('dana', DEMO.dana.password);
    const miaId = (await userIds(s)).get('mia')!.id;
    const card = ((await s.post(SIGN_IN_CARD_PATHS.cards, { students: [miaId] }, { token: dana })).body as SignInCardsIssued).cards[0]!;
    const byCard = await s.post(SIGN_IN_CARD_PATHS.cardSignIn, { token: new URL(card.link).hash.replace(/^#token=/, '') }, from(201));
    expect(byCard.status).toBe(200);

    expect((await s.post(PATHS.reset, { AUTH_KEY: TEST_AUTH_KEY, user_email: DEMO.mia.email }, from(202))).status).toBe(200);
    const mail = (await s.mails()).filter((m) => m.to === DEMO.mia.email).at(-1);
    const password = /Password: (\S+)/.exec(mail?.text ?? '')?.[1] ?? '';
    expect(password).not.toBe('');
    const waiting = await s.post(PATHS.token, { username: 'mia', password }, from(203));
    expectWpError(waiting, 429, 'too_many_attempts');
    now += Number(waiting.headers.get('retry-after')) * 1000;
    expect((await s.post(PATHS.token, { username: 'mia', password }, from(204))).status).toBe(200);
  } finally {
    await s.close();
  }
});

test('login: many wrong passwords from one address over many accounts are throttled per IP', async () => {
  const s = await startTestServer({ dialect: 'sqlite', clock: clockAtWindowStart(60_000), configure: (c) => ({ ...c, rateLimits: { ...c.rateLimits, loginPerIp: { max: 5, windowMs: 60_000 } } }) });
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
