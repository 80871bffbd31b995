/**
 * Behind a TLS-terminating balancer: Strict-Transport-Security and the sign-in place cookie's
 * Secure flag follow the X-Forwarded-Proto of a trusted proxy only; TRUST_PROXY naming the
 * balancer's address ignores X-Forwarded-For from anyone else; and every answer with people's data
 * says no cache may keep it.
 */
import { CLASS_NOW_PATHS, PRIVACY_PATHS, ROSTER_PATHS } from '../../../contract';
import { DEMO, PATHS, TEST_AUTH_KEY, describeEachDb, clockAtWindowStart, startTestServer, userIds, type TestServer } from '../harness';

jest.setTimeout(60_000);

const HTTPS = { 'x-forwarded-proto': 'https' };

describe('HTTPS behind a trusted proxy', () => {
  let trusted: TestServer;
  let untrusted: TestServer;
  beforeAll(async () => {
    // The test's requests come from 127.0.0.1: the balancer's address in the first, a stranger's in the second.
    trusted = await startTestServer({ dialect: 'sqlite', env: { TRUST_PROXY: '127.0.0.1' } });
    untrusted = await startTestServer({ dialect: 'sqlite', env: { TRUST_PROXY: '10.9.9.9' } });
  });
  afterAll(async () => {
    await trusted?.close();
    await untrusted?.close();
  });

  test('Strict-Transport-Security when the trusted proxy says the request came over HTTPS, on pages, API answers, errors and the class stream', async () => {
    for (const url of ['/', '/portal-config.js', `${PATHS.pages}/51`, '/wp-json/nothing/here']) {
      const answer = await trusted.get(url, { headers: HTTPS });
      expect({ url, hsts: answer.headers.get('strict-transport-security') }).toEqual({ url, hsts: 'max-age=31536000' });
    }
    const token = await trusted.login('dana', DEMO.dana.password);
    const stream = await fetch(trusted.baseUrl + CLASS_NOW_PATHS.classNowEvents, { headers: { authorization: `Bearer ${token}`, ...HTTPS } });
    try {
      expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(stream.headers.get('strict-transport-security')).toBe('max-age=31536000');
    } finally {
      await stream.body?.cancel();
    }
  });

  test('no Strict-Transport-Security over plain HTTP, nor when a peer that is not the proxy claims HTTPS', async () => {
    for (const url of ['/', `${PATHS.pages}/51`]) {
      expect((await trusted.get(url)).headers.get('strict-transport-security')).toBeNull();
      expect((await trusted.get(url, { headers: { 'x-forwarded-proto': 'http' } })).headers.get('strict-transport-security')).toBeNull();
      expect((await untrusted.get(url, { headers: HTTPS })).headers.get('strict-transport-security')).toBeNull();
    }
  });

  test('the sign-in place cookie is Secure behind TLS, and only then', async () => {
    const signIn = (s: TestServer, headers: Record<string, string> = {}) => s.post(PATHS.token, { username: 'dana', password: DEMO.dana.password }, { headers });
    expect((await signIn(trusted, HTTPS)).headers.get('set-cookie')).toMatch(/^yo_place=.*; Secure$/);
    expect((await signIn(trusted)).headers.get('set-cookie')).not.toMatch(/Secure/);
    expect((await signIn(untrusted, HTTPS)).headers.get('set-cookie')).not.toMatch(/Secure/);
  });
});

describe('TRUST_PROXY naming the balancer\'s address', () => {
  const limited = (trustProxy: string) =>
    startTestServer({ dialect: 'sqlite', env: { TRUST_PROXY: trustProxy }, clock: clockAtWindowStart(3_600_000), configure: (c) => ({ ...c, rateLimits: { ...c.rateLimits, loginPerIp: { max: 3, windowMs: 3_600_000 } } }) });
  const wrongLogin = (s: TestServer, forwardedFor: string, i: number) =>
    s.post(PATHS.token, { username: `nobody${i}`, password: 'wrong-password' }, { headers: { 'x-forwarded-for': forwardedFor } });

  test('a peer that is not the balancer cannot pick its address with X-Forwarded-For', async () => {
    const s = await limited('10.9.9.9');
    try {
      const statuses = [];
      for (let i = 0; i < 5; i += 1) statuses.push((await wrongLogin(s, `203.0.113.${i}`, i)).status);
      expect(statuses).toEqual([403, 403, 403, 429, 429]);
    } finally {
      await s.close();
    }
  });

  test('the balancer\'s own entry is the client address: clients it saw are told apart', async () => {
    const s = await limited('127.0.0.1');
    try {
      const statuses = [];
      for (let i = 0; i < 5; i += 1) statuses.push((await wrongLogin(s, `198.51.100.${i}, 203.0.113.7`, i)).status);
      expect(statuses).toEqual([403, 403, 403, 429, 429]);
      expect((await wrongLogin(s, '203.0.113.8', 9)).status).toBe(403);
    } finally {
      await s.close();
    }
  });
});

describeEachDb('answers with people\'s data are never kept by a cache', (dialect) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ dialect });
  });
  afterAll(() => s?.close());

  test('the rosters, a student\'s record and data, the audit log, one\'s own account, and refusals: Cache-Control no-store', async () => {
    const dana = await s.login('dana', DEMO.dana.password);
    const admin = await s.login('admin', DEMO.admin.password);
    const mia = (await userIds(s)).get('mia')!.id;
    const answers = {
      "the owner's students": await s.post(PATHS.students, { AUTH_KEY: TEST_AUTH_KEY }, { token: dana }),
      "the administrator's students": await s.post(PATHS.students, { AUTH_KEY: TEST_AUTH_KEY }, { token: admin }),
      "the administrator's owners": await s.post(PATHS.users, { AUTH_KEY: TEST_AUTH_KEY }, { token: admin }),
      'one student': await s.get(ROSTER_PATHS.student(mia), { token: dana }),
      "a child's data": await s.get(PRIVACY_PATHS.studentData(mia), { token: dana }),
      'the audit log': await s.get(ROSTER_PATHS.audit, { token: admin }),
      'users/me': await s.get(`${PATHS.usersMe}?context=edit`, { token: dana }),
      'a refusal': await s.post(PATHS.students, { AUTH_KEY: TEST_AUTH_KEY }),
    };
    const seen = Object.fromEntries(Object.entries(answers).map(([what, a]) => [what, `${a.status} ${a.headers.get('cache-control')}`]));
    expect(seen).toEqual({
      "the owner's students": '200 no-store',
      "the administrator's students": '200 no-store',
      "the administrator's owners": '200 no-store',
      'one student': '200 no-store',
      "a child's data": '200 no-store',
      'the audit log': '200 no-store',
      'users/me': '200 no-store',
      'a refusal': '401 no-store',
    });
    // Content pages keep their own rule: the browser may keep them but must check each time.
    expect((await s.get(`${PATHS.pages}/51`, { token: dana })).headers.get('cache-control')).toBe('private, no-cache');
  });
});
