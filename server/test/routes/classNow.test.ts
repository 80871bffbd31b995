/**
 * The live class view: an owner's class right now and its event stream, "I'm stuck" and
 * "helped"; and the stream on one instance seeing a move saved through another.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { CLASS_NOW_PATHS, CLASSROOM_PATHS, PROGRESS_PATHS, type ClassNow, type ClassNowEvent, type ClassNowStudent, type WirePage } from '../../../contract';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import type { Db } from '../../db/connection';
import { createPasswordHasher } from '../../domain/passwords';
import { ClassNowHub } from '../../domain/classNowHub';
import { RateLimiter } from '../../domain/rateLimiter';
import { createOutboxMailer } from '../../mail/mailer';
import { seedDemo } from '../../seed/seedDatabase';
import { DEMO, PATHS, TEST_ARGON2, TEST_AUTH_KEY, demoSource, describeEachDb, eventually, expectWpError, openTestDb, startTestServer, userIds, type TestServer, migrateTestDb } from '../harness';
import { openSse, type SseConnection } from '../sseClient';

jest.setTimeout(60_000);

const studentOf = (e: ClassNowEvent, id: number): ClassNowStudent | undefined =>
  e.type === 'student' && e.student.studentId === id ? e.student : e.type === 'snapshot' ? e.students.find((st) => st.studentId === id) : undefined;

describeEachDb('class now', (dialect) => {
  let s: TestServer;
  const tokens = { mia: '', other: '', dana: '', lee: '', admin: '' };
  let catapultId = 0;
  let miaId = 0;
  let otherId = 0;
  let danaId = 0;
  const streams: SseConnection[] = [];
  const place = (step: number, extra: Record<string, unknown> = {}) => ({ lessonId: catapultId, tabId: 'tab-1', tabIndex: 0, tabs: 2, step, steps: 12, ...extra });
  const move = (step: number, token = tokens.mia, extra: Record<string, unknown> = {}) => s.request('PUT', PROGRESS_PATHS.myProgress, place(step, extra), { token });
  const stream = async (token: string, query = '') => {
    const conn = await openSse(s.baseUrl + CLASS_NOW_PATHS.classNowEvents + query, token);
    streams.push(conn);
    return conn;
  };

  beforeAll(async () => {
    s = await startTestServer({ dialect });
    const ids = await userIds(s);
    danaId = ids.get('dana')!.id;
    miaId = ids.get('mia')!.id;
    const other = demoSource.users().find((u) => u.role === 'student' && u.username !== 'mia' && ids.get(u.username)?.teacherId === danaId)!;
    otherId = ids.get(other.username)!.id;
    tokens.mia = await s.login('mia', DEMO.mia.password);
    tokens.other = await s.login(other.username, other.password);
    tokens.dana = await s.login('dana', DEMO.dana.password);
    tokens.lee = await s.login('lee', DEMO.lee.password);
    tokens.admin = await s.login('admin', DEMO.admin.password);
    const lessons = (await s.get(`${PATHS.pages}?parent=130&per_page=100`, { token: tokens.dana })).body as WirePage[];
    catapultId = lessons.find((p) => p.title.rendered === 'Catapult')!.id;
    expect((await s.post(CLASSROOM_PATHS.classUnlocks, { lessonId: catapultId, students: 'all' }, { token: tokens.dana })).status).toBe(200);
  });
  afterAll(() => s?.close());
  beforeEach(async () => {
    await s.db.kysely.deleteFrom('student_progress').execute();
  });
  afterEach(() => {
    for (const c of streams.splice(0)) c.close();
  });

  test("the class right now: the owner's present students with model, tab name and step; another owner's class never has them", async () => {
    expect(((await s.get(CLASS_NOW_PATHS.classNow, { token: tokens.dana })).body as ClassNow).students).toEqual([]);
    await move(3, tokens.mia, { tabTitle: 'Build' });
    await move(7, tokens.other, { tabId: 'tab-2', tabIndex: 1 });
    const dana = (await s.get(CLASS_NOW_PATHS.classNow, { token: tokens.dana })).body as ClassNow;
    expect(dana.ownerId).toBe(danaId);
    const mia = dana.students.find((st) => st.studentId === miaId);
    expect(mia).toMatchObject({ firstName: 'Mia', lessonId: catapultId, lessonTitle: 'Catapult', programId: 130, tabTitle: 'Build', tabIndex: 0, step: 3, steps: 12, stuckSince: null });
    expect(dana.students.find((st) => st.studentId === otherId)).toMatchObject({ tabTitle: '', tabIndex: 1, step: 7 });
    expect(JSON.stringify(dana)).not.toContain('lesson_password');
    const lee = (await s.get(CLASS_NOW_PATHS.classNow, { token: tokens.lee })).body as ClassNow;
    expect(lee.students.map((st) => st.studentId)).not.toContain(miaId);
    expect(((await s.get(`${CLASS_NOW_PATHS.classNow}?owner=${danaId}`, { token: tokens.admin })).body as ClassNow).students).toHaveLength(2);
  });

  test('a student who last moved more than 30 minutes ago is not in the class', async () => {
    await move(3);
    const old = new Date(Date.now() - 31 * 60_000).toISOString();
    await s.db.kysely.updateTable('student_progress').set({ updated_at: old, changed_at: old }).execute();
    expect(((await s.get(CLASS_NOW_PATHS.classNow, { token: tokens.dana })).body as ClassNow).students).toEqual([]);
  });

  test("the stream: a snapshot on connect, then a student's move within 2 s; another owner's stream never shows Dana's students", async () => {
    await move(2);
    const dana = await stream(tokens.dana);
    const lee = await stream(tokens.lee);
    expect(dana.status).toBe(200);
    expect(dana.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const snapshot = await dana.next((e) => e.type === 'snapshot', 2000, 0);
    expect(studentOf(snapshot, miaId)).toMatchObject({ step: 2 });
    await lee.next((e) => e.type === 'snapshot', 2000, 0);

    const started = Date.now();
    await move(4);
    const moved = await dana.next((e) => studentOf(e, miaId)?.step === 4, 2000);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(moved).toMatchObject({ type: 'student', student: { firstName: 'Mia', lessonTitle: 'Catapult', step: 4, steps: 12 } });
    await move(5, tokens.other);
    await dana.next((e) => studentOf(e, otherId)?.step === 5, 2000);
    await new Promise((r) => setTimeout(r, 700));
    expect(lee.events.filter((e) => studentOf(e, miaId) || studentOf(e, otherId))).toEqual([]);
    // Each move once, though the poller reads a few seconds back every time.
    expect(dana.events.filter((e) => studentOf(e, miaId)?.step === 4)).toHaveLength(1);
  });

  test("I'm stuck: set by the student, kept on the same step, cleared by moving on, and cleared by the owner's helped", async () => {
    await move(3);
    const dana = await stream(tokens.dana);
    await dana.next((e) => e.type === 'snapshot', 2000, 0);
    const stuck = await s.post(CLASS_NOW_PATHS.myStuck, { lessonId: catapultId }, { token: tokens.mia });
    expect(stuck.status).toBe(200);
    expect(stuck.body).toMatchObject({ lessonId: catapultId, stuckSince: expect.any(String) });
    const flagged = studentOf(await dana.next((e) => !!studentOf(e, miaId)?.stuckSince), miaId)!;
    expect(flagged).toMatchObject({ step: 3, stuckSince: (stuck.body as { stuckSince: string }).stuckSince });

    await move(3);
    expect(((await s.get(CLASS_NOW_PATHS.classNow, { token: tokens.dana })).body as ClassNow).students[0]!.stuckSince).not.toBeNull();
    await move(4);
    await dana.next((e) => studentOf(e, miaId)?.step === 4 && studentOf(e, miaId)?.stuckSince === null);

    await s.post(CLASS_NOW_PATHS.myStuck, { lessonId: catapultId }, { token: tokens.mia });
    await dana.next((e) => !!studentOf(e, miaId)?.stuckSince);
    expectWpError(await s.post(CLASS_NOW_PATHS.helped, { studentId: miaId }, { token: tokens.lee }), 404, 'rest_user_invalid_id');
    const helped = await s.post(CLASS_NOW_PATHS.helped, { studentId: miaId }, { token: tokens.dana });
    expect(helped.body).toEqual({ studentId: miaId, cleared: 1 });
    const cleared = await dana.next((e) => studentOf(e, miaId)?.stuckSince === null);
    expect(studentOf(cleared, miaId)).toMatchObject({ step: 4 });
  });

  test('stuck students come first', async () => {
    await move(3);
    await move(5, tokens.other);
    await s.post(CLASS_NOW_PATHS.myStuck, { lessonId: catapultId }, { token: tokens.other });
    const first = ((await s.get(CLASS_NOW_PATHS.classNow, { token: tokens.dana })).body as ClassNow).students[0];
    expect(first).toMatchObject({ studentId: otherId, stuckSince: expect.any(String) });
  });

  test('at most 5 streams per user: the 6th is refused with 429 before it starts; another user is not counted; closing one lets a new one in', async () => {
    const dana = [];
    for (let i = 0; i < 5; i += 1) {
      const conn = await stream(tokens.dana);
      await conn.next((e) => e.type === 'snapshot', 2000, 0);
      dana.push(conn);
    }
    const sixth = await stream(tokens.dana);
    expect({ status: sixth.status, type: sixth.headers.get('content-type'), retryAfter: sixth.headers.get('retry-after') }).toEqual({ status: 429, type: expect.stringMatching(/^application\/json/), retryAfter: '15' });
    expect(sixth.body).toMatchObject({ code: 'class_now_too_many_streams', data: { status: 429 } });
    // An administrator watching Dana's class, and Lee, have limits of their own.
    expect((await stream(tokens.admin, `?owner=${danaId}`)).status).toBe(200);
    expect((await stream(tokens.lee)).status).toBe(200);

    dana[0]!.close();
    const deadline = Date.now() + 3000;
    let again = await stream(tokens.dana);
    while (again.status === 429 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      again = await stream(tokens.dana);
    }
    expect(again.status).toBe(200);
    await again.next((e) => e.type === 'snapshot', 2000, 0);
  });

  test("the limit counts streams held by other instances, until their rows go unrenewed for 45 s (their process died)", async () => {
    const leeId = (await userIds(s)).get('lee')!.id;
    const put = (seenAgoMs: number) =>
      s.db.kysely
        .insertInto('class_now_streams')
        .values(Array.from({ length: 5 }, (_, i) => ({ id: `elsewhere-${seenAgoMs}-${i}`, user_id: leeId, opened_at: new Date(Date.now() - 60_000).toISOString(), seen_at: new Date(Date.now() - seenAgoMs).toISOString() })))
        .execute();
    await put(1000);
    expect((await stream(tokens.lee)).status).toBe(429);
    await s.db.kysely.deleteFrom('class_now_streams').where('user_id', '=', leeId).execute();
    await put(46_000);
    const conn = await stream(tokens.lee);
    expect(conn.status).toBe(200);
    await conn.next((e) => e.type === 'snapshot', 2000, 0);
  });

  test('bad input and wrong callers: clear errors, nothing stored', async () => {
    await move(3);
    const before = await s.snapshot();
    expectWpError(await s.post(CLASS_NOW_PATHS.myStuck, { lessonId: 130 }, { token: tokens.mia }), 400, 'rest_invalid_param');
    expectWpError(await s.post(CLASS_NOW_PATHS.myStuck, {}, { token: tokens.mia }), 400, 'rest_invalid_param');
    expectWpError(await s.post(CLASS_NOW_PATHS.myStuck, { lessonId: 'x' }, { token: tokens.mia }), 400, 'rest_invalid_param');
    expectWpError(await s.post(CLASS_NOW_PATHS.myStuck, { lessonId: catapultId }, { token: tokens.dana }), 403, 'rest_forbidden');
    expectWpError(await s.post(CLASS_NOW_PATHS.helped, { studentId: 'abc' }, { token: tokens.dana }), 400, 'rest_invalid_param');
    expectWpError(await s.post(CLASS_NOW_PATHS.helped, { studentId: miaId, extra: 1 }, { token: tokens.dana }), 400, 'rest_invalid_param');
    expectWpError(await s.post(CLASS_NOW_PATHS.helped, { studentId: 999_999 }, { token: tokens.dana }), 404, 'rest_user_invalid_id');
    expectWpError(await s.post(CLASS_NOW_PATHS.helped, { studentId: miaId }, { token: tokens.mia }), 403, 'rest_forbidden');
    expectWpError(await s.get(`${CLASS_NOW_PATHS.classNow}?owner=${danaId}`, { token: tokens.lee }), 403, 'rest_forbidden');
    expectWpError(await s.get(CLASS_NOW_PATHS.classNow, { token: tokens.admin }), 400, 'rest_invalid_param');
    expectWpError(await s.get(`${CLASS_NOW_PATHS.classNow}?owner=${miaId}`, { token: tokens.admin }), 400, 'rest_invalid_param');
    expectWpError(await s.get(`${CLASS_NOW_PATHS.classNow}?owner=-1`, { token: tokens.dana }), 400, 'rest_invalid_param');
    expectWpError(await s.get(CLASS_NOW_PATHS.classNow, { token: tokens.mia }), 403, 'rest_forbidden');
    expectWpError(await s.get(CLASS_NOW_PATHS.classNow), 401, 'rest_forbidden');
    for (const [token, status] of [[tokens.mia, 403], [undefined, 401], ['not-a-token', 403]] as const) {
      const refused = await stream(token as string);
      expect({ status: refused.status, type: refused.headers.get('content-type') }).toEqual({ status, type: expect.stringMatching(/^application\/json/) });
      expect(refused.body).toMatchObject({ code: expect.any(String), data: { status } });
    }
    expect(await s.snapshot()).toBe(before);
  });
});

describeEachDb('class now on two instances of one database', (dialect) => {
  let dir: string;
  let dbs: Db[];
  let apps: FastifyInstance[];
  let urls: string[];
  let drop: () => Promise<void>;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'class-now-'));
    const opened = await openTestDb(dialect, dir);
    drop = opened.drop;
    dbs = [opened.db, opened.reopen()];
    await migrateTestDb(opened.db, dialect);
    const base = loadConfig({ DATA_DIR: dir, DIST_DIR: path.join(dir, 'dist'), JWT_SECRET: 'test-secret-0123456789-abcdefghij', AUTH_KEY: TEST_AUTH_KEY, LOG_LEVEL: 'warn' }, [], dir);
    const config = { ...base, argon2: TEST_ARGON2 };
    const hasher = createPasswordHasher(config.argon2);
    const clock = () => new Date();
    await seedDemo({ db: opened.db, hasher, clock }, demoSource, null);
    const quiet = { write: () => true } as unknown as NodeJS.WritableStream;
    apps = await Promise.all(dbs.map((db) => buildApp({ db, config, hasher, clock, logStream: quiet, mailer: createOutboxMailer(config.outboxDir, config.mailFrom, { info: () => undefined }) })));
    urls = [];
    for (const app of apps) {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      urls.push(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
    }
  });

  afterAll(async () => {
    for (const app of apps ?? []) await app.close();
    for (const db of dbs ?? []) await db.close();
    await drop?.();
    rmSync(dir, { recursive: true, force: true });
  });

  const call = async (base: string, method: string, url: string, body: unknown, token?: string) => {
    const res = await fetch(base + url, { method, headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as unknown };
  };

  test('at most 5 streams per user across both instances: the 6th is refused on either', async () => {
    const [a, b] = urls as [string, string];
    const dana = ((await call(a, 'POST', PATHS.token, { username: 'dana', password: DEMO.dana.password })).body as { token: string }).token;
    const open: SseConnection[] = [];
    try {
      for (const base of [a, b, a, b, a]) {
        const conn = await openSse(base + CLASS_NOW_PATHS.classNowEvents, dana);
        open.push(conn);
        expect(conn.status).toBe(200);
        await conn.next((e) => e.type === 'snapshot', 2000, 0);
      }
      for (const base of [a, b]) {
        const refused = await openSse(base + CLASS_NOW_PATHS.classNowEvents, dana);
        expect({ status: refused.status, code: (refused.body as { code?: string }).code }).toEqual({ status: 429, code: 'class_now_too_many_streams' });
      }
      // Twelve at once through both: never more than five open in all (the ones refused try again later).
      open.splice(0).forEach((c) => c.close());
      await eventually(async () => Number((await dbs[0]!.kysely.selectFrom('class_now_streams').select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow()).n) === 0, 'closed streams give their places back');
      // Each on its own connection, closed afterwards (a pooled client keeps spare connections open, which would hold the server's close).
      const burst = await Promise.all(Array.from({ length: 12 }, (_, i) => streamStatus((i % 2 ? b : a) + CLASS_NOW_PATHS.classNowEvents, dana)));
      try {
        const admitted = burst.filter((c) => c.status === 200).length;
        expect({ admitted: admitted >= 1 && admitted <= 5, others: burst.filter((c) => c.status !== 200 && c.status !== 429) }).toEqual({ admitted: true, others: [] });
      } finally {
        burst.forEach((c) => c.close());
      }
    } finally {
      open.forEach((c) => c.close());
    }
  });

  test("a step saved through one instance reaches the owner's stream on the other within 2 s; closing the server ends the stream", async () => {
    const [a, b] = urls as [string, string];
    const login = async (username: string, password: string) => ((await call(a, 'POST', PATHS.token, { username, password })).body as { token: string }).token;
    const dana = await login('dana', DEMO.dana.password);
    const mia = await login('mia', DEMO.mia.password);
    const lessons = (await (await fetch(`${a}${PATHS.pages}?parent=130&per_page=100`, { headers: { authorization: `Bearer ${dana}` } })).json()) as WirePage[];
    const catapult = lessons.find((p) => p.title.rendered === 'Catapult')!.id;
    expect((await call(a, 'POST', CLASSROOM_PATHS.classUnlocks, { lessonId: catapult, students: 'all' }, dana)).status).toBe(200);

    const conn = await openSse(b + CLASS_NOW_PATHS.classNowEvents, dana);
    await conn.next((e) => e.type === 'snapshot', 2000, 0);
    const started = Date.now();
    expect((await call(a, 'PUT', PROGRESS_PATHS.myProgress, { lessonId: catapult, tabId: 'tab-1', tabIndex: 0, tabs: 1, step: 6, steps: 12 }, mia)).status).toBe(200);
    const event = await conn.next((e) => e.type === 'student' && e.student.step === 6, 2000);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(event).toMatchObject({ student: { firstName: 'Mia', lessonTitle: 'Catapult' } });

    // The server's streams end as it starts closing, not when its last other socket has gone.
    const closed = apps[1]!.close();
    await waitUntil(() => conn.ended, 1000);
    await closed;
  });
});

describeEachDb('class now streams: heartbeats, leaving, sign-out', (dialect) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ dialect });
  });
  afterAll(() => s?.close());

  test('each heartbeat keeps the stream open, says who is no longer present, and ends the stream of a session that ended', async () => {
    const ids = await userIds(s);
    const danaId = ids.get('dana')!.id;
    const miaId = ids.get('mia')!.id;
    const lessons = (await s.get(`${PATHS.pages}?parent=130&per_page=100`, { token: await s.login('dana', DEMO.dana.password) })).body as WirePage[];
    const catapult = lessons.find((p) => p.title.rendered === 'Catapult')!.id;
    const at = new Date().toISOString();
    await s.db.kysely
      .insertInto('student_progress')
      .values({ user_id: miaId, lesson_id: catapult, program_id: 130, tab_id: 'tab-0', tab_index: 0, tabs: 1, step: 2, steps: 12, finished_at: null, started_at: at, updated_at: at, stuck_at: null, changed_at: at })
      .execute();
    const written: string[] = [];
    let ended = false;
    let signedIn = true;
    let later = 0;
    const ctx = { db: s.db, clock: () => new Date(Date.now() + later), hasher: null as never, mail: null as never, siteUrl: '' };
    const hub = new ClassNowHub(ctx, s.app.log, new RateLimiter(s.db, 'unlock_wrong_student', s.config.rateLimits.unlockWrongPerStudent, ctx.clock), { pollMs: 50, overlapMs: 3000, heartbeatMs: 150, lockoutPollMs: 100 });
    await hub.open(danaId, { classId: null, members: null, classes: [] }, { write: (chunk) => void written.push(chunk), end: () => void (ended = true), stillSignedIn: async () => signedIn });
    expect(written[0]).toMatch(/^event: snapshot\ndata: .*"firstName":"Mia"/);
    await waitUntil(() => written.includes(': heartbeat\n\n'));

    // Half an hour without a move later, Mia is no longer in the class.
    later = 31 * 60_000;
    await waitUntil(() => written.some((chunk) => chunk.startsWith('event: left') && chunk.includes(`"studentId":${miaId}`)));

    signedIn = false;
    await waitUntil(() => ended);
    expect(hub.openStreams).toBe(0);
    hub.closeAll();
  });
});

/** A stream's status, on a connection of its own; close() ends the connection. */
function streamStatus(url: string, token: string): Promise<{ status: number; close: () => void }> {
  return new Promise((resolve, reject) => {
    const request = httpGet(url, { agent: false, headers: { authorization: `Bearer ${token}` } }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, close: () => request.destroy() });
    });
    request.on('error', reject);
  });
}

async function waitUntil(condition: () => boolean, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}
