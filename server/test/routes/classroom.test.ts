/**
 * Unlocking a model for a class: a franchise owner unlocks it for all their students or
 * chosen ones; each student's next read shows it unlocked, as after typing the code. Never for
 * another owner's students, never by a student.
 */
import { CLASSROOM_PATHS, type ClassUnlockResult, type WirePage, type WireStudent } from '../../../contract';
import { PATHS, TEST_AUTH_KEY, describeEachDb, startTestServer, userIds, type TestServer, signInDemoUsers } from '../harness';

describeEachDb('class unlocks', (dialect) => {
  let s: TestServer;
  const tokens = { mia: '', dana: '', lee: '', admin: '' };
  let catapultId = 0;
  let danasStudents: number[] = [];
  let leesStudents: number[] = [];
  const unlocksOf = async (pageId: number) =>
    (await s.db.kysely.selectFrom('unlocks').select('user_id').where('page_id', '=', pageId).execute()).map((r) => r.user_id).sort((a, b) => a - b);
  const studentIdsOf = async (token: string) => ((await s.post(PATHS.students, { AUTH_KEY: TEST_AUTH_KEY }, { token })).body as WireStudent[]).map((st) => Number(st.user_id));

  beforeAll(async () => {
    s = await startTestServer({ dialect });
    Object.assign(tokens, await signInDemoUsers(s));
    const lessons = (await s.get(`${PATHS.pages}?parent=130&per_page=100`, { token: tokens.dana })).body as WirePage[];
    catapultId = lessons.find((p) => p.title.rendered === 'Catapult')!.id;
    danasStudents = await studentIdsOf(tokens.dana);
    leesStudents = await studentIdsOf(tokens.lee);
  });
  afterAll(() => s?.close());
  beforeEach(() => s.db.kysely.deleteFrom('unlocks').where('page_id', '=', catapultId).execute());

  test("an owner unlocks a model for all her students: each student's next read shows it open", async () => {
    const miaId = (await userIds(s)).get('mia')!.id;
    expect(danasStudents).toContain(miaId);
    const before = (await s.get(`${PATHS.pages}/${catapultId}`, { token: tokens.mia })).body as WirePage;
    expect(before.unlocked).toBe(false);
    const answer = await s.post(CLASSROOM_PATHS.classUnlocks, { lessonId: catapultId, students: 'all' }, { token: tokens.dana });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ lessonId: catapultId, students: danasStudents.length, newlyUnlocked: danasStudents.length } satisfies ClassUnlockResult);
    expect(await unlocksOf(catapultId)).toEqual([...danasStudents].sort((a, b) => a - b));
    const after = (await s.get(`${PATHS.pages}/${catapultId}`, { token: tokens.mia })).body as WirePage;
    expect(after.unlocked).toBe(true);
    // Again: nothing new, nothing doubled.
    const again = await s.post(CLASSROOM_PATHS.classUnlocks, { lessonId: catapultId, students: 'all' }, { token: tokens.dana });
    expect((again.body as ClassUnlockResult).newlyUnlocked).toBe(0);
    expect(await unlocksOf(catapultId)).toHaveLength(danasStudents.length);
  });

  test('chosen students only; one of another owner among them: a clear 404 and nothing unlocked', async () => {
    const chosen = danasStudents.slice(0, 1);
    const answer = await s.post(CLASSROOM_PATHS.classUnlocks, { lessonId: catapultId, students: chosen }, { token: tokens.dana });
    expect(answer.body).toEqual({ lessonId: catapultId, students: 1, newlyUnlocked: 1 });
    expect(await unlocksOf(catapultId)).toEqual(chosen);

    const mixed = await s.post(CLASSROOM_PATHS.classUnlocks, { lessonId: catapultId, students: [...danasStudents, leesStudents[0]!] }, { token: tokens.dana });
    expect(mixed.status).toBe(404);
    expect((mixed.body as { code: string; message: string }).message).toBe(`These students are not on your list: ${leesStudents[0]}. Nothing was unlocked.`);
    expect(await unlocksOf(catapultId)).toEqual(chosen);
  });

  test('administrators unlock for any owner\'s students, naming the owner for "all"', async () => {
    const leeId = (await userIds(s)).get('lee')!.id;
    const noOwner = await s.post(CLASSROOM_PATHS.classUnlocks, { lessonId: catapultId, students: 'all' }, { token: tokens.admin });
    expect(noOwner.status).toBe(400);
    expect((noOwner.body as { data: { params: Record<string, string> } }).data.params.ownerId).toMatch(/ownerId is required/);
    const answer = await s.post(CLASSROOM_PATHS.classUnlocks, { lessonId: catapultId, students: 'all', ownerId: leeId }, { token: tokens.admin });
    expect(answer.status).toBe(200);
    expect(await unlocksOf(catapultId)).toEqual([...leesStudents].sort((a, b) => a - b));
  });

  test('bad input and the wrong callers: clear errors, nothing unlocked', async () => {
    const leeId = (await userIds(s)).get('lee')!.id;
    const cases: [string | undefined, unknown, number, string][] = [
      [undefined, { lessonId: catapultId, students: 'all' }, 401, 'rest_forbidden'],
      [tokens.mia, { lessonId: catapultId, students: 'all' }, 403, 'rest_forbidden'],
      [tokens.dana, { lessonId: catapultId, students: 'all', ownerId: leeId }, 403, 'rest_forbidden'],
      [tokens.dana, { lessonId: 999_999, students: 'all' }, 404, 'rest_post_invalid_id'],
      [tokens.dana, { lessonId: 130, students: 'all' }, 400, 'not_lockable'],
      [tokens.dana, { lessonId: catapultId, students: [] }, 400, 'rest_invalid_param'],
      [tokens.dana, { lessonId: catapultId, students: 'some' }, 400, 'rest_invalid_param'],
      [tokens.dana, { lessonId: catapultId, students: ['x'] }, 400, 'rest_invalid_param'],
      [tokens.dana, { lessonId: catapultId, students: 'all', extra: 1 }, 400, 'rest_invalid_param'],
      [tokens.dana, { students: 'all' }, 400, 'rest_invalid_param'],
    ];
    for (const [token, body, status, code] of cases) {
      const answer = await s.post(CLASSROOM_PATHS.classUnlocks, body, token ? { token } : {});
      expect({ body, status: answer.status, code: (answer.body as { code: string }).code }).toEqual({ body, status, code });
    }
    expect(await unlocksOf(catapultId)).toEqual([]);
  });
});
