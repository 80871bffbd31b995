/**
 * Resume and progress: a student's place in a model is saved on the server as they move,
 * read back on any device, only in models they may open; their owner and administrators read it.
 */
import { PROGRESS_PATHS, type ProgressEntry, type ProgressSummary, type WirePage } from '../../../contract';
import { DEMO, PATHS, TEST_AUTH_KEY, describeEachDb, expectWpError, startTestServer, userIds, type TestServer, signInDemoUsers } from '../harness';

describeEachDb('progress', (dialect) => {
  let s: TestServer;
  const tokens = { mia: '', dana: '', lee: '', admin: '' };
  let catapultId = 0;
  let miaId = 0;
  const place = (step: number, extra: Partial<ProgressEntry> = {}) => ({ lessonId: catapultId, tabId: 'tab-1', tabIndex: 0, tabs: 2, step, steps: 12, ...extra });
  const save = (body: unknown, token = tokens.mia) => s.request('PUT', PROGRESS_PATHS.myProgress, body, { token });
  const rows = () => s.db.kysely.selectFrom('student_progress').selectAll().where('user_id', '=', miaId).execute();

  beforeAll(async () => {
    s = await startTestServer({ dialect });
    Object.assign(tokens, await signInDemoUsers(s));
    const lessons = (await s.get(`${PATHS.pages}?parent=130&per_page=100`, { token: tokens.dana })).body as WirePage[];
    catapultId = lessons.find((p) => p.title.rendered === 'Catapult')!.id;
    miaId = (await userIds(s)).get('mia')!.id;
  });
  afterAll(() => s?.close());
  beforeEach(async () => {
    await s.db.kysely.deleteFrom('student_progress').execute();
    await s.db.kysely.deleteFrom('unlocks').where('user_id', '=', miaId).execute();
  });
  const unlockCatapult = () => s.post(PATHS.unlock, { AUTH_KEY: TEST_AUTH_KEY, lesson_id: catapultId, code: '2468' }, { token: tokens.mia });

  test('a locked model keeps no place: 403 with a clear message, nothing stored', async () => {
    expectWpError(await save(place(3)), 403, 'rest_forbidden');
    expect((await save(place(3))).body).toMatchObject({ message: 'Unlock this model with its code first.' });
    expect(await rows()).toEqual([]);
  });

  test('the place is saved as the student moves and read back from another sign-in; the last step of every tab finishes the model for good', async () => {
    await unlockCatapult();
    const first = await save(place(3));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ lessonId: catapultId, programId: 130, tabId: 'tab-1', step: 3, steps: 12, finishedAt: null });
    await save(place(4));
    const elsewhere = await s.login('mia', DEMO.mia.password);
    const mine = (await s.get(PROGRESS_PATHS.myProgress, { token: elsewhere })).body as ProgressEntry[];
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ lessonId: catapultId, tabIndex: 0, step: 4 });
    expect(mine[0]!.startedAt <= mine[0]!.updatedAt).toBe(true);

    expect(((await save(place(12))).body as ProgressEntry).finishedAt).toBeNull();
    const finished = (await save(place(12, { tabId: 'tab-2', tabIndex: 1 }))).body as ProgressEntry;
    expect(finished.finishedAt).not.toBeNull();
    const back = (await save(place(2))).body as ProgressEntry;
    expect(back).toMatchObject({ step: 2, tabIndex: 0, finishedAt: finished.finishedAt });
  });

  test('opening Build and then the Video tab finishes nothing: every tab must be gone through to its last step, in any order', async () => {
    await unlockCatapult();
    const tab = (index: number, title: string, step: number, steps: number) => ({ lessonId: catapultId, tabId: `tab-${index}`, tabTitle: title, tabIndex: index, tabs: 3, step, steps });
    await save(tab(0, 'Build', 1, 12));
    const video = (await save(tab(2, 'Video', 1, 1))).body as ProgressEntry;
    expect(video).toMatchObject({ tabTitle: 'Video', tabsDone: [2], finishedAt: null });
    const summary = async () => ((await s.get(PROGRESS_PATHS.progressSummary, { token: tokens.dana })).body as ProgressSummary[]).find((p) => p.studentId === miaId);
    expect(await summary()).toMatchObject({ inProgress: 1, finished: 0 });
    const [owners] = (await s.get(PROGRESS_PATHS.studentProgress(miaId), { token: tokens.dana })).body as ProgressEntry[];
    expect(owners).toMatchObject({ tabTitle: 'Video', finishedAt: null });

    expect(((await save(tab(1, 'Experiment', 6, 6))).body as ProgressEntry).finishedAt).toBeNull();
    const built = (await save(tab(0, 'Build', 12, 12))).body as ProgressEntry;
    expect(built).toMatchObject({ tabsDone: [0, 1, 2] });
    expect(built.finishedAt).not.toBeNull();
    expect(await summary()).toMatchObject({ inProgress: 0, finished: 1 });
  });

  test('two devices saving the ends of two tabs at the same moment both count', async () => {
    await unlockCatapult();
    const phone = await s.login('mia', DEMO.mia.password);
    await Promise.all([save(place(12)), save(place(12, { tabId: 'tab-2', tabIndex: 1 }), phone)]);
    const [row] = await rows();
    expect(row!.tabs_done).toBe(3);
    expect(row!.finished_at).not.toBeNull();
  });

  test("an owner reads her student's progress, another owner cannot, an administrator can", async () => {
    await unlockCatapult();
    await save(place(5));
    const dana = await s.get(PROGRESS_PATHS.studentProgress(miaId), { token: tokens.dana });
    expect(dana.status).toBe(200);
    expect((dana.body as ProgressEntry[]).map((e) => e.step)).toEqual([5]);
    expect(dana.body).toEqual([expect.objectContaining({ lessonId: catapultId, title: 'Catapult' })]);
    expectWpError(await s.get(PROGRESS_PATHS.studentProgress(miaId), { token: tokens.lee }), 404, 'rest_user_invalid_id');
    expect((await s.get(PROGRESS_PATHS.studentProgress(miaId), { token: tokens.admin })).status).toBe(200);
    expectWpError(await s.get(PROGRESS_PATHS.studentProgress('abc'), { token: tokens.dana }), 404, 'rest_user_invalid_id');
    expectWpError(await s.get(PROGRESS_PATHS.studentProgress(miaId), { token: tokens.mia }), 403, 'rest_forbidden');
  });

  test('bad input: a clear 400 or 404, nothing stored', async () => {
    await unlockCatapult();
    const cases: [unknown, number, string][] = [
      [place(13), 400, 'rest_invalid_param'],
      [place(0), 400, 'rest_invalid_param'],
      [place(3, { tabIndex: 2 }), 400, 'rest_invalid_param'],
      [place(3, { tabs: 31, tabIndex: 30 }), 400, 'rest_invalid_param'],
      [place(3, { tabTitle: 'x'.repeat(101) }), 400, 'rest_invalid_param'],
      [place(3, { tabId: '' }), 400, 'rest_invalid_param'],
      [place(3, { tabId: 'x'.repeat(101) }), 400, 'rest_invalid_param'],
      [{ ...place(3), extra: 1 }, 400, 'rest_invalid_param'],
      [place(3, { lessonId: 999_999 }), 404, 'rest_post_invalid_id'],
      [place(3, { lessonId: 130 }), 400, 'rest_invalid_param'],
      [[1, 2], 400, 'rest_invalid_param'],
    ];
    for (const [body, status, code] of cases) expect([JSON.stringify(body).slice(0, 60), await save(body)]).toEqual([JSON.stringify(body).slice(0, 60), expect.objectContaining({ status, body: expect.objectContaining({ code }) })]);
    expect(await rows()).toEqual([]);
  });
  test("the roster's summary: an owner's students only, counts and last activity right; an administrator's all, or one owner's", async () => {
    const ids = await userIds(s);
    const dana = [...ids.values()].filter((u) => u.teacherId === ids.get('dana')!.id).map((u) => u.id);
    const lee = [...ids.values()].filter((u) => u.teacherId === ids.get('lee')!.id).map((u) => u.id);
    expect(dana.length).toBeGreaterThan(0);
    expect(lee.length).toBeGreaterThan(0);
    // Mia: Catapult unlocked and finished; a second row written directly (one model in progress).
    await unlockCatapult();
    await save(place(12));
    await save(place(12, { tabId: 'tab-2', tabIndex: 1 }));
    const at = '2030-01-01T00:00:00.000Z';
    const other = lee[0]!;
    await s.db.kysely.insertInto('student_progress').values({ user_id: other, lesson_id: catapultId, program_id: 130, tab_id: 't', tab_index: 0, tabs: 1, step: 2, steps: 12, finished_at: null, started_at: at, updated_at: at, changed_at: at }).execute();
    const summary = async (token: string, query = '') => {
      const answer = await s.get(`${PROGRESS_PATHS.progressSummary}${query}`, { token });
      expect(answer.status).toBe(200);
      return answer.body as ProgressSummary[];
    };

    const mine = await summary(tokens.dana);
    expect(mine.map((r) => r.studentId).sort()).toEqual([...dana].sort());
    const mia = mine.find((r) => r.studentId === miaId)!;
    expect(mia).toMatchObject({ unlocked: 1, inProgress: 0, finished: 1 });
    expect(mia.lastActiveAt).toEqual(expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/));
    expect(mine.filter((r) => r.studentId !== miaId).every((r) => r.inProgress === 0 && r.finished === 0)).toBe(true);

    const lees = await summary(tokens.lee);
    expect(lees.map((r) => r.studentId)).not.toContain(miaId);
    expect(lees.find((r) => r.studentId === other)).toEqual({ studentId: other, unlocked: 0, inProgress: 1, finished: 0, lastActiveAt: at, lockedOut: [] });
    expectWpError(await s.get(`${PROGRESS_PATHS.progressSummary}?owner=${ids.get('dana')!.id}`, { token: tokens.lee }), 403, 'rest_forbidden');
    expectWpError(await s.get(PROGRESS_PATHS.progressSummary, { token: tokens.mia }), 403, 'rest_forbidden');
    expectWpError(await s.get(`${PROGRESS_PATHS.progressSummary}?owner=abc`, { token: tokens.admin }), 400, 'rest_invalid_param');

    const all = await summary(tokens.admin);
    expect(all.length).toBeGreaterThanOrEqual(dana.length + lee.length);
    const onlyLee = await summary(tokens.admin, `?owner=${ids.get('lee')!.id}`);
    expect(onlyLee.map((r) => r.studentId).sort()).toEqual([...lee].sort());
  });
});
