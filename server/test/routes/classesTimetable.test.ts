/**
 * The class list's next meetings and order as the portal's clock moves (each class on its own
 * place's clock), and two backend instances on one database: what one saves the other reads at
 * once, and the same name saved through both at the same moment makes one class.
 */
import { CLASSES_PATHS, MEETINGS_PATHS, type MeetingRecord, type ClassInput, type ClassRecord, type WpError } from '../../../contract';
import { DEMO, describeEachDb, startSecondInstance, startTestServer, type SecondInstance, type TestServer } from '../harness';

jest.setTimeout(60_000);

// Monday 9 March 2026, 05:00 UTC: 01:00 in New York (summer time since Sunday), 06:00 in Madrid, 14:00 in Tokyo.
const START = Date.parse('2026-03-09T05:00:00Z');

describeEachDb('class timetable and two instances', (dialect) => {
  let s: TestServer;
  let nowMs = START;
  const clock = () => new Date(nowMs);
  let second: SecondInstance;
  let maria = '';

  beforeAll(async () => {
    s = await startTestServer({ dialect, clock });
    second = await startSecondInstance(s, clock);
    maria = await s.login('maria', DEMO.maria.password);
  });
  afterAll(async () => {
    await second?.close();
    await s?.close();
  });

  const input = (name: string, extra: Partial<ClassInput> = {}): ClassInput => ({
    name,
    programId: 130,
    place: '',
    weekdays: [1],
    startTime: '16:00',
    lengthMinutes: 60,
    startDate: '2026-03-01',
    endDate: '2026-06-30',
    timeZone: 'UTC',
    studentIds: [],
    ...extra,
  });
  /** A call through the second instance, over HTTP. */
  const viaSecond = (method: string, urlPath: string, token: string, body?: unknown) => second.request(method, urlPath, token, body);
  const listed = async () => ((await s.get(CLASSES_PATHS.classes, { token: maria })).body as ClassRecord[]).map((c) => [c.name, c.nextMeeting]);

  test("the list is ordered by the next meeting's instant, whatever each class's zone, then by name; ended and archived classes have none", async () => {
    for (const body of [
      input('Alpha Madrid', { timeZone: 'Europe/Madrid', startTime: '09:00' }),
      input('Zeta Tokyo', { timeZone: 'Asia/Tokyo', startTime: '16:00' }),
      input('Beta New York', { timeZone: 'America/New_York', startTime: '02:00' }),
      input('Gamma Under Way', { startTime: '04:30' }),
      input('Delta Wednesday', { weekdays: [3], startTime: '07:00' }),
      input('Epsilon Ended', { startDate: '2026-01-01', endDate: '2026-03-08' }),
      input('Eta Not Yet', { weekdays: [2, 4], startDate: '2026-09-01', endDate: '2027-01-31', timeZone: 'Asia/Jerusalem' }),
      input('Theta Archived'),
    ]) {
      expect((await s.post(CLASSES_PATHS.classes, body, { token: maria })).status).toBe(201);
    }
    const archived = ((await s.get(CLASSES_PATHS.classes, { token: maria })).body as ClassRecord[]).find((c) => c.name === 'Theta Archived')!;
    await s.post(CLASSES_PATHS.classArchive(archived.id), { archived: true }, { token: maria });
    expect(await listed()).toEqual([
      ['Gamma Under Way', '2026-03-09T04:30'], // 04:30 UTC, under way until 05:30
      ['Beta New York', '2026-03-09T02:00'], // 06:00 UTC
      ['Zeta Tokyo', '2026-03-09T16:00'], // 07:00 UTC
      ['Alpha Madrid', '2026-03-09T09:00'], // 08:00 UTC
      ['Delta Wednesday', '2026-03-11T07:00'],
      ['Eta Not Yet', '2026-09-01T16:00'],
      ['Epsilon Ended', null],
    ]);
    // Half an hour on, the meeting under way has ended: next Monday's is its next.
    nowMs = START + 31 * 60_000;
    expect((await listed()).slice(-3)).toEqual([['Gamma Under Way', '2026-03-16T04:30'], ['Eta Not Yet', '2026-09-01T16:00'], ['Epsilon Ended', null]]);
    const withArchived = (await s.get(`${CLASSES_PATHS.classes}?archived=1`, { token: maria })).body as ClassRecord[];
    expect(withArchived.find((c) => c.name === 'Theta Archived')).toMatchObject({ archived: true, nextMeeting: null });
    expect(withArchived).toHaveLength(8);
  });

  test('the next meeting is read from the meetings: a cancelled one is skipped, a moved one is where it was moved to', async () => {
    nowMs = START;
    const created = (await s.post(CLASSES_PATHS.classes, input('Iota Holidays', { startTime: '18:00' }), { token: maria })).body as ClassRecord;
    expect(created.nextMeeting).toBe('2026-03-09T18:00');
    const meetingOn = async (startsAt: string) => ((await s.get(`${MEETINGS_PATHS.meetings}?from=2026-03-09&to=2026-03-22&class=${created.id}`, { token: maria })).body as MeetingRecord[]).find((m) => m.startsAt === startsAt)!;
    expect((await s.request('PUT', MEETINGS_PATHS.meeting((await meetingOn('2026-03-09T18:00')).id), { cancelled: true }, { token: maria })).status).toBe(200);
    expect(((await s.get(CLASSES_PATHS.class(created.id), { token: maria })).body as ClassRecord).nextMeeting).toBe('2026-03-16T18:00');
    expect((await s.request('PUT', MEETINGS_PATHS.meeting((await meetingOn('2026-03-16T18:00')).id), { startsAt: '2026-03-12T10:00' }, { token: maria })).status).toBe(200);
    expect(((await s.get(CLASSES_PATHS.class(created.id), { token: maria })).body as ClassRecord).nextMeeting).toBe('2026-03-12T10:00');
    await s.post(CLASSES_PATHS.classArchive(created.id), { archived: true }, { token: maria });
  });

  test('what one instance saves, the other reads at once', async () => {
    const created = (await s.post(CLASSES_PATHS.classes, input('Shared Group'), { token: maria })).body as ClassRecord;
    expect(await viaSecond('GET', CLASSES_PATHS.class(created.id), maria)).toEqual({ status: 200, body: created });
    const edited = await viaSecond('PUT', CLASSES_PATHS.class(created.id), maria, input('Shared Group', { startTime: '18:00' }));
    expect(edited).toMatchObject({ status: 200, body: { startTime: '18:00' } });
    expect((await s.get(CLASSES_PATHS.class(created.id), { token: maria })).body).toEqual(edited.body);
    await viaSecond('POST', CLASSES_PATHS.classArchive(created.id), maria, { archived: true });
    expect((await s.get(CLASSES_PATHS.classes, { token: maria })).body).not.toContainEqual(expect.objectContaining({ id: created.id }));
  });

  test('the same name saved at the same moment: one class, the others told the name is taken', async () => {
    // PostgreSQL: through both instances at once. SQLite runs one instance (its file takes one writer): through it.
    const send = (i: number) =>
      dialect === 'postgres' && i % 2 === 1 ? viaSecond('POST', CLASSES_PATHS.classes, maria, input('Race Group')) : s.post(CLASSES_PATHS.classes, input('Race Group'), { token: maria });
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => send(i)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400, 400, 400, 400, 400]);
    for (const refused of answers.filter((a) => a.status === 400)) expect((refused.body as WpError).data.params).toEqual({ name: expect.stringContaining('already a class named "Race Group"') });
    const rows = await s.db.kysely.selectFrom('classes').select('id').where('name', '=', 'Race Group').execute();
    expect(rows).toHaveLength(1);
  });

  test('students added through both instances at once are each in the class once', async () => {
    const ids = (await s.db.kysely.selectFrom('users').innerJoin('users as owner', 'owner.id', 'users.teacher_id').select('users.id').where('owner.username', '=', 'maria').orderBy('users.id').execute()).map((r) => r.id);
    const created = (await s.post(CLASSES_PATHS.classes, input('Busy Group'), { token: maria })).body as ClassRecord;
    const put = (i: number) => {
      const body = input('Busy Group', { studentIds: ids.slice(0, 2 + (i % 3)) });
      return dialect === 'postgres' && i % 2 === 1 ? viaSecond('PUT', CLASSES_PATHS.class(created.id), maria, body) : s.request('PUT', CLASSES_PATHS.class(created.id), body, { token: maria });
    };
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => put(i)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const open = await s.db.kysely.selectFrom('class_students').select('student_id').where('class_id', '=', created.id).where('left_at', 'is', null).execute();
    expect(open.length).toBe(new Set(open.map((r) => r.student_id)).size);
    const record = (await viaSecond('GET', CLASSES_PATHS.class(created.id), maria)).body as ClassRecord;
    expect(record.students.map((st) => st.id).sort((a, b) => a - b)).toEqual(open.map((r) => r.student_id).sort((a, b) => a - b));
  });
});
