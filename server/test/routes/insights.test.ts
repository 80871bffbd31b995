/**
 * Where children get stuck: Mia's places and her "I'm stuck" become her steps' figures, counted per
 * step across the students the reader may see (an administrator every owner's, an owner her own),
 * with the time on each step from the server's clock, "stopped" once the clock has moved on, and
 * the model's titles and step pictures from the stored page.
 */
import { CLASS_NOW_PATHS, INSIGHTS_PATHS, PRIVACY_PATHS, PROGRESS_PATHS, STOPPED_AFTER_DAYS, type StuckStep, type StuckStepsAnswer, type WirePage } from '../../../contract';
import { DEMO, PATHS, TEST_AUTH_KEY, describeEachDb, expectWpError, startTestServer, userIds, type TestServer } from '../harness';

const DAY_MS = 24 * 60 * 60 * 1000;

describeEachDb('where children get stuck', (dialect) => {
  let s: TestServer;
  let nowMs = Date.parse('2026-11-20T09:00:00.000Z');
  const tokens = { mia: '', dana: '', lee: '', admin: '' };
  let catapult = 0;
  let ids: Awaited<ReturnType<typeof userIds>>;
  const id = (name: string) => ids.get(name)!.id;
  /** Two of Lee's students, whose steps are written as her app would have written them. */
  let leeKids: number[] = [];

  const signIn = async () => {
    tokens.mia = await s.login('mia', DEMO.mia.password);
    tokens.dana = await s.login('dana', DEMO.dana.password);
    tokens.lee = await s.login('lee', DEMO.lee.password);
    tokens.admin = await s.login('admin', DEMO.admin.password);
  };
  const build = (step: number) => ({ lessonId: catapult, tabId: 'tab-0', tabTitle: 'Build', tabIndex: 0, tabs: 3, step, steps: 15 });
  const save = async (step: number) => expect((await s.request('PUT', PROGRESS_PATHS.myProgress, build(step), { token: tokens.mia })).status).toBe(200);
  const read = async (token: string, query = '') => {
    const answer = await s.get(`${INSIGHTS_PATHS.stuckSteps}${query}`, { token });
    expect(answer.status).toBe(200);
    return answer.body as StuckStepsAnswer;
  };
  /** The figures without the pictures, whose URLs are signed for their reader. */
  const figures = (answer: StuckStepsAnswer) => answer.steps.map(({ thumbnail: _signed, ...figures }) => figures);
  const stepOf = (answer: StuckStepsAnswer, tabIndex: number, step: number) => answer.steps.find((x) => x.lessonId === catapult && x.tabIndex === tabIndex && x.step === step);
  const miaSteps = () => s.db.kysely.selectFrom('step_visits').selectAll().where('user_id', '=', id('mia')).orderBy('step').execute();

  beforeAll(async () => {
    s = await startTestServer({ dialect, clock: () => new Date(nowMs) });
    await signIn();
    ids = await userIds(s);
    const lessons = (await s.get(`${PATHS.pages}?parent=130&per_page=100`, { token: tokens.admin })).body as WirePage[];
    catapult = lessons.find((p) => p.title.rendered === 'Catapult')!.id;
    leeKids = [...ids.values()].filter((u) => u.role === 'student' && u.teacherId === id('lee')).map((u) => u.id).slice(0, 2);
    expect(leeKids).toHaveLength(2);
    const at = new Date(nowMs).toISOString();
    const visit = (user: number, tab: number, step: number, extra: Record<string, unknown> = {}) => ({ user_id: user, lesson_id: catapult, tab_index: tab, step, tab_title: '', first_at: at, last_at: at, left_at: null, seconds: 0, stuck_presses: 0, ...extra });
    await s.db.kysely
      .insertInto('step_visits')
      .values([
        // Moved on from step 1 after 100 s; stuck once on step 5.
        visit(leeKids[0]!, 0, 1, { seconds: 100, left_at: at }),
        visit(leeKids[0]!, 0, 5, { stuck_presses: 1 }),
        // Only the model's last step (its video tab): reaching it is finishing, never stopping.
        visit(leeKids[1]!, 2, 1),
      ])
      .execute();

    await s.post(PATHS.unlock, { AUTH_KEY: TEST_AUTH_KEY, lesson_id: catapult, code: '2468' }, { token: tokens.mia });
    await save(1);
    nowMs += 60_000;
    await save(2);
    nowMs += 5 * 60_000;
    await save(3);
    expect((await s.post(CLASS_NOW_PATHS.myStuck, { lessonId: catapult }, { token: tokens.mia })).status).toBe(200);
  });
  afterAll(() => s?.close());

  test("the office sees Mia's stuck step first, with the model's titles, its picture and the time on each step", async () => {
    const answer = await read(tokens.admin);
    expect(answer.at).toBe(new Date(nowMs).toISOString());
    expect(answer.steps[0]).toEqual<StuckStep>({
      lessonId: catapult,
      modelTitle: 'Catapult',
      programTitle: 'Play Machines 1',
      tabIndex: 0,
      tabTitle: 'Build',
      step: 3,
      thumbnail: expect.stringMatching(/^http:\/\/[^/]+\/progrmas\/PlayMachines1\/MainModels\/Catapult\/Build\/thumbs\/3\.svg\?.*sig=/) as string,
      reached: 1,
      stopped: 0,
      stuckPresses: 1,
      stuckChildren: 1,
      medianSeconds: null,
    });
    // Step 1: Mia's 60 s and Lee's student's 100 s; step 2: Mia's 5 minutes.
    expect(stepOf(answer, 0, 1)).toMatchObject({ reached: 2, medianSeconds: 80, stuckPresses: 0, stuckChildren: 0 });
    expect(stepOf(answer, 0, 2)).toMatchObject({ reached: 1, medianSeconds: 300 });
    expect(stepOf(answer, 0, 5)).toMatchObject({ reached: 1, stuckChildren: 1, medianSeconds: null });
    expect(stepOf(answer, 2, 1)).toMatchObject({ tabTitle: 'Video', thumbnail: expect.stringMatching(/^http:\/\/.+-thumb\.svg\?/) as string });

    // Every figure as the table holds it, counted apart.
    const counted = await s.db.kysely
      .selectFrom('step_visits')
      .select((eb) => ['lesson_id', 'tab_index', 'step', eb.fn.countAll<number>().as('reached'), eb.fn.sum<number>('stuck_presses').as('presses')])
      .groupBy(['lesson_id', 'tab_index', 'step'])
      .execute();
    expect(answer.steps.map((x) => [x.lessonId, x.tabIndex, x.step, x.reached, x.stuckPresses]).sort()).toEqual(
      counted.map((r) => [r.lesson_id, r.tab_index, r.step, Number(r.reached), Number(r.presses)]).sort(),
    );
  });

  test("an owner sees her own students' steps only; naming another owner is refused", async () => {
    const dana = await read(tokens.dana);
    expect(dana.steps.map((x) => [x.tabIndex, x.step, x.reached])).toEqual([
      [0, 3, 1],
      [0, 1, 1],
      [0, 2, 1],
    ]);
    expect(stepOf(dana, 0, 1)).toMatchObject({ medianSeconds: 60 });
    expect(await read(tokens.dana, `?owner=${id('dana')}`)).toEqual(dana);
    expectWpError(await s.get(`${INSIGHTS_PATHS.stuckSteps}?owner=${id('lee')}`, { token: tokens.dana }), 403, 'rest_forbidden');

    const lee = await read(tokens.lee);
    expect(stepOf(lee, 0, 3)).toBeUndefined();
    expect(lee.steps.map((x) => [x.tabIndex, x.step, x.reached])).toEqual([
      [0, 5, 1],
      [0, 1, 1],
      [2, 1, 1],
    ]);

    expect(figures(await read(tokens.admin, `?owner=${id('dana')}`))).toEqual(figures(dana));
    expectWpError(await s.get(`${INSIGHTS_PATHS.stuckSteps}?owner=${id('mia')}`, { token: tokens.admin }), 404, 'rest_user_invalid_id');
  });

  test('students and anonymous callers are refused; a limit outside 1-200 is a 400', async () => {
    expectWpError(await s.get(INSIGHTS_PATHS.stuckSteps, { token: tokens.mia }), 403, 'rest_forbidden');
    expectWpError(await s.get(INSIGHTS_PATHS.stuckSteps), 401);
    for (const limit of ['0', '201', 'many']) expectWpError(await s.get(`${INSIGHTS_PATHS.stuckSteps}?limit=${limit}`, { token: tokens.admin }), 400, 'rest_invalid_param');
    expect((await read(tokens.admin, '?limit=1')).steps.map((x) => x.step)).toEqual([3]);
  });

  test('a step saved again counts the time since, at most half an hour for one gap; the last step keeps no one stopped', async () => {
    nowMs += 2 * 60 * 60_000;
    await save(3);
    expect((await miaSteps()).map((r) => [r.step, r.seconds, r.stuck_presses, r.left_at !== null])).toEqual([
      [1, 60, 0, true],
      [2, 300, 0, true],
      [3, 30 * 60, 1, false],
    ]);

    nowMs += (STOPPED_AFTER_DAYS + 1) * DAY_MS;
    await signIn();
    const later = await read(tokens.admin);
    expect(later.steps[0]).toMatchObject({ step: 3, stopped: 1, stuckChildren: 1 });
    expect(stepOf(later, 0, 1)).toMatchObject({ stopped: 0 });
    expect(stepOf(later, 0, 2)).toMatchObject({ stopped: 0 });
    expect(stepOf(later, 0, 5)).toMatchObject({ stopped: 1 });
    expect(stepOf(later, 2, 1)).toMatchObject({ reached: 1, stopped: 0 });
  });

  test('erasing a child deletes her steps: they leave the figures', async () => {
    const erased = await s.request('DELETE', PRIVACY_PATHS.studentErase(leeKids[0]!), { confirm: true }, { token: tokens.admin });
    expect(erased.status).toBe(200);
    expect(await s.db.kysely.selectFrom('step_visits').select('step').where('user_id', '=', leeKids[0]!).execute()).toEqual([]);
    const after = await read(tokens.admin);
    expect(stepOf(after, 0, 5)).toBeUndefined();
    expect(stepOf(after, 0, 1)).toMatchObject({ reached: 1, medianSeconds: 60 });
  });
});
