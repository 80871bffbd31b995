/**
 * Too many wrong codes hold back one model, not the child: the lock-out is per student and model,
 * counted in the database; the child's model list learns it when it loads (and learns the owner's
 * "Unlock for students" while it stays open); the owner reads it on her students list.
 */
import { CLASSROOM_PATHS, PROGRESS_PATHS, type MyUnlocks, type ProgressSummary, type WirePage } from '../../../contract';
import { DEMO, PATHS, TEST_AUTH_KEY, describeEachDb, expectWpError, startTestServer, userIds, type TestServer } from '../harness';

describeEachDb('code lock-outs', (dialect) => {
  let s: TestServer;
  let now = Date.parse('2026-09-01T10:20:00Z');
  const tokens = { mia: '', dana: '', lee: '' };
  let miaId = 0;
  let catapult: WirePage;
  let flyingChairs: WirePage;
  let lawnMower: WirePage;
  const codeOf = (page: WirePage) => (page.metadata as Record<string, string[]>).lesson_password![0]!;
  const wrongFor = (page: WirePage) => (codeOf(page) === '0000' ? '0001' : '0000');
  const tryCode = (page: WirePage, code: string) => s.post(PATHS.unlock, { AUTH_KEY: TEST_AUTH_KEY, lesson_id: page.id, code }, { token: tokens.mia });
  const mine = async () => (await s.get(CLASSROOM_PATHS.myUnlocks, { token: tokens.mia })).body as MyUnlocks;
  const summaryOf = async (token: string) => ((await s.get(PROGRESS_PATHS.progressSummary, { token })).body as ProgressSummary[]).find((p) => p.studentId === miaId);

  beforeAll(async () => {
    s = await startTestServer({ dialect, clock: () => new Date(now) });
    tokens.mia = await s.login('mia', DEMO.mia.password);
    tokens.dana = await s.login('dana', DEMO.dana.password);
    tokens.lee = await s.login('lee', DEMO.lee.password);
    miaId = (await userIds(s)).get('mia')!.id;
    const lessonsOf = async (program: number) => (await s.get(`${PATHS.pages}?parent=${program}&per_page=100`, { token: tokens.dana })).body as WirePage[];
    const pm1 = await lessonsOf(130);
    catapult = pm1.find((p) => p.title.rendered === 'Catapult')!;
    flyingChairs = pm1.find((p) => p.title.rendered === 'Flying Chairs')!;
    lawnMower = (await lessonsOf(167)).find((p) => p.title.rendered === 'Lawn Mower')!;
  });
  afterAll(() => s?.close());
  beforeEach(async () => {
    // A new hour for every test: the last one's wrong codes no longer count.
    now += 3_600_000;
    await s.db.kysely.deleteFrom('unlocks').where('user_id', '=', miaId).execute();
  });

  test("ten wrong codes for Catapult hold back Catapult's code only: another model's right code opens, in this program or another", async () => {
    for (let i = 0; i < 10; i += 1) expectWpError(await tryCode(catapult, wrongFor(catapult)), 403, 'wrong_code');
    expectWpError(await tryCode(catapult, codeOf(catapult)), 429, 'too_many_attempts');
    expect((await tryCode(lawnMower, codeOf(lawnMower))).status).toBe(200);
    expectWpError(await tryCode(flyingChairs, wrongFor(flyingChairs)), 403, 'wrong_code');
    expect((await tryCode(flyingChairs, codeOf(flyingChairs))).status).toBe(200);
    expectWpError(await tryCode(catapult, codeOf(catapult)), 429, 'too_many_attempts');
  });

  test('her model list learns the lock-out when it loads (a reload keeps the message), until the hour is up', async () => {
    expect(await mine()).toEqual({ unlocked: [], lockedOut: [] });
    for (let i = 0; i < 9; i += 1) await tryCode(catapult, wrongFor(catapult));
    expect((await mine()).lockedOut).toEqual([]);
    await tryCode(catapult, wrongFor(catapult));
    const blocked = await tryCode(catapult, codeOf(catapult));
    const retryAfter = Number(blocked.headers.get('retry-after'));
    const { lockedOut, unlocked } = await mine();
    expect(unlocked).toEqual([]);
    expect(lockedOut).toEqual([{ lessonId: catapult.id, retryAfter, until: new Date(now + retryAfter * 1000).toISOString() }]);
    // The hour is up: no lock-out, and the code opens.
    now += retryAfter * 1000;
    expect((await mine()).lockedOut).toEqual([]);
    expect((await tryCode(catapult, codeOf(catapult))).status).toBe(200);
    expect(await mine()).toEqual({ unlocked: [catapult.id], lockedOut: [] });
  });

  test("her owner reads the lock-out on her students list, another owner never; the owner's unlock ends the worry", async () => {
    for (let i = 0; i < 10; i += 1) await tryCode(catapult, wrongFor(catapult));
    const { lockedOut } = await mine();
    const danas = await summaryOf(tokens.dana);
    expect(danas?.lockedOut).toEqual([{ lessonId: catapult.id, lessonTitle: 'Catapult', until: lockedOut[0]!.until }]);
    expect(await summaryOf(tokens.lee)).toBeUndefined();

    // "Unlock for students": her open list learns it at its next read, and the students list stops saying it.
    expect((await s.post(CLASSROOM_PATHS.classUnlocks, { lessonId: catapult.id, students: [miaId] }, { token: tokens.dana })).status).toBe(200);
    expect(await mine()).toEqual({ unlocked: [catapult.id], lockedOut: [] });
    expect((await summaryOf(tokens.dana))?.lockedOut).toEqual([]);
  });

  test('an owner and an administrator have nothing to unlock: both lists empty', async () => {
    const admin = await s.login('admin', DEMO.admin.password);
    for (const token of [tokens.dana, admin]) expect((await s.get(CLASSROOM_PATHS.myUnlocks, { token })).body).toEqual({ unlocked: [], lockedOut: [] });
  });
});
