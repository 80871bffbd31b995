/**
 * Class now tells the teacher who is held back from a model's code: a child's tenth wrong code
 * reaches her open class view (and an administrator watching her class) within a few seconds,
 * whichever instance counted the codes; another owner's view never hears of it; it goes when the
 * lock-out ends or the owner unlocks the model for the child.
 */
import type { FastifyInstance } from 'fastify';
import { CLASS_NOW_PATHS, CLASSROOM_PATHS, type ClassNow, type ClassNowEvent, type ClassNowLockout, type WirePage } from '../../../contract';
import { buildApp } from '../../app';
import type { Db } from '../../db/connection';
import { createOutboxMailer } from '../../mail/mailer';
import { PATHS, TEST_AUTH_KEY, describeEachDb, expectWpError, startTestServer, userIds, type TestServer, signInDemoUsers } from '../harness';
import { openSse, type SseConnection } from '../sseClient';

jest.setTimeout(60_000);

const HOUR = 3_600_000;
/** The hub looks at lock-outs every 2 s (and again 2 s later when a wrong code's row came just after its count): a few seconds is what the teacher may wait. */
const WITHIN_MS = 5000;

const lockoutsOf = (e: ClassNowEvent): ClassNowLockout[] | null => (e.type === 'lockouts' || e.type === 'snapshot' ? e.lockedOut : null);

