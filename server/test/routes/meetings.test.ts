/**
 * A class's meetings through the real HTTP server: made from its schedule (daylight-saving weeks
 * included), kept when the owner touched them and the schedule changes, listed by each place's
 * clock in time order; moved, cancelled, put back and added, with each refusal naming its field and
 * changing nothing; another owner's meeting is 404.
 */
import { CLASSES_PATHS, MEETINGS_PATHS, ROSTER_PATHS, type AuditPage, type ClassInput, type ClassRecord, type MeetingRecord, type WpError } from '../../../contract';
import type { DomainContext } from '../../domain/context';
import { ownerMeetingsBetween } from '../../domain/meetings';
import { describeEachDb, expectWpError, signInDemoUsers, startTestServer, userIds, type Answer, type TestServer } from '../harness';

jest.setTimeout(60_000);

const PLAY_MACHINES_1 = 130;
// Monday 9 March 2026, 06:00 UTC (08:00 in Jerusalem).
const START = Date.parse('2026-03-09T06:00:00Z');

describeEachDb('meetings', (dialect) => {
  let s: TestServer;
  let nowMs = START;
  let tokens: Awaited<ReturnType<typeof signInDemoUsers>>;
  let ids: Awaited<ReturnType<typeof userIds>>;
  let danas: number[];

  beforeAll(async () => {
    s = await startTestServer({ dialect, clock: () => new Date(nowMs) });
    // Signed in a week before: tokens are good from then (past meetings' attendance) to a week later.
    nowMs = Date.parse('2026-03-02T12:00:00Z');
    tokens = await signInDemoUsers(s);
    nowMs = START;
    ids = await userIds(s);
    danas = [...ids.values()].filter((u) => u.role === 'student' && u.teacherId === ids.get('dana')!.id).map((u) => u.id).sort((a, b) => a - b);
  });
  afterAll(() => s?.close());
  beforeEach(() => {
    nowMs = START;
  });

  const input = (name: string, extra: Partial<ClassInput> = {}): ClassInput => ({
    name,
    programId: PLAY_MACHINES_1,
    place: 'Oak Street School',
    weekdays: [1],
    startTime: '16:00',
    lengthMinutes: 60,
    startDate: '2026-03-01',
    endDate: '2026-06-30',
    timeZone: 'Asia/Jerusalem',
    studentIds: danas.slice(0, 4),
    ...extra,
  });
  const createClass = async (body: ClassInput, token = tokens.dana): Promise<ClassRecord> => {
    const created = await s.post(CLASSES_PATHS.classes, body, { token });
    expect(created.status).toBe(201);
    return created.body as ClassRecord;
  };
  const list = async (query: string, token = tokens.dana): Promise<MeetingRecord[]> => {
    const answer = await s.get(`${MEETINGS_PATHS.meetings}?${query}`, { token });
    expect(answer.status).toBe(200);
    return answer.body as MeetingRecord[];
  };
  const ofClass = async (classId: number, from = '2026-03-01', to = '2026-04-11') => list(`from=${from}&to=${to}&class=${classId}`);
  const put = (id: number, body: unknown, token = tokens.dana) => s.request('PUT', MEETINGS_PATHS.meeting(id), body, { token });
  const meetingRows = (classId: number) => s.db.kysely.selectFrom('class_meetings').selectAll().where('class_id', '=', classId).orderBy('id').execute();
  const expectRefused = (answer: Answer, status: number, code: string, field: string, words: RegExp) => {
    expectWpError(answer, status, code);
    expect((answer.body as WpError).data.params).toEqual({ [field]: expect.stringMatching(words) });
  };

  test('a new class has a meeting on each of its weekdays from its start to its end date, listed with its class, program and children', async () => {
    const created = await createClass(input('Monday Wednesday', { weekdays: [1, 3] }));
    const rows = await meetingRows(created.id);
    // 1 March to 30 June 2026: 18 Mondays and 17 Wednesdays.
    expect(rows).toHaveLength(35);
    expect(new Set(rows.map((r) => r.scheduled_date)).size).toBe(35);
    const week = await list('from=2026-03-09&to=2026-03-15');
    const mine = week.filter((m) => m.classId === created.id);
    expect(mine).toEqual([
      {
        id: expect.any(Number),
        classId: created.id,
        className: 'Monday Wednesday',
        ownerId: ids.get('dana')!.id,
        ownerName: 'Dana Cohen',
        programId: PLAY_MACHINES_1,
        programName: 'Play Machines 1',
        place: 'Oak Street School',
        timeZone: 'Asia/Jerusalem',
        startsAt: '2026-03-09T16:00',
        startsAtUtc: '2026-03-09T14:00:00.000Z',
        lengthMinutes: 60,
        kind: 'regular',
        scheduledDate: '2026-03-09',
        moved: false,
        status: 'scheduled',
        note: '',
        studentCount: 4,
        attendance: null,
        modelId: null,
        modelName: null,
      },
      expect.objectContaining({ startsAt: '2026-03-11T16:00', scheduledDate: '2026-03-11' }),
    ]);
    expect((await s.get(MEETINGS_PATHS.meeting(mine[0]!.id), { token: tokens.dana })).body).toEqual(mine[0]);
  });

  test("a daylight-saving week: each meeting stays at the place's wall-clock time, and a time the clock skips is the hour after", async () => {
    // New York springs forward on Sunday 8 March 2026 (02:00 -> 03:00); Madrid on Sunday 29 March.
    const ny = await createClass(input('Sunday Night Owls', { weekdays: [7], startTime: '02:30', timeZone: 'America/New_York', startDate: '2026-03-01', endDate: '2026-03-15', studentIds: [] }));
    expect((await ofClass(ny.id)).map((m) => [m.startsAt, m.startsAtUtc, m.moved])).toEqual([
      ['2026-03-01T02:30', '2026-03-01T07:30:00.000Z', false],
      ['2026-03-08T03:30', '2026-03-08T07:30:00.000Z', false],
      ['2026-03-15T02:30', '2026-03-15T06:30:00.000Z', false],
    ]);
    const madrid = await createClass(input('Madrid Mondays', { timeZone: 'Europe/Madrid', startDate: '2026-03-23', endDate: '2026-04-06', studentIds: [] }));
    expect((await ofClass(madrid.id)).map((m) => [m.startsAt, m.startsAtUtc])).toEqual([
      ['2026-03-23T16:00', '2026-03-23T15:00:00.000Z'],
      ['2026-03-30T16:00', '2026-03-30T14:00:00.000Z'],
      ['2026-04-06T16:00', '2026-04-06T14:00:00.000Z'],
    ]);
  });

  test('a schedule change remakes the untouched meetings and keeps the ones the owner moved, cancelled, noted or took attendance at', async () => {
    const created = await createClass(input('Changing Times', { startDate: '2026-03-01', endDate: '2026-04-10' }));
    const before = await ofClass(created.id, '2026-03-01', '2026-04-10');
    expect(before.map((m) => m.scheduledDate)).toEqual(['2026-03-02', '2026-03-09', '2026-03-16', '2026-03-23', '2026-03-30', '2026-04-06']);
    const [attended, , cancelled, noted, moved] = before;
    nowMs = Date.parse('2026-03-02T14:30:00Z');
    expect((await s.request('PUT', MEETINGS_PATHS.attendance(attended!.id), { marks: [{ studentId: danas[0], mark: 'present' }] }, { token: tokens.dana })).status).toBe(200);
    nowMs = START;
    expect((await put(cancelled!.id, { cancelled: true })).status).toBe(200);
    expect((await put(noted!.id, { note: 'Bring the big kit' })).status).toBe(200);
    expect((await put(moved!.id, { startsAt: '2026-03-31T16:00' })).status).toBe(200);
    const edited = await s.request('PUT', CLASSES_PATHS.class(created.id), input('Changing Times', { weekdays: [1, 2], startTime: '17:00', startDate: '2026-03-01', endDate: '2026-04-10' }), { token: tokens.dana });
    expect(edited.status).toBe(200);
    const after = await ofClass(created.id, '2026-03-01', '2026-04-10');
    // Kept as they were: the attended, cancelled, noted and moved meetings (by id).
    expect(after.filter((m) => [attended, cancelled, noted, moved].some((t) => t!.id === m.id)).map((m) => [m.startsAt, m.status, m.moved])).toEqual([
      ['2026-03-02T16:00', 'scheduled', false],
      ['2026-03-16T16:00', 'cancelled', false],
      ['2026-03-23T16:00', 'scheduled', false],
      ['2026-03-31T16:00', 'scheduled', true],
    ]);
    // Every other Monday and every Tuesday at the new time; no date twice.
    const regular = after.filter((m) => m.kind === 'regular');
    expect(regular).toHaveLength(12);
    expect(new Set(regular.map((m) => m.scheduledDate)).size).toBe(12);
    expect(after.find((m) => m.scheduledDate === '2026-03-09')).toMatchObject({ startsAt: '2026-03-09T17:00', moved: false });
    expect(after.find((m) => m.scheduledDate === '2026-03-10')).toMatchObject({ startsAt: '2026-03-10T17:00' });
    expect(after.find((m) => m.id === before[1]!.id)).toBeUndefined();
    // Changing only the children remakes nothing.
    const idsBefore = (await meetingRows(created.id)).map((r) => r.id);
    await s.request('PUT', CLASSES_PATHS.class(created.id), input('Changing Times', { weekdays: [1, 2], startTime: '17:00', startDate: '2026-03-01', endDate: '2026-04-10', studentIds: danas.slice(0, 2) }), { token: tokens.dana });
    expect((await meetingRows(created.id)).map((r) => r.id)).toEqual(idsBefore);
  });

  test("the list is in time order whatever each place's zone, and a day is each place's own day", async () => {
    const maria = await s.login('maria', 'demo-owner-2026');
    const one = { startDate: '2026-03-10', endDate: '2026-03-10', weekdays: [2] as ClassInput['weekdays'], studentIds: [] };
    for (const body of [
      input('Tokyo Early', { ...one, timeZone: 'Asia/Tokyo', startTime: '08:00' }), // 9 March 23:00 UTC
      input('Madrid Morning', { ...one, timeZone: 'Europe/Madrid', startTime: '09:00' }), // 08:00 UTC
      input('New York Night', { ...one, timeZone: 'America/New_York', startTime: '23:30' }), // 11 March 03:30 UTC
      input('UTC Noon', { ...one, timeZone: 'UTC', startTime: '12:00' }),
    ]) await createClass(body, maria);
    const day = await list('from=2026-03-10&to=2026-03-10', maria);
    expect(day.map((m) => [m.className, m.startsAt])).toEqual([
      ['Tokyo Early', '2026-03-10T08:00'],
      ['Madrid Morning', '2026-03-10T09:00'],
      ['UTC Noon', '2026-03-10T12:00'],
      ['New York Night', '2026-03-10T23:30'],
    ]);
    expect(await list('from=2026-03-09&to=2026-03-09', maria)).toEqual([]);
    expect(await list('from=2026-03-11&to=2026-03-11', maria)).toEqual([]);
  });

  test('a range is two real dates in order and at most 42 days; an owner sees only her own; an administrator chooses', async () => {
    const refusals: [string, string, RegExp][] = [
      ['from=2026-03-10&to=2026-03-09', 'to', /must not be before/],
      ['from=2026-03-01&to=2026-04-12', 'to', /At most 42 days/],
      ['from=2026-02-30&to=2026-03-09', 'from', /real date/],
      ['to=2026-03-09', 'from', /Missing/],
      ['from=2026-03-09&to=2026-03-09&class=abc', 'class', /integer/],
    ];
    for (const [query, field, words] of refusals) expectRefused(await s.get(`${MEETINGS_PATHS.meetings}?${query}`, { token: tokens.dana }), 400, 'rest_invalid_param', field, words);
    expect((await list('from=2026-03-01&to=2026-04-11')).length).toBeGreaterThan(0);
    const leeClass = await createClass(input('Lee Only', { studentIds: [] }), tokens.lee);
    expectWpError(await s.get(`${MEETINGS_PATHS.meetings}?from=2026-03-09&to=2026-03-15&owner=${ids.get('lee')!.id}`, { token: tokens.dana }), 403, 'rest_forbidden');
    expectWpError(await s.get(`${MEETINGS_PATHS.meetings}?from=2026-03-09&to=2026-03-15&class=${leeClass.id}`, { token: tokens.dana }), 404, 'rest_post_invalid_id');
    expect((await list('from=2026-03-09&to=2026-03-15')).every((m) => m.ownerId === ids.get('dana')!.id)).toBe(true);
    const leeMeeting = (await list('from=2026-03-09&to=2026-03-15', tokens.lee)).find((m) => m.classId === leeClass.id)!;
    expectWpError(await s.get(MEETINGS_PATHS.meeting(leeMeeting.id), { token: tokens.dana }), 404, 'rest_post_invalid_id');
    expectWpError(await put(leeMeeting.id, { cancelled: true }), 404, 'rest_post_invalid_id');
    expectWpError(await s.post(MEETINGS_PATHS.classMeetings(leeClass.id), { startsAt: '2026-03-10T10:00' }, { token: tokens.dana }), 404, 'rest_post_invalid_id');
    const adminsLee = await list(`from=2026-03-09&to=2026-03-15&owner=${ids.get('lee')!.id}`, tokens.admin);
    expect(adminsLee.map((m) => m.id)).toContain(leeMeeting.id);
    expect(adminsLee.every((m) => m.ownerId === ids.get('lee')!.id)).toBe(true);
    expect((await list('from=2026-03-09&to=2026-03-15', tokens.admin)).map((m) => m.ownerId)).toEqual(expect.arrayContaining([ids.get('dana')!.id, ids.get('lee')!.id]));
  });

  test('archived classes have no meetings in the list; put back, they are there again', async () => {
    const created = await createClass(input('Archive Me', { studentIds: [] }));
    expect(await ofClass(created.id)).toHaveLength(6);
    await s.post(CLASSES_PATHS.classArchive(created.id), { archived: true }, { token: tokens.dana });
    expect(await ofClass(created.id)).toEqual([]);
    expect((await list('from=2026-03-09&to=2026-03-15')).map((m) => m.classId)).not.toContain(created.id);
    await s.post(CLASSES_PATHS.classArchive(created.id), { archived: false }, { token: tokens.dana });
    expect(await ofClass(created.id)).toHaveLength(6);
  });

  test('a meeting is moved, cancelled, put back and noted; an extra one added; each is in the audit log by ids', async () => {
    const created = await createClass(input('Holiday Group', { startDate: '2026-03-01', endDate: '2026-03-31' }));
    const [first, second] = await ofClass(created.id);
    const moved = await put(first!.id, { startsAt: '2026-03-03T10:00', lengthMinutes: 90, note: 'Purim: on Tuesday morning' });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ id: first!.id, startsAt: '2026-03-03T10:00', startsAtUtc: '2026-03-03T08:00:00.000Z', lengthMinutes: 90, moved: true, scheduledDate: '2026-03-02', note: 'Purim: on Tuesday morning', status: 'scheduled' });
    expect((await put(second!.id, { cancelled: true })).body).toMatchObject({ status: 'cancelled', moved: false });
    expect((await put(second!.id, { cancelled: false })).body).toMatchObject({ status: 'scheduled' });
    // Moved back to its scheduled time, it is not moved any more.
    expect((await put(first!.id, { startsAt: '2026-03-02T16:00', lengthMinutes: 60 })).body).toMatchObject({ moved: false });
    const extra = await s.post(MEETINGS_PATHS.classMeetings(created.id), { startsAt: '2026-03-12T16:00', note: 'Make-up lesson' }, { token: tokens.dana });
    expect(extra.status).toBe(201);
    expect(extra.body).toMatchObject({ kind: 'extra', scheduledDate: null, moved: false, startsAt: '2026-03-12T16:00', lengthMinutes: 60, note: 'Make-up lesson', studentCount: 4 });
    expect((await ofClass(created.id)).map((m) => m.startsAt)).toEqual(['2026-03-02T16:00', '2026-03-09T16:00', '2026-03-12T16:00', '2026-03-16T16:00', '2026-03-23T16:00', '2026-03-30T16:00']);
    const audit = (await s.get(`${ROSTER_PATHS.audit}?owner=${ids.get('dana')!.id}&limit=10`, { token: tokens.admin })).body as AuditPage;
    const mine = audit.entries.filter((e) => e.subject.id === created.id && e.action.startsWith('meeting.')).map((e) => [e.action, e.after.meetingId]);
    expect(mine).toEqual([
      ['meeting.extra', (extra.body as MeetingRecord).id],
      ['meeting.move', first!.id],
      ['meeting.restore', second!.id],
      ['meeting.cancel', second!.id],
      ['meeting.move', first!.id],
    ]);
    expect(JSON.stringify(audit.entries)).not.toContain('Purim');
  });

  test('a move out of the class dates, onto another meeting, or of an attended meeting is refused by name and changes nothing', async () => {
    const created = await createClass(input('Strict Group', { weekdays: [1, 3], startDate: '2026-03-02', endDate: '2026-03-31' }));
    const [mon, wed] = await ofClass(created.id);
    nowMs = Date.parse('2026-03-02T14:00:00Z');
    await s.request('PUT', MEETINGS_PATHS.attendance(mon!.id), { marks: [{ studentId: danas[1], mark: 'late' }] }, { token: tokens.dana });
    nowMs = START;
    const extra = (await s.post(MEETINGS_PATHS.classMeetings(created.id), { startsAt: '2026-03-13T16:00' }, { token: tokens.dana })).body as MeetingRecord;
    await put(extra.id, { cancelled: true });
    // A meeting moved onto the cancelled extra's time takes it; putting the extra back would overlap.
    expect((await put(wed!.id, { startsAt: '2026-03-13T16:30' })).status).toBe(200);
    expect((await s.post(MEETINGS_PATHS.classMeetings(created.id), { startsAt: '2026-03-16T17:30' }, { token: tokens.dana })).status).toBe(201);
    const mar16 = (await ofClass(created.id)).find((m) => m.scheduledDate === '2026-03-16')!;
    const snapshot = await s.snapshot();
    const cases: [string, Answer, number, string, string, RegExp][] = [
      ['before the class starts', await put(wed!.id, { startsAt: '2026-03-01T16:00' }), 400, 'rest_invalid_param', 'startsAt', /from 2026-03-02 to 2026-03-31/],
      ['after it ends', await put(wed!.id, { startsAt: '2026-04-01T16:00' }), 400, 'rest_invalid_param', 'startsAt', /outside/],
      ['onto another meeting', await put(wed!.id, { startsAt: '2026-03-09T16:59' }), 400, 'rest_invalid_param', 'startsAt', /overlap the class's meeting at 2026-03-09T16:00/],
      ['longer, into the next', await put(mar16.id, { lengthMinutes: 120 }), 400, 'rest_invalid_param', 'lengthMinutes', /overlap/],
      ['put back onto a meeting', await put(extra.id, { cancelled: false }), 400, 'rest_invalid_param', 'cancelled', /overlap the class's meeting at 2026-03-13T16:30/],
      ['an extra one onto a meeting', await s.post(MEETINGS_PATHS.classMeetings(created.id), { startsAt: '2026-03-16T15:30' }, { token: tokens.dana }), 400, 'rest_invalid_param', 'startsAt', /overlap/],
      ['an extra one after the end', await s.post(MEETINGS_PATHS.classMeetings(created.id), { startsAt: '2026-04-02T15:30' }, { token: tokens.dana }), 400, 'rest_invalid_param', 'startsAt', /outside/],
      ['an attended one moved', await put(mon!.id, { startsAt: '2026-03-03T16:00' }), 409, 'yo_meeting_attended', 'startsAt', /Attendance was taken/],
      ['an attended one cancelled', await put(mon!.id, { cancelled: true }), 409, 'yo_meeting_attended', 'cancelled', /Attendance was taken/],
      ['not a time', await put(wed!.id, { startsAt: '2026-03-05 16:00' }), 400, 'rest_invalid_param', 'startsAt', /YYYY-MM-DDTHH:MM/],
      ['too long a note', await put(wed!.id, { note: 'x'.repeat(201) }), 400, 'rest_invalid_param', 'note', /200/],
      ['an unknown field', await put(wed!.id, { classId: 5 }), 400, 'rest_invalid_param', 'classId', /Unknown/],
    ];
    for (const [what, answer, status, code, field, words] of cases) {
      try {
        expectRefused(answer, status, code, field, words);
      } catch (err) {
        throw new Error(`${what}: ${(err as Error).message}`);
      }
    }
    expect(await s.snapshot()).toBe(snapshot);
    // A note on an attended meeting is fine.
    expect((await put(mon!.id, { note: 'Great session', startsAt: mon!.startsAt })).body).toMatchObject({ note: 'Great session', attendance: { late: 1, unmarked: 3 } });
    expectWpError(await put(999_999, { cancelled: true }), 404, 'rest_post_invalid_id');
  });

  test("the calendar feed's list: an owner's meetings between two instants, in order, cancelled ones included, archived classes' and other owners' left out", async () => {
    const lee = await s.login('lee', 'demo-owner-2026');
    const kept = await createClass(input('Feed Kept', { weekdays: [2], startTime: '09:00', timeZone: 'Europe/Madrid', startDate: '2026-05-01', endDate: '2026-05-31', studentIds: [] }), lee);
    const gone = await createClass(input('Feed Archived', { weekdays: [2], startDate: '2026-05-01', endDate: '2026-05-31', studentIds: [] }), lee);
    await s.post(CLASSES_PATHS.classArchive(gone.id), { archived: true }, { token: lee });
    const [first] = (await list(`from=2026-05-01&to=2026-05-31&class=${kept.id}`, lee));
    await put(first!.id, { cancelled: true }, lee);
    const ctx = { db: s.db, clock: () => new Date(nowMs) } as unknown as DomainContext;
    const feed = await ownerMeetingsBetween(ctx, ids.get('lee')!.id, new Date('2026-05-05T07:00:00Z'), new Date('2026-05-19T07:00:01Z'));
    expect(feed.every((m) => m.ownerId === ids.get('lee')!.id)).toBe(true);
    expect(feed.map((m) => m.startsAtUtc)).toEqual(feed.map((m) => m.startsAtUtc).sort());
    expect(feed.filter((m) => m.className.startsWith('Feed')).map((m) => [m.className, m.startsAtUtc, m.status])).toEqual([
      ['Feed Kept', '2026-05-05T07:00:00.000Z', 'cancelled'],
      ['Feed Kept', '2026-05-12T07:00:00.000Z', 'scheduled'],
      ['Feed Kept', '2026-05-19T07:00:00.000Z', 'scheduled'],
    ]);
  });
});
