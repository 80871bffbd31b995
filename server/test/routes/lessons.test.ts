/**
 * Lessons used and left: counted from attendance (or from meetings held, the administrators'
 * setting) in the students list and a student's lessons; a renewal and its audit entry, read at once
 * through a second instance; bad input changes nothing.
 */
import { CLASSES_PATHS, DEFAULT_LESSON_SETTINGS, LESSONS_PATHS, MEETINGS_PATHS, ROSTER_PATHS, type ClassInput, type ClassRecord, type LessonSettings, type StudentLessons, type WireStudent } from '../../../contract';
import { DEMO, PATHS, TEST_AUTH_KEY, describeEachDb, expectWpError, startSecondInstance, startTestServer, type SecondInstance, type TestServer } from '../harness';

jest.setTimeout(90_000);

// Monday 23 March 2026, 14:10 UTC: ten minutes into the 16:00 meeting in Jerusalem (UTC+2).
const DURING = Date.parse('2026-03-23T14:10:00Z');
const AFTER = Date.parse('2026-03-23T15:10:00Z');

describeEachDb('lessons used and left', (dialect) => {
  let s: TestServer;
  let second: SecondInstance;
  let now = DURING;
  let dana = '';
  let admin = '';
  let lee = '';
  let mia = '';
  /** Four of Dana's students: A, B, C, D. */
  let kids: number[] = [];
  const meetingOn = new Map<string, number>();

  beforeAll(async () => {
    const clock = () => new Date(now);
    s = await startTestServer({ dialect, clock });
    second = await startSecondInstance(s, clock);
    dana = await s.login('dana', DEMO.dana.password);
    admin = await s.login('admin', DEMO.admin.password);
    lee = await s.login('lee', DEMO.lee.password);
    mia = await s.login('mia', DEMO.mia.password);
    kids = (await s.db.kysely.selectFrom('users').innerJoin('users as owner', 'owner.id', 'users.teacher_id').select('users.id').where('owner.username', '=', 'dana').orderBy('users.id').execute())
      .map((r) => r.id)
      .slice(0, 4);
    await s.db.kysely.updateTable('students').set({ lessons_start_date: '2026-03-01', lessons_end_date: '2026-06-30', number_of_lessons: 10 }).where('user_id', 'in', kids).execute();
    const input: ClassInput = { name: 'Monday Builders', programId: 130, place: 'Oak Street School', weekdays: [1], startTime: '16:00', lengthMinutes: 60, startDate: '2026-03-01', endDate: '2026-06-30', timeZone: 'Asia/Jerusalem', studentIds: kids };
    const created = await s.post(CLASSES_PATHS.classes, input, { token: dana });
    expect(created.status).toBe(201);
    const meetings = await s.db.kysely.selectFrom('class_meetings').select(['id', 'scheduled_date']).where('class_id', '=', (created.body as ClassRecord).id).execute();
    for (const m of meetings) meetingOn.set(m.scheduled_date ?? '', m.id);
    const [a, b, c, d] = kids;
    const mark = async (day: string, marks: [number | undefined, string][]) => {
      const saved = await s.request('PUT', MEETINGS_PATHS.attendance(meetingOn.get(day)!), { marks: marks.map(([studentId, m]) => ({ studentId, mark: m })) }, { token: dana });
      expect(saved.status).toBe(200);
    };
    await mark('2026-03-02', [[a, 'present'], [b, 'absent'], [c, 'late']]);
    await mark('2026-03-09', [[a, 'present']]);
    await mark('2026-03-23', [[a, 'present'], [d, 'absent']]);
  });
  afterAll(async () => {
    await second?.close();
    await s?.close();
  });

  const viaSecond = (method: string, urlPath: string, body?: unknown, token = dana) => second.request(method, urlPath, token, body);
  /** The students list's lessons fields for the four children, as the wire writes them. */
  const listed = async (read: (path: string, body: unknown) => Promise<{ body: unknown }> = (p, b) => s.post(p, b, { token: dana })) => {
    const rows = (await read(PATHS.students, { AUTH_KEY: TEST_AUTH_KEY })).body as WireStudent[];
    return kids.map((id) => {
      const row = rows.find((r) => Number(r.user_id) === id)!;
      return [row.number_of_lessons, row.lessons_used, row.lessons_left];
    });
  };
  const lessonsOf = async (id: number) => (await s.get(LESSONS_PATHS.studentLessons(id), { token: dana })).body as StudentLessons;
  const shown = (l: StudentLessons) => l.meetings.map((m) => [m.startsAt, m.mark, m.counted]);
  const settings = async (change: Partial<LessonSettings>) => {
    const put = await s.request('PUT', LESSONS_PATHS.lessonSettings, { ...DEFAULT_LESSON_SETTINGS, ...change }, { token: admin });
    expect(put.status).toBe(200);
  };

  test('attended lessons count by default; held ones when the office says so, as each meeting ends; the list and the page agree', async () => {
    const [a, b, , d] = kids as [number, number, number, number];
    expect(await listed()).toEqual([
      ['10', '3', '7'],
      ['10', '0', '10'],
      ['10', '1', '9'],
      ['10', '0', '10'],
    ]);
    // Administrators see the same fields (numbers written as strings, as number_of_lessons is).
    expect(await listed((p, body) => s.post(p, body, { token: admin }))).toEqual(await listed());
    const aLessons = await lessonsOf(a);
    expect({ ...aLessons, meetings: shown(aLessons) }).toEqual({
      studentId: a,
      total: 10,
      used: 3,
      left: 7,
      startDate: '2026-03-01',
      endDate: '2026-06-30',
      countHeldLessons: false,
      meetings: [
        ['2026-03-23T16:00', 'present', true],
        ['2026-03-16T16:00', null, false],
        ['2026-03-09T16:00', 'present', true],
        ['2026-03-02T16:00', 'present', true],
      ],
    });
    expect(aLessons.meetings[0]).toMatchObject({ className: 'Monday Builders', status: 'scheduled', meetingId: meetingOn.get('2026-03-23') });
    expect(shown(await lessonsOf(b))).toEqual([
      ['2026-03-16T16:00', null, false],
      ['2026-03-09T16:00', null, false],
      ['2026-03-02T16:00', 'absent', false],
    ]);

    // A holiday: the 16th is cancelled and leaves the lists.
    expect((await s.request('PUT', MEETINGS_PATHS.meeting(meetingOn.get('2026-03-16')!), { cancelled: true }, { token: dana })).status).toBe(200);
    expect(shown(await lessonsOf(a)).map(([at]) => at)).toEqual(['2026-03-23T16:00', '2026-03-09T16:00', '2026-03-02T16:00']);

    await settings({ countHeldLessons: true });
    expect((await s.get(LESSONS_PATHS.lessonSettings, { token: dana })).body).toEqual({ ...DEFAULT_LESSON_SETTINGS, countHeldLessons: true });
    // The 2nd and the 9th were held; today's has not ended yet.
    expect((await listed()).map(([, used]) => used)).toEqual(['2', '2', '2', '2']);
    expect(shown(await lessonsOf(a))).toEqual([
      ['2026-03-23T16:00', 'present', false],
      ['2026-03-09T16:00', 'present', true],
      ['2026-03-02T16:00', 'present', true],
    ]);
    now = AFTER;
    expect((await listed()).map(([, used, left]) => [used, left])).toEqual([
      ['3', '7'],
      ['3', '7'],
      ['3', '7'],
      ['3', '7'],
    ]);
    const dLessons = await lessonsOf(d);
    expect([dLessons.used, dLessons.countHeldLessons, shown(dLessons)[0]]).toEqual([3, true, ['2026-03-23T16:00', 'absent', true]]);

    await settings({ countHeldLessons: false });
    expect((await listed()).map(([, used]) => used)).toEqual(['3', '0', '1', '0']);
    const audit = await s.db.kysely.selectFrom('audit_log').select(['actor_id', 'before_json', 'after_json']).where('action', '=', 'settings.lessons').orderBy('id').execute();
    expect(audit.map((r) => [JSON.parse(r.before_json), JSON.parse(r.after_json)])).toEqual([
      [{ countHeldLessons: false }, { countHeldLessons: true }],
      [{ countHeldLessons: true }, { countHeldLessons: false }],
    ]);
  });

  test('a renewal adds lessons and a new end date in one audited change, read at once through another instance', async () => {
    const [a] = kids as [number];
    // The second instance has its own cache of the list: it must not answer from it after the renewal.
    expect((await listed((p, body) => viaSecond('POST', p, body)))[0]).toEqual(['10', '3', '7']);
    const renewed = await s.post(LESSONS_PATHS.studentRenewal(a), { addLessons: 10, endDate: '2026-09-30' }, { token: dana });
    expect(renewed.status).toBe(200);
    expect(renewed.body).toMatchObject({ studentId: a, total: 20, used: 3, left: 17, endDate: '2026-09-30' });
    expect((await viaSecond('GET', LESSONS_PATHS.studentLessons(a))).body).toEqual(renewed.body);
    expect((await listed((p, body) => viaSecond('POST', p, body)))[0]).toEqual(['20', '3', '17']);
    const student = (await viaSecond('GET', ROSTER_PATHS.student(a))).body as { lessons_end_date: string; number_of_lessons: string };
    expect([student.lessons_end_date, student.number_of_lessons]).toEqual(['2026-09-30', '20']);
    const entries = await s.db.kysely.selectFrom('audit_log').selectAll().where('action', '=', 'student.renew').execute();
    const danaId = (await s.db.kysely.selectFrom('users').select('id').where('username', '=', 'dana').executeTakeFirstOrThrow()).id;
    expect(entries.map((e) => ({ ...e, id: 0, before_json: JSON.parse(e.before_json) as unknown, after_json: JSON.parse(e.after_json) as unknown }))).toEqual([
      {
        id: 0,
        at: new Date(now).toISOString(),
        actor_id: danaId,
        actor_role: 'franchise_owner',
        action: 'student.renew',
        subject_type: 'student',
        subject_id: a,
        owner_id: danaId,
        before_json: { number_of_lessons: 10, lessons_end_date: '2026-06-30' },
        after_json: { number_of_lessons: 20, lessons_end_date: '2026-09-30' },
      },
    ]);
    // An administrator renews too; the end date may stay as it is.
    expect(((await viaSecond('POST', LESSONS_PATHS.studentRenewal(a), { addLessons: '1', endDate: '2026-09-30' }, admin)).body as StudentLessons).total).toBe(21);
  });

  test('bad input, another owner, a student, an ended or erased child: refused, and nothing changes', async () => {
    const [a, b, c] = kids as [number, number, number];
    expect((await s.post(ROSTER_PATHS.studentEnd(b), undefined, { token: dana })).status).toBe(200);
    await s.db.kysely.updateTable('students').set({ erased_at: new Date(now).toISOString() }).where('user_id', '=', c).execute();
    const before = await s.snapshot();
    const renew = (id: number, body: unknown, token: string | null = dana) => s.request('POST', LESSONS_PATHS.studentRenewal(id), body, token === null ? {} : { token });
    const bad: [unknown, string][] = [
      [{ addLessons: 0, endDate: '2026-10-01' }, 'addLessons'],
      [{ addLessons: 201, endDate: '2026-10-01' }, 'addLessons'],
      [{ addLessons: 'ten', endDate: '2026-10-01' }, 'addLessons'],
      [{ addLessons: 5, endDate: '2026-02-30' }, 'endDate'],
      [{ addLessons: 5, endDate: '2026-09-29' }, 'endDate'],
      [{ addLessons: 5 }, 'endDate'],
      [{ addLessons: 5, endDate: '2026-10-01', number_of_lessons: 99 }, 'number_of_lessons'],
    ];
    for (const [body, field] of bad) {
      const answer = await renew(a, body);
      expectWpError(answer, 400, 'rest_invalid_param');
      expect(Object.keys((answer.body as { data: { params: Record<string, string> } }).data.params)).toEqual([field]);
    }
    // A child whose end date is past: not before today either.
    await s.db.kysely.updateTable('students').set({ lessons_end_date: '2026-03-01' }).where('user_id', '=', kids[3]!).execute();
    const pastEnd = await s.snapshot();
    expect(((await renew(kids[3]!, { addLessons: 5, endDate: '2026-03-22' })).body as { data: { params: { endDate: string } } }).data.params.endDate).toContain('2026-03-23');
    expect(await s.snapshot()).toBe(pastEnd);
    await s.db.kysely.updateTable('students').set({ lessons_end_date: '2026-06-30' }).where('user_id', '=', kids[3]!).execute();

    const good = { addLessons: 5, endDate: '2026-10-01' };
    const ended = await renew(b, good);
    expectWpError(ended, 409, 'student_ended');
    expect((ended.body as { message: string }).message).toMatch(/ended.*re-activate/i);
    expectWpError(await renew(c, good), 409, 'student_erased');
    expectWpError(await renew(a, good, lee), 404, 'rest_user_invalid_id');
    expectWpError(await s.get(LESSONS_PATHS.studentLessons(a), { token: lee }), 404, 'rest_user_invalid_id');
    expectWpError(await renew(999_999, good), 404, 'rest_user_invalid_id');
    expectWpError(await renew(a, good, mia), 403, 'rest_forbidden');
    expectWpError(await renew(a, good, null), 401, 'rest_forbidden');

    const put = (body: unknown, token = admin) => s.request('PUT', LESSONS_PATHS.lessonSettings, body, { token });
    for (const [change, field] of [
      [{ renewalLessonsLeft: 51 }, 'renewalLessonsLeft'],
      [{ renewalLessonsLeft: -1 }, 'renewalLessonsLeft'],
      [{ renewalDaysBeforeEnd: 121 }, 'renewalDaysBeforeEnd'],
      [{ renewalDaysBeforeEnd: 1.5 }, 'renewalDaysBeforeEnd'],
      [{ countHeldLessons: 'yes' }, 'countHeldLessons'],
    ] as const) {
      const answer = await put({ ...DEFAULT_LESSON_SETTINGS, ...change });
      expectWpError(answer, 400, 'rest_invalid_param');
      expect(Object.keys((answer.body as { data: { params: Record<string, string> } }).data.params)).toEqual([field]);
    }
    expectWpError(await put({ countHeldLessons: true }), 400, 'rest_invalid_param');
    expectWpError(await put({ ...DEFAULT_LESSON_SETTINGS, countHeldLessons: true }, dana), 403, 'rest_forbidden');
    expectWpError(await s.get(LESSONS_PATHS.lessonSettings, { token: mia }), 403, 'rest_forbidden');
    expect(await s.snapshot()).toBe(before);
  });
});