describeEachDb('class now: children held back from a code', (dialect) => {
  let s: TestServer;
  // The server's clock runs with the real one, shifted: each test starts 20 minutes into an hour of its own.
  let shift = 0;
  const clockNow = () => Date.now() + shift;
  const tokens = { mia: '', dana: '', lee: '', admin: '' };
  let miaId = 0;
  let danaId = 0;
  let catapult: WirePage;
  const streams: SseConnection[] = [];
  const codeOf = (page: WirePage) => (page.metadata as Record<string, string[]>).lesson_password![0]!;
  const wrongFor = (page: WirePage) => (codeOf(page) === '0000' ? '0001' : '0000');
  const tryCode = (page: WirePage, code: string, base = s.baseUrl) =>
    fetch(base + PATHS.unlock, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.mia}` }, body: JSON.stringify({ AUTH_KEY: TEST_AUTH_KEY, lesson_id: page.id, code }) });
  const stream = async (token: string, query = '', base = s.baseUrl) => {
    const conn = await openSse(base + CLASS_NOW_PATHS.classNowEvents + query, token);
    streams.push(conn);
    expect(conn.status).toBe(200);
    return conn;
  };
  /** The lock-out's end: the top of the hour the codes were typed in (the limit counts in fixed hours). */
  const hourEnd = () => Math.floor(clockNow() / HOUR) * HOUR + HOUR;

  beforeAll(async () => {
    s = await startTestServer({ dialect, clock: () => new Date(clockNow()) });
    Object.assign(tokens, await signInDemoUsers(s));
    const ids = await userIds(s);
    miaId = ids.get('mia')!.id;
    danaId = ids.get('dana')!.id;
    const lessons = (await s.get(`${PATHS.pages}?parent=130&per_page=100`, { token: tokens.dana })).body as WirePage[];
    catapult = lessons.find((p) => p.title.rendered === 'Catapult')!;
  });
  afterAll(() => s?.close());
  beforeEach(async () => {
    const now = Date.now() + shift;
    shift += Math.floor(now / HOUR) * HOUR + HOUR + 20 * 60_000 - now;
    await s.db.kysely.deleteFrom('unlocks').where('user_id', '=', miaId).execute();
  });
  afterEach(() => {
    for (const c of streams.splice(0)) c.close();
  });

  test("the tenth wrong code reaches the owner's open class view and an administrator watching it within a few seconds; another owner's never; it goes when the hour is up", async () => {
    const dana = await stream(tokens.dana);
    const admin = await stream(tokens.admin, `?owner=${danaId}`);
    const lee = await stream(tokens.lee);
    for (const conn of [dana, admin, lee]) expect(lockoutsOf(await conn.next((e) => e.type === 'snapshot', 2000, 0))).toEqual([]);

    for (let i = 0; i < 9; i += 1) expectWpError(await answer(tryCode(catapult, wrongFor(catapult))), 403, 'wrong_code');
    const started = Date.now();
    const seen = dana.events.length;
    expectWpError(await answer(tryCode(catapult, wrongFor(catapult))), 403, 'wrong_code');
    const end = hourEnd();
    const told = await dana.next((e) => e.type === 'lockouts', WITHIN_MS, seen);
    expect(Date.now() - started).toBeLessThan(WITHIN_MS);
    const expected = [{ studentId: miaId, firstName: 'Mia', lessonId: catapult.id, lessonTitle: 'Catapult', until: new Date(end).toISOString() }];
    expect(told).toMatchObject({ type: 'lockouts', lockedOut: expected });
    expect(lockoutsOf(await admin.next((e) => e.type === 'lockouts', WITHIN_MS, 0))).toEqual(expected);

    // The class view read now says it too, and so does a view opened now (its snapshot).
    expect(((await s.get(CLASS_NOW_PATHS.classNow, { token: tokens.dana })).body as ClassNow).lockedOut).toEqual(expected);
    expect(lockoutsOf(await (await stream(tokens.dana)).next((e) => e.type === 'snapshot', 2000, 0))).toEqual(expected);
    expect(((await s.get(CLASS_NOW_PATHS.classNow, { token: tokens.lee })).body as ClassNow).lockedOut).toEqual([]);

    // Nothing more while nothing changes (the list is read again every 2 s while a child is held back), and never to Lee.
    await new Promise((r) => setTimeout(r, 4500));
    expect(dana.events.filter((e) => e.type === 'lockouts')).toHaveLength(1);
    expect(lee.events.filter((e) => e.type === 'lockouts')).toEqual([]);

    // The hour is up: the lock-out goes from the view.
    shift += end - clockNow() + 1000;
    await dana.next((e) => e.type === 'lockouts' && e.lockedOut.length === 0, WITHIN_MS, 0);
    await admin.next((e) => e.type === 'lockouts' && e.lockedOut.length === 0, WITHIN_MS, 0);
    expect(lee.events.filter((e) => e.type === 'lockouts')).toEqual([]);
  });

  test('the owner unlocks the model for the child: the lock-out goes from her view', async () => {
    const dana = await stream(tokens.dana);
    await dana.next((e) => e.type === 'snapshot', 2000, 0);
    for (let i = 0; i < 10; i += 1) await answer(tryCode(catapult, wrongFor(catapult)));
    await dana.next((e) => e.type === 'lockouts' && e.lockedOut.length === 1, WITHIN_MS, 0);
    expect((await s.post(CLASSROOM_PATHS.classUnlocks, { lessonId: catapult.id, students: [miaId] }, { token: tokens.dana })).status).toBe(200);
    await dana.next((e) => e.type === 'lockouts' && e.lockedOut.length === 0, WITHIN_MS, 0);
  });

  test('the wrong codes typed through one instance reach the class view held open on another', async () => {
    const config = s.config;
    const other: { db: Db; app: FastifyInstance | null } = { db: s.reopen(), app: null };
    try {
      other.app = await buildApp({
        db: other.db,
        config,
        clock: () => new Date(clockNow()),
        logStream: { write: () => true } as unknown as NodeJS.WritableStream,
        mailer: createOutboxMailer(config.outboxDir, config.mailFrom, { info: () => undefined }),
      });
      await other.app.listen({ port: 0, host: '127.0.0.1' });
      const address = other.app.server.address();
      const otherUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

      const dana = await stream(tokens.dana, '', otherUrl);
      await dana.next((e) => e.type === 'snapshot', 2000, 0);
      for (let i = 0; i < 9; i += 1) await answer(tryCode(catapult, wrongFor(catapult)));
      const started = Date.now();
      await answer(tryCode(catapult, wrongFor(catapult)));
      const told = await dana.next((e) => e.type === 'lockouts', WITHIN_MS, 0);
      expect(Date.now() - started).toBeLessThan(WITHIN_MS);
      expect(lockoutsOf(told)).toMatchObject([{ studentId: miaId, lessonTitle: 'Catapult' }]);
    } finally {
      for (const c of streams.splice(0)) c.close();
      await other.app?.close();
      await other.db.close();
    }
  });
});

async function answer(pending: Promise<Response>): Promise<{ status: number; headers: Headers; body: unknown; text: string }> {
  const res = await pending;
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: JSON.parse(text) as unknown, text };
}
