/**
 * Attendance through the real HTTP server: the children in the class at the meeting (one who joined
 * after it is not), their marks, the children suggested because they signed in or moved a step
 * during it, the model taught; the meeting's counts in the timetable; refusals (cancelled, not yet
 * open, a child not in the class, a page that is not the program's model) named and changing nothing.
 */
import { CLASSES_PATHS, MEETINGS_PATHS, PRIVACY_PATHS, PROGRESS_PATHS, ROSTER_PATHS, type AttendanceRecord, type AuditPage, type ClassInput, type ClassRecord, type MeetingRecord, type StudentDataExport, type WpError } from '../../../contract';
import { DEMO, PATHS, TEST_AUTH_KEY, describeEachDb, expectWpError, signInDemoUsers, startTestServer, userIds, type TestServer } from '../harness';

jest.setTimeout(60_000);

const PLAY_MACHINES_1 = 130;
const KIT_CONTENTS = 793; // a model of Play Machines 1
// Monday 2 March 2026, 12:00 UTC; the class meets on Mondays at 16:00 in Jerusalem (14:00 UTC).
const START = Date.parse('2026-03-02T12:00:00Z');

describeEachDb('meeting attendance', (dialect) => {
  let s: TestServer;
  let nowMs = START;
  let tokens: Awaited<ReturnType<typeof signInDemoUsers>>;
  let ids: Awaited<ReturnType<typeof userIds>>;
  let mia = 0;
  let others: number[];
  let catapult = 0;
  let otherProgramsModel = 0;
  let klass: ClassRecord;
  let meetings: MeetingRecord[];

  beforeAll(async () => {
    s = await startTestServer({ dialect, clock: () => new Date(nowMs) });
    tokens = await signInDemoUsers(s);
    ids = await userIds(s);
    mia = ids.get('mia')!.id;
    others = [...ids.values()].filter((u) => u.role === 'student' && u.teacherId === ids.get('dana')!.id && u.id !== mia).map((u) => u.id).sort((a, b) => a - b);
    catapult = (await s.db.kysely.selectFrom('pages').select('id').where('title', '=', 'Catapult').executeTakeFirstOrThrow()).id;
    const programs = s.db.kysely.selectFrom('pages').select('id').where('parent', '=', 127).where('id', '<>', PLAY_MACHINES_1);
    otherProgramsModel = (await s.db.kysely.selectFrom('pages').select('id').where('parent', 'in', programs).orderBy('id').executeTakeFirstOrThrow()).id;
    const body: ClassInput = { name: 'Monday Builders', programId: PLAY_MACHINES_1, place: 'Oak Street School', weekdays: [1], startTime: '16:00', lengthMinutes: 90, startDate: '2026-03-01', endDate: '2026-04-30', timeZone: 'Asia/Jerusalem', studentIds: [mia, ...others.slice(0, 3)] };
    klass = (await s.post(CLASSES_PATHS.classes, body, { token: tokens.dana })).body as ClassRecord;
    meetings = (await s.get(`${MEETINGS_PATHS.meetings}?from=2026-03-01&to=2026-03-31&class=${klass.id}`, { token: tokens.dana })).body as MeetingRecord[];
  });
  afterAll(() => s?.close());

  /** Tokens last a week: the staff sign in again as the weeks go by. */
  const signInStaff = async () => {
    for (const who of ['dana', 'lee', 'admin'] as const) tokens[who] = await s.login(who, DEMO[who].password);
  };
  const getAttendance = async (id: number) => (await s.get(MEETINGS_PATHS.attendance(id), { token: tokens.dana })).body as AttendanceRecord;
  const putAttendance = (id: number, body: unknown, token = tokens.dana) => s.request('PUT', MEETINGS_PATHS.attendance(id), body, { token });

  test('the children in the class at the meeting, by name, with those who signed in or moved a step during it suggested; marks are saved and counted', async () => {
    const [first, second] = meetings;
    // Mia signs in ten minutes before the first meeting; during the second she moves a step.
    nowMs = Date.parse('2026-03-02T13:50:00Z');
    const miaToken = await s.login('mia', DEMO.mia.password);
    nowMs = Date.parse('2026-03-09T13:46:00Z');
    expect((await s.post(PATHS.unlock, { AUTH_KEY: TEST_AUTH_KEY, lesson_id: catapult, code: '2468' }, { token: miaToken })).status).toBe(200);
    expect((await s.request('PUT', PROGRESS_PATHS.myProgress, { lessonId: catapult, tabId: 'tab-1', tabIndex: 0, tabs: 1, step: 2, steps: 10 }, { token: miaToken })).status).toBe(200);
    nowMs = Date.parse('2026-03-09T14:30:00Z');
    await signInStaff();
    const atFirst = await getAttendance(first!.id);
    expect(atFirst).toMatchObject({ meetingId: first!.id, modelId: null, takenAt: null, takenByName: null });
    expect(atFirst.students.map((c) => c.id).sort((a, b) => a - b)).toEqual([mia, ...others.slice(0, 3)].sort((a, b) => a - b));
    const names = atFirst.students.map((c) => c.displayName);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(atFirst.students.filter((c) => c.suggested).map((c) => c.id)).toEqual([mia]);
    expect(atFirst.students.every((c) => c.mark === null)).toBe(true);
    expect((await getAttendance(second!.id)).students.filter((c) => c.suggested).map((c) => c.id)).toEqual([mia]);

    const saved = await putAttendance(first!.id, { marks: [{ studentId: mia, mark: 'present' }, { studentId: others[0], mark: 'late' }, { studentId: others[1], mark: 'absent' }], modelId: KIT_CONTENTS });
    expect(saved.status).toBe(200);
    const record = saved.body as AttendanceRecord;
    expect(record).toMatchObject({ meetingId: first!.id, modelId: KIT_CONTENTS, takenAt: '2026-03-09T14:30:00.000Z', takenByName: 'Dana Cohen' });
    expect(Object.fromEntries(record.students.map((c) => [c.id, c.mark]))).toEqual({ [mia]: 'present', [others[0]!]: 'late', [others[1]!]: 'absent', [others[2]!]: null });
    // Children left out keep their marks.
    await putAttendance(first!.id, { marks: [{ studentId: others[2], mark: 'present' }] });
    expect(Object.fromEntries((await getAttendance(first!.id)).students.map((c) => [c.id, c.mark]))).toEqual({ [mia]: 'present', [others[0]!]: 'late', [others[1]!]: 'absent', [others[2]!]: 'present' });
    const listed = (await s.get(MEETINGS_PATHS.meeting(first!.id), { token: tokens.dana })).body as MeetingRecord;
    expect(listed).toMatchObject({ attendance: { present: 2, late: 1, absent: 1, unmarked: 0 }, modelId: KIT_CONTENTS, modelName: 'Kit Contents', studentCount: 4 });
    expect(((await s.get(MEETINGS_PATHS.meeting(second!.id), { token: tokens.dana })).body as MeetingRecord).attendance).toBeNull();
    const audit = (await s.get(`${ROSTER_PATHS.audit}?action=attendance.take`, { token: tokens.admin })).body as AuditPage;
    expect(audit.entries[1]).toMatchObject({ subject: { type: 'class', id: klass.id }, after: { meetingId: first!.id, marks: [{ studentId: mia, mark: 'present' }, { studentId: others[0], mark: 'late' }, { studentId: others[1], mark: 'absent' }], modelId: KIT_CONTENTS } });
    expect(JSON.stringify(audit.entries)).not.toMatch(/Mia|Levi/);
  });

  test('a child who joined after a meeting is not at it, and is at the next; one who left stays at the meetings before', async () => {
    nowMs = Date.parse('2026-03-10T08:00:00Z');
    const joined = others[3]!;
    const left = others[2]!;
    const edited = await s.request('PUT', CLASSES_PATHS.class(klass.id), { name: 'Monday Builders', programId: PLAY_MACHINES_1, place: 'Oak Street School', weekdays: [1], startTime: '16:00', lengthMinutes: 90, startDate: '2026-03-01', endDate: '2026-04-30', timeZone: 'Asia/Jerusalem', studentIds: [mia, others[0], others[1], joined] }, { token: tokens.dana });
    expect(edited.status).toBe(200);
    const past = meetings[1]!; // 9 March, before the change
    const next = meetings[2]!; // 16 March
    const atPast = (await getAttendance(past.id)).students.map((c) => c.id);
    expect(atPast).toContain(left);
    expect(atPast).not.toContain(joined);
    const atNext = (await getAttendance(next.id)).students.map((c) => c.id);
    expect(atNext).toContain(joined);
    expect(atNext).not.toContain(left);
    const snapshot = await s.snapshot();
    const refused = await putAttendance(past.id, { marks: [{ studentId: mia, mark: 'present' }, { studentId: joined, mark: 'present' }] });
    expectWpError(refused, 400, 'rest_invalid_param');
    expect((refused.body as WpError).data.params).toEqual({ 'marks.1.studentId': expect.stringContaining('not in the class at this meeting') });
    expect(await s.snapshot()).toBe(snapshot);
    expect((await putAttendance(past.id, { marks: [{ studentId: left, mark: 'absent' }] })).status).toBe(200);
  });

  test('refused, naming the field and changing nothing: a cancelled meeting, one not yet open, a page not a model of the program, a child twice', async () => {
    nowMs = Date.parse('2026-03-16T13:29:00Z'); // 31 minutes before the 16 March meeting
    const [, , mar16, mar23] = meetings;
    expect((await s.request('PUT', MEETINGS_PATHS.meeting(mar23!.id), { cancelled: true }, { token: tokens.dana })).status).toBe(200);
    const snapshot = await s.snapshot();
    const cases: [unknown, number, string, string, RegExp, number][] = [
      [{ marks: [{ studentId: mia, mark: 'present' }] }, 409, 'yo_meeting_not_started', 'marks', /opens 30 minutes before/, mar16!.id],
      [{ marks: [{ studentId: mia, mark: 'present' }] }, 409, 'yo_meeting_cancelled', 'marks', /cancelled/, mar23!.id],
      [{ marks: [], modelId: otherProgramsModel }, 400, 'rest_invalid_param', 'modelId', /program's models/, meetings[0]!.id],
      [{ marks: [], modelId: PLAY_MACHINES_1 }, 400, 'rest_invalid_param', 'modelId', /program's models/, meetings[0]!.id],
      [{ marks: [{ studentId: mia, mark: 'present' }, { studentId: mia, mark: 'late' }] }, 400, 'rest_invalid_param', 'marks.1.studentId', /twice/, meetings[0]!.id],
      [{ marks: [{ studentId: mia, mark: 'here' }] }, 400, 'rest_invalid_param', 'marks.0.mark', /present, absent, late/, meetings[0]!.id],
      [{ marks: [{ studentId: ids.get('lee')!.id, mark: 'present' }] }, 400, 'rest_invalid_param', 'marks.0.studentId', /not in the class/, meetings[0]!.id],
    ];
    for (const [body, status, code, field, words, id] of cases) {
      const answer = await putAttendance(id, body);
      expectWpError(answer, status, code);
      expect((answer.body as WpError).data.params).toEqual({ [field]: expect.stringMatching(words) });
    }
    expect(await s.snapshot()).toBe(snapshot);
    // From half an hour before, it is open; another owner's meeting is unknown to Lee.
    nowMs = Date.parse('2026-03-16T13:30:00Z');
    expect((await putAttendance(mar16!.id, { marks: [{ studentId: mia, mark: 'present' }], modelId: null })).status).toBe(200);
    expectWpError(await putAttendance(mar16!.id, { marks: [] }, tokens.lee), 404, 'rest_post_invalid_id');
    expectWpError(await s.get(MEETINGS_PATHS.attendance(mar16!.id), { token: tokens.lee }), 404, 'rest_post_invalid_id');
    expectWpError(await s.get(MEETINGS_PATHS.attendance(mar16!.id), { token: await s.login('mia', DEMO.mia.password) }), 403, 'rest_forbidden');
    expectWpError(await s.get(MEETINGS_PATHS.attendance(mar16!.id)), 401, 'rest_forbidden');
  });

  test("a child's data export lists her attendance; erasing her deletes her marks and takes her off the meetings", async () => {
    const exported = (await s.get(PRIVACY_PATHS.studentData(mia), { token: tokens.dana })).body as StudentDataExport;
    expect(exported.attendance).toEqual([
      { meetingDate: '2026-03-02', className: 'Monday Builders', mark: 'present' },
      { meetingDate: '2026-03-16', className: 'Monday Builders', mark: 'present' },
    ]);
    const erased = await s.request('DELETE', PRIVACY_PATHS.studentErase(mia), { confirm: true }, { token: tokens.dana });
    expect(erased.status).toBe(200);
    expect(await s.db.kysely.selectFrom('meeting_attendance').select('meeting_id').where('student_id', '=', mia).execute()).toEqual([]);
    expect((await getAttendance(meetings[0]!.id)).students.map((c) => c.id)).not.toContain(mia);
    expect(((await s.get(MEETINGS_PATHS.meeting(meetings[0]!.id), { token: tokens.dana })).body as MeetingRecord).attendance).toEqual({ present: 1, late: 1, absent: 1, unmarked: 0 });
    expect(((await s.get(PRIVACY_PATHS.studentData(mia), { token: tokens.dana })).body as StudentDataExport).attendance).toEqual([]);
  });
});
