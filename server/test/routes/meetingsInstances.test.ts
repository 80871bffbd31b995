/**
 * Two backend instances on one database: attendance taken through one is read at once through the
 * other; class saves at the same moment through both make each meeting once; two meetings moved
 * onto the same time through both at once: one moves, the other is told it would overlap.
 */
import { CLASSES_PATHS, MEETINGS_PATHS, type AttendanceRecord, type ClassInput, type ClassRecord, type MeetingRecord, type WpError } from '../../../contract';
import { scheduleClassesWithoutMeetings } from '../../domain/meetingSchedule';
import { DEMO, describeEachDb, startSecondInstance, startTestServer, type SecondInstance, type TestServer } from '../harness';

jest.setTimeout(60_000);

// Monday 9 March 2026, 14:10 UTC: ten minutes into the 16:00 meeting in Jerusalem.
const NOW = Date.parse('2026-03-09T14:10:00Z');

describeEachDb('meetings on two instances', (dialect) => {
  let s: TestServer;
  let second: SecondInstance;
  let dana = '';
  let danas: number[] = [];

  beforeAll(async () => {
    const clock = () => new Date(NOW);
    s = await startTestServer({ dialect, clock });
    second = await startSecondInstance(s, clock);
    dana = await s.login('dana', DEMO.dana.password);
    danas = (await s.db.kysely.selectFrom('users').innerJoin('users as owner', 'owner.id', 'users.teacher_id').select('users.id').where('owner.username', '=', 'dana').orderBy('users.id').execute()).map((r) => r.id);
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
    timeZone: 'Asia/Jerusalem',
    studentIds: danas.slice(0, 4),
    ...extra,
  });
  const viaSecond = (method: string, urlPath: string, body?: unknown) => second.request(method, urlPath, dana, body);
  /** PostgreSQL: every other call through the second instance. SQLite runs one instance (its file takes one writer): all through it. */
  const either = (i: number, method: string, urlPath: string, body?: unknown) => (dialect === 'postgres' && i % 2 === 1 ? viaSecond(method, urlPath, body) : s.request(method, urlPath, body, { token: dana }));
  const week = async (classId: number) => ((await s.get(`${MEETINGS_PATHS.meetings}?from=2026-03-09&to=2026-03-15&class=${classId}`, { token: dana })).body as MeetingRecord[]);

  test('attendance taken through one instance is read at once through the other', async () => {
    const created = (await s.post(CLASSES_PATHS.classes, input('Shared Attendance'), { token: dana })).body as ClassRecord;
    const [today] = await week(created.id);
    const saved = await s.request('PUT', MEETINGS_PATHS.attendance(today!.id), { marks: danas.slice(0, 4).map((id, i) => ({ studentId: id, mark: i === 3 ? 'absent' : 'present' })) }, { token: dana });
    expect(saved.status).toBe(200);
    const read = await viaSecond('GET', MEETINGS_PATHS.attendance(today!.id));
    expect(read).toEqual({ status: 200, body: saved.body });
    expect(((await viaSecond('GET', MEETINGS_PATHS.meeting(today!.id))).body as MeetingRecord).attendance).toEqual({ present: 3, late: 0, absent: 1, unmarked: 0 });
  });

  test('class saves at the same moment through both instances make each meeting once', async () => {
    const created = (await s.post(CLASSES_PATHS.classes, input('Busy Schedule'), { token: dana })).body as ClassRecord;
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => either(i, 'PUT', CLASSES_PATHS.class(created.id), input('Busy Schedule', { weekdays: i % 3 === 0 ? [1, 3] : [1, 3, 5] }))));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const rows = await s.db.kysely.selectFrom('class_meetings').select(['scheduled_date']).where('class_id', '=', created.id).execute();
    expect(rows.length).toBe(new Set(rows.map((r) => r.scheduled_date)).size);
    const saved = (await s.get(CLASSES_PATHS.class(created.id), { token: dana })).body as ClassRecord;
    const weekdays = new Set(rows.map((r) => new Date(`${r.scheduled_date}T00:00:00Z`).getUTCDay()));
    expect([...weekdays].sort()).toEqual(saved.weekdays.map((d) => d % 7).sort());
  });

  test('two meetings moved onto the same time through both instances at once: one moves, the other is told it would overlap', async () => {
    const created = (await s.post(CLASSES_PATHS.classes, input('Contested Slot', { weekdays: [1, 2, 3, 4] }), { token: dana })).body as ClassRecord;
    const meetings = await week(created.id);
    const answers = await Promise.all(meetings.slice(1, 3).map((m, i) => either(i + 1, 'PUT', MEETINGS_PATHS.meeting(m.id), { startsAt: '2026-03-13T10:00' })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect((answers.find((a) => a.status === 400)!.body as WpError).data.params).toEqual({ startsAt: expect.stringContaining('overlap') });
    expect((await week(created.id)).filter((m) => m.startsAt === '2026-03-13T10:00')).toHaveLength(1);
    const attendance = (await viaSecond('GET', MEETINGS_PATHS.attendance(meetings[0]!.id))).body as AttendanceRecord;
    expect(attendance.students).toHaveLength(4);
  });

  test('a class saved before classes had meetings gets them once, when two instances start at the same moment', async () => {
    const made = await s.request('POST', CLASSES_PATHS.classes, input('Saved before meetings'), { token: dana });
    const classId = (made.body as ClassRecord).id;
    const count = async () => Number((await s.db.kysely.selectFrom('class_meetings').select((eb) => eb.fn.countAll().as('n')).where('class_id', '=', classId).executeTakeFirstOrThrow()).n);
    const scheduled = await count();
    // Every Monday from 2 March to 29 June.
    expect(scheduled).toBe(18);
    await s.db.kysely.deleteFrom('class_meetings').where('class_id', '=', classId).execute();
    const both = await Promise.all([scheduleClassesWithoutMeetings(s.db, new Date(NOW)), scheduleClassesWithoutMeetings(dialect === 'postgres' ? second.db : s.db, new Date(NOW))]);
    expect(both.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect(await count()).toBe(18);
    expect(await scheduleClassesWithoutMeetings(s.db, new Date(NOW))).toBe(0);
  });
});
