/**
 * Operations through the real app: health and readiness probes, TRUST_PROXY that
 * lets no client pick its own address, slow bodies cut off, and bodies of thousands of keys refused
 * before anything is built from them.
 */
import { connect } from 'node:net';
import { DEMO, PATHS, describeEachDb, clockAtWindowStart, startTestServer, type TestServer } from '../harness';

describeEachDb('probes', (dialect) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ dialect });
  }, 60_000);
  afterAll(() => s?.close(), 30_000);

  test('GET /healthz: the process answers; GET /readyz: the database answers and is migrated', async () => {
    const health = await s.get('/healthz');
    expect(health.status).toBe(200);
    expect(health.headers.get('content-type')).toMatch(/^application\/json/);
    expect(health.body).toEqual({ status: 'ok' });
    const ready = await s.get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ok', database: 'ok', migrations: 'done', changeVersions: dialect === 'sqlite' ? 'read each time' : expect.stringMatching(/^(read each time|notified)$/) });
    expect(ready.headers.get('cache-control')).toBe('no-store');
    if (dialect === 'postgres') {
      // The first content read starts listening for content changes.
      await s.get('/wp-json/wp/v2/pages');
      const end = Date.now() + 5000;
      let mode: unknown;
      do mode = ((await s.get('/readyz')).body as { changeVersions?: unknown }).changeVersions;
      while (mode !== 'notified' && Date.now() < end);
      expect(mode).toBe('notified');
    }
  });
});

test('GET /readyz is 503 while the database cannot be reached, and /healthz still 200', async () => {
  const s = await startTestServer({ dialect: 'sqlite' });
  try {
    await s.db.close();
    const ready = await s.get('/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ status: 'unavailable', database: 'unreachable' });
    expect(ready.headers.get('retry-after')).toBe('1');
    expect((await s.get('/healthz')).status).toBe(200);
  } finally {
    // close() closes the database again: a second destroy is harmless.
    await s.close();
  }
}, 30_000);

describe('bodies of many keys are refused cheaply', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ dialect: 'sqlite' });
  }, 60_000);
  afterAll(() => s?.close(), 30_000);

  test('a 1 MB JSON body of tens of thousands of unknown keys: 413, fast', async () => {
    const fields: string[] = [];
    let length = 2;
    for (let i = 0; length < 1_000_000 - 64; i += 1) {
      const field = `"k${i}":${i}`;
      fields.push(field);
      length += field.length + 1;
    }
    const raw = `{${fields.join(',')}}`;
    expect(fields.length).toBeGreaterThan(50_000);
    const started = performance.now();
    const res = await s.request('POST', PATHS.token, undefined, { raw, headers: { 'content-type': 'application/json' } });
    expect(performance.now() - started).toBeLessThan(2000);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ code: 'rest_request_too_large', message: 'The request body has too many fields.', data: { status: 413 } });
  });

  test('deep nesting and a form of thousands of fields are refused too; ordinary bodies pass', async () => {
    const deep = `{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    expect((await s.request('POST', PATHS.token, undefined, { raw: deep, headers: { 'content-type': 'application/json' } })).status).toBe(413);
    const form = Array.from({ length: 20_000 }, (_, i) => `k${i}=1`).join('&');
    expect((await s.request('POST', PATHS.token, undefined, { raw: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } })).status).toBe(413);
    // A key-like colon inside a string value is not a key.
    const res = await s.post(PATHS.token, { username: DEMO.mia.username, password: `${DEMO.mia.password}${':'.repeat(5000)}` });
    expect(res.status).not.toBe(413);
    expect(res.body).not.toMatchObject({ code: 'rest_request_too_large' });
    expect((await s.post(PATHS.token, { username: DEMO.mia.username, password: DEMO.mia.password })).status).toBe(200);
  });
});

describe('TRUST_PROXY', () => {
  const limited = (trustProxy: false | number) =>
    startTestServer({ dialect: 'sqlite', clock: clockAtWindowStart(3_600_000), configure: (c) => ({ ...c, trustProxy, rateLimits: { ...c.rateLimits, loginPerIp: { max: 3, windowMs: 3_600_000 } } }) });
  const wrongLogin = (s: TestServer, forwardedFor: string, i: number) =>
    s.post(PATHS.token, { username: `nobody${i}`, password: 'wrong-password' }, { headers: { 'x-forwarded-for': forwardedFor } });

  test('unset: X-Forwarded-For is ignored, a client cannot pick its address', async () => {
    const s = await limited(false);
    try {
      const statuses = [];
      for (let i = 0; i < 5; i += 1) statuses.push((await wrongLogin(s, `203.0.113.${i}`, i)).status);
      expect(statuses.slice(3)).toEqual([429, 429]);
    } finally {
      await s.close();
    }
  }, 30_000);

  test('one hop: the proxy\'s own entry counts, the addresses a client writes before it do not', async () => {
    const s = await limited(1);
    try {
      const spoofed = [];
      for (let i = 0; i < 5; i += 1) spoofed.push((await wrongLogin(s, `198.51.100.${i}, 203.0.113.7`, i)).status);
      expect(spoofed.slice(3)).toEqual([429, 429]);
      // Different clients seen by the proxy are told apart.
      expect((await wrongLogin(s, '203.0.113.8', 9)).status).toBe(403);
    } finally {
      await s.close();
    }
  }, 30_000);
});

test('a slow body is cut off after REQUEST_TIMEOUT_MS', async () => {
  const s = await startTestServer({ dialect: 'sqlite', env: { REQUEST_TIMEOUT_MS: '1000' } });
  try {
    const port = Number(new URL(s.baseUrl).port);
    const started = Date.now();
    const answer = await new Promise<string>((resolve) => {
      let received = '';
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(`POST ${PATHS.token} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"username":`);
        // One byte every 300 ms: the body would take five minutes.
        const drip = setInterval(() => socket.write(' '), 300);
        socket.on('close', () => {
          clearInterval(drip);
          resolve(received);
        });
      });
      socket.on('data', (d: Buffer) => (received += d.toString()));
      socket.on('error', () => undefined);
    });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  } finally {
    await s.close();
  }
}, 30_000);

test('closing is not held up by a connection that never sent a request (a client\'s spare)', async () => {
  const s = await startTestServer({ dialect: 'sqlite' });
  const port = Number(new URL(s.baseUrl).port);
  const spare = connect(port, '127.0.0.1');
  await new Promise((resolve) => spare.once('connect', resolve));
  const ended = new Promise((resolve) => spare.once('close', resolve));
  spare.on('error', () => undefined);
  const started = Date.now();
  await s.close();
  await ended;
  expect(Date.now() - started).toBeLessThan(5000);
}, 90_000);
