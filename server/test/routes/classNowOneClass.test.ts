/**
 * The classroom for one class: "unlock for the class" reaches the children in it and no one else,
 * and the class view and its stream show one class (the one chosen, or the one whose meeting is
 * under way) or, with ?class=all, every student of the owner.
 */
import { CLASS_NOW_PATHS, CLASSES_PATHS, CLASSROOM_PATHS, PROGRESS_PATHS, type ClassNow, type ClassNowEvent, type ClassRecord, type MyUnlocks, type WirePage } from '../../../contract';
import { classScope } from '../../domain/classChoice';
import { ClassNowHub } from '../../domain/classNowHub';
import { RateLimiter } from '../../domain/rateLimiter';
import { DEMO, PATHS, demoSource, describeEachDb, eventually, expectWpError, startTestServer, userIds, type TestServer } from '../harness';
import { openSse, type SseConnection } from '../sseClient';

jest.setTimeout(60_000);

const movedStudent = (e: ClassNowEvent): number | null => (e.type === 'student' ? e.student.studentId : null);

describeEachDb('the classroom for one class', (dialect) => {
  let s: TestServer;
  let dana = '';
  let danaId = 0;
  let catapult = 0;
  /** Dana's students: the first two are in Monday Builders, the third in Tuesday Tinkerers, the fourth in no class. */
  const kids: { id: number; token: string }[] = [];
  let monday: ClassRecord;
  let tuesday: ClassRecord;
  const streams: SseConnection[] = [];

  // Meets only from 2030: no regular meeting is under way while the tests run.
  const classBody = (name: string, studentIds: number[]) => ({ name, programId: 130, place: 'Oak Street School', weekdays: [1], startTime: '16:00', lengthMinutes: 60, startDate: '2030-01-01', endDate: '2030-06-30', timeZone: 'UTC', studentIds });
  const createClass = async (name: string, studentIds: number[]): Promise<ClassRecord> => {
    const created = await s.post(CLASSES_PATHS.classes, classBody(name, studentIds), { token: dana });
    expect(created.status).toBe(201);
    return created.body as ClassRecord;
  };
  /** A meeting of the class starting `minutesFromNow` from now (negative: already begun), an hour long. */
  const meetingAt = async (classId: number, minutesFromNow: number) => {
    const start = new Date(Date.now() + minutesFromNow * 60_000);
    const at = new Date().toISOString();
    const iso = start.toISOString();
    await s.db.kysely
      .insertInto('class_meetings')
      .values({ class_id: classId, kind: 'extra', scheduled_date: null, scheduled_start: null, starts_at: iso.slice(0, 16), starts_at_utc: iso, length_minutes: 60, status: 'scheduled', created_at: at, updated_at: at })
      .execute();
  };
  const move = (kid: { token: string }, step: number) =>
    s.request('PUT', PROGRESS_PATHS.myProgress, { lessonId: catapult, tabId: 'tab-1', tabIndex: 0, tabs: 2, step, steps: 12 }, { token: kid.token });
  const view = async (query = ''): Promise<ClassNow> => {
    const answer = await s.get(CLASS_NOW_PATHS.classNow + query, { token: dana });
    expect(answer.status).toBe(200);
    return answer.body as ClassNow;
  };

  beforeAll(async () => {
    s = await startTestServer({ dialect });
    const ids = await userIds(s);
    danaId = ids.get('dana')!.id;
    dana = await s.login('dana', DEMO.dana.password);
    const hers = demoSource.users().filter((u) => u.role === 'student' && ids.get(u.username)?.teacherId === danaId).slice(0, 4);
    for (const u of hers) kids.push({ id: ids.get(u.username)!.id, token: await s.login(u.username, u.password) });
    const lessons = (await s.get(`${PATHS.pages}?parent=130&per_page=100`, { token: dana })).body as WirePage[];
    catapult = lessons.find((p) => p.title.rendered === 'Catapult')!.id;
    await s.db.kysely.deleteFrom('unlocks').where('page_id', '=', catapult).execute();
    monday = await createClass('Monday Builders', [kids[0]!.id, kids[1]!.id]);
    tuesday = await createClass('Tuesday Tinkerers', [kids[2]!.id]);
  });
  afterAll(() => s?.close());
  afterEach(() => {
    for (const c of streams.splice(0)) c.close();
  });

  test('unlock for a class opens the model for its children only: a student of the owner outside the class stays locked', async () => {
    const unlocked = await s.post(CLASSROOM_PATHS.classUnlocks, { lessonId: catapult, students: 'all', classId: monday.id }, { token: dana });
    expect(unlocked.status).toBe(200);
    expect(unlocked.body).toEqual({ lessonId: catapult, students: 2, newlyUnlocked: 2 });
    const opened = async (kid: { token: string }) => ((await s.get(CLASSROOM_PATHS.myUnlocks, { token: kid.token })).body as MyUnlocks).unlocked.includes(catapult);
    expect([await opened(kids[0]!), await opened(kids[1]!), await opened(kids[2]!), await opened(kids[3]!)]).toEqual([true, true, false, false]);
    // A class with chosen students, and an archived class, change nothing.
    expectWpError(await s.post(CLASSROOM_PATHS.classUnlocks, { lessonId: catapult, students: [kids[2]!.id], classId: monday.id }, { token: dana }), 400, 'rest_invalid_param');
    const archived = await createClass('Old Wednesday', [kids[3]!.id]);
    expect((await s.post(CLASSES_PATHS.classArchive(archived.id), { archived: true }, { token: dana })).status).toBe(200);
    expectWpError(await s.post(CLASSROOM_PATHS.classUnlocks, { lessonId: catapult, students: 'all', classId: archived.id }, { token: dana }), 404, 'rest_post_invalid_id');
    expect(await opened(kids[3]!)).toBe(false);
  });

  test("during a meeting the class view shows that class's children by default, and everyone with ?class=all", async () => {
    expect((await s.post(CLASSROOM_PATHS.classUnlocks, { lessonId: catapult, students: 'all' }, { token: dana })).status).toBe(200);
    for (const [i, kid] of kids.entries()) expect((await move(kid, i + 2)).status).toBe(200);
    // No meeting under way: every student, and the classes by name.
    const before = await view();
    expect(before.classId).toBeNull();
    expect(before.classes).toEqual([
      { id: monday.id, name: 'Monday Builders', meetingNow: false },
      { id: tuesday.id, name: 'Tuesday Tinkerers', meetingNow: false },
    ]);
    // Tuesday's meeting begins in 10 minutes: under way for the class view from 15 minutes before.
    await meetingAt(tuesday.id, 10);
    const during = await view();
    expect(during.classId).toBe(tuesday.id);
    expect(during.students.map((st) => st.studentId)).toEqual([kids[2]!.id]);
    expect(during.classes.map((c) => [c.name, c.meetingNow])).toEqual([
      ['Tuesday Tinkerers', true],
      ['Monday Builders', false],
    ]);
    const all = await view('?class=all');
    expect(all.classId).toBeNull();
    expect(all.students.map((st) => st.studentId).sort((a, b) => a - b)).toEqual(kids.map((k) => k.id).sort((a, b) => a - b));
    const chosen = await view(`?class=${monday.id}`);
    expect([chosen.classId, chosen.students.map((st) => st.studentId).sort((a, b) => a - b)]).toEqual([monday.id, [kids[0]!.id, kids[1]!.id].sort((a, b) => a - b)]);
    expectWpError(await s.get(`${CLASS_NOW_PATHS.classNow}?class=nine`, { token: dana }), 400, 'rest_invalid_param');
  });

  test("the stream of one class sends its children's moves and never another class's child's", async () => {
    const conn = await openSse(`${s.baseUrl}${CLASS_NOW_PATHS.classNowEvents}?class=${monday.id}`, dana);
    streams.push(conn);
    const snapshot = await conn.next((e) => e.type === 'snapshot', 2000, 0);
    expect(snapshot).toMatchObject({ classId: monday.id, classes: expect.arrayContaining([{ id: monday.id, name: 'Monday Builders', meetingNow: false }]) });
    expect(snapshot.type === 'snapshot' && snapshot.students.map((st) => st.studentId).includes(kids[2]!.id)).toBe(false);
    await move(kids[2]!, 9);
    await move(kids[3]!, 9);
    await move(kids[0]!, 9);
    await conn.next((e) => movedStudent(e) === kids[0]!.id, 2000);
    // The poll that carried the class's child's move read the others' too: they were not sent.
    await new Promise((r) => setTimeout(r, 700));
    expect(conn.events.map(movedStudent).filter((id) => id !== null)).toEqual([kids[0]!.id]);
  });

  test('a child taken out of the class leaves its stream at the next heartbeat, and one put in it comes with her place', async () => {
    const ctx = { db: s.db, clock: () => new Date(), hasher: null as never, mail: null as never, siteUrl: '' };
    const hub = new ClassNowHub(ctx, s.app.log, new RateLimiter(s.db, 'unlock_wrong_student', s.config.rateLimits.unlockWrongPerStudent, ctx.clock), { pollMs: 50, overlapMs: 3000, heartbeatMs: 150, lockoutPollMs: 100 });
    const written: string[] = [];
    const names = (chunk: string, studentId: number) => new RegExp(`"studentId":${studentId}[,}]`).test(chunk);
    const sent = (type: string, studentId: number) => written.some((chunk) => chunk.startsWith(`event: ${type}`) && names(chunk, studentId));
    try {
      await hub.open(danaId, await classScope(ctx, danaId, monday.id), { write: (chunk) => void written.push(chunk), end: () => undefined, stillSignedIn: async () => true });
      expect([names(written[0]!, kids[0]!.id), names(written[0]!, kids[3]!.id)]).toEqual([true, false]);
      // Changed through the API, as another instance would: the hub reads it from the database.
      expect((await s.request('PUT', CLASSES_PATHS.class(monday.id), classBody('Monday Builders', [kids[1]!.id, kids[3]!.id]), { token: dana })).status).toBe(200);
      await eventually(async () => sent('left', kids[0]!.id) && sent('student', kids[3]!.id), 'the class change on the stream', 3000);
    } finally {
      hub.closeAll();
    }
  });
});
