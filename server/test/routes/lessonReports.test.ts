/**
 * Renewals due (the thresholds, the administrators' settings, an owner's list and the office's
 * filters) and the office's monthly report, checked cell by cell against the database's rows.
 */
import { CLASSES_PATHS, DEFAULT_LESSON_SETTINGS, LESSONS_PATHS, MEETINGS_PATHS, type ClassInput, type ClassRecord, type MonthlyReport, type RenewalDue } from '../../../contract';
import { DEMO, describeEachDb, expectWpError, startTestServer, type TestServer } from '../harness';

jest.setTimeout(90_000);

// Monday 23 March 2026, 14:10 UTC: today's 16:00 meeting in Jerusalem (UTC+2) is under way.
const NOW = Date.parse('2026-03-23T14:10:00Z');

describeEachDb('renewals due and the monthly report', (dialect) => {
  let s: TestServer;
  let dana = '';
  let lee = '';
  let admin = '';
  let mia = '';
  const ids = new Map<string, number>();
  let danas: number[] = [];
  let lees: number[] = [];

  const setStudent = (id: number, fields: { number_of_lessons?: number; lessons_end_date?: string; lessons_start_date?: string }) => s.db.kysely.updateTable('students').set(fields).where('user_id', '=', id).execute();

  beforeAll(async () => {
    s = await startTestServer({ dialect, clock: () => new Date(NOW) });
    [dana, lee, admin, mia] = [await s.login('dana', DEMO.dana.password), await s.login('lee', DEMO.lee.password), await s.login('admin', DEMO.admin.password), await s.login('mia', DEMO.mia.password)];
    for (const u of await s.db.kysely.selectFrom('users').select(['id', 'username']).execute()) ids.set(u.username, u.id);
    const studentsOf = async (owner: string) => (await s.db.kysely.selectFrom('students').select('user_id').where('teacher_id', '=', ids.get(owner)!).orderBy('user_id').execute()).map((r) => r.user_id);
    [danas, lees] = [await studentsOf('dana'), await studentsOf('lee')];
    // Nobody due unless a test says so.
    await s.db.kysely.updateTable('students').set({ lessons_start_date: '2026-01-01', lessons_end_date: '2026-12-31', number_of_lessons: 20 }).execute();
  });
  afterAll(async () => {
    await s?.close();
  });

  const classInput = (name: string, studentIds: number[], extra: Partial<ClassInput>): ClassInput => ({
    name,
    programId: 130,
    place: '',
    weekdays: [1],
    startTime: '16:00',
    lengthMinutes: 60,
    startDate: '2026-02-01',
    endDate: '2026-06-30',
    timeZone: 'Asia/Jerusalem',
    studentIds,
    ...extra,
  });
  const due = async (query = '', token = admin) => {
    const answer = await s.get(LESSONS_PATHS.renewalsDue + query, { token });
    expect(answer.status).toBe(200);
    return (answer.body as RenewalDue[]).map((r) => [r.studentId, r.left, r.endDate, r.reasons]);
  };

  test('renewals due: 2 or fewer lessons left or an end within 14 days, fewest left first, as the office sets the numbers', async () => {
    const [e, f, g, h, i, k] = danas as [number, number, number, number, number, number];
    const l1 = lees[0]!;
    await setStudent(e, { number_of_lessons: 2 });
    await setStudent(f, { number_of_lessons: 3, lessons_end_date: '2026-04-06' });
    await setStudent(g, { number_of_lessons: 3, lessons_end_date: '2026-04-07' });
    await setStudent(h, { number_of_lessons: 1, lessons_end_date: '2026-04-01' });
    await setStudent(i, { number_of_lessons: 0 });
    await s.db.kysely.updateTable('users').set({ sign_in_disabled_at: '2026-03-20T10:00:00.000Z' }).where('id', '=', i).execute();
    await setStudent(l1, { number_of_lessons: 2, lessons_end_date: '2026-11-30' });
    // K has 4 lessons and attended two: 2 left.
    await setStudent(k, { number_of_lessons: 4 });
    const created = (await s.post(CLASSES_PATHS.classes, classInput('Renewal Class', [k], {}), { token: dana })).body as ClassRecord;
    const feb = await s.db.kysely.selectFrom('class_meetings').select('id').where('class_id', '=', created.id).orderBy('starts_at_utc').limit(3).execute();
    const marks = feb.map((m, n) => ({ studentId: k, mark: n === 1 ? 'absent' : 'late', meeting: m.id }));
    for (const m of marks) expect((await s.request('PUT', MEETINGS_PATHS.attendance(m.meeting), { marks: [{ studentId: m.studentId, mark: m.mark }] }, { token: dana })).status).toBe(200);

    const danasDue = [
      [h, 1, '2026-04-01', ['lessons', 'endDate']],
      [e, 2, '2026-12-31', ['lessons']],
      [k, 2, '2026-12-31', ['lessons']],
      [f, 3, '2026-04-06', ['endDate']],
    ];
    expect(await due('', dana)).toEqual(danasDue);
    const first = (await s.get(LESSONS_PATHS.renewalsDue, { token: dana })).body as RenewalDue[];
    const danaRow = await s.db.kysely.selectFrom('students').selectAll().where('user_id', '=', h).executeTakeFirstOrThrow();
    expect(first[0]).toEqual({
      studentId: h,
      firstName: danaRow.student_first_name,
      lastName: danaRow.student_last_name,
      ownerId: ids.get('dana'),
      ownerName: (await s.db.kysely.selectFrom('users').select('display_name').where('id', '=', ids.get('dana')!).executeTakeFirstOrThrow()).display_name,
      country: (await s.db.kysely.selectFrom('users').select('country').where('id', '=', ids.get('dana')!).executeTakeFirstOrThrow()).country,
      program: danaRow.program,
      total: 1,
      used: 0,
      left: 1,
      endDate: '2026-04-01',
      reasons: ['lessons', 'endDate'],
      parentName: danaRow.parent_name,
      parentEmail: danaRow.parent_email,
      phone: danaRow.phone,
    });
    expect((await s.get(`${LESSONS_PATHS.renewalsDue}?owner=${ids.get('dana')}`, { token: dana })).status).toBe(200);
    expectWpError(await s.get(`${LESSONS_PATHS.renewalsDue}?owner=${ids.get('dana')}`, { token: lee }), 403, 'rest_forbidden');
    expectWpError(await s.get(LESSONS_PATHS.renewalsDue, { token: mia }), 403, 'rest_forbidden');
    expectWpError(await s.get(LESSONS_PATHS.renewalsDue), 401, 'rest_forbidden');
    expect(await due('', lee)).toEqual([[l1, 2, '2026-11-30', ['lessons']]]);

    // The office: everyone's, by owner, by country.
    expect(await due()).toEqual([danasDue[0], [l1, 2, '2026-11-30', ['lessons']], danasDue[1], danasDue[2], danasDue[3]]);
    expect(await due(`?owner=${ids.get('lee')}`)).toEqual([[l1, 2, '2026-11-30', ['lessons']]]);
    const leeCountry = (await s.db.kysely.selectFrom('users').select('country').where('id', '=', ids.get('lee')!).executeTakeFirstOrThrow()).country;
    const danaCountry = (await s.db.kysely.selectFrom('users').select('country').where('id', '=', ids.get('dana')!).executeTakeFirstOrThrow()).country;
    expect(leeCountry).not.toBe(danaCountry);
    expect(await due(`?country=${encodeURIComponent(leeCountry)}`)).toEqual([[l1, 2, '2026-11-30', ['lessons']]]);
    expect(await due(`?country=${encodeURIComponent(danaCountry)}&owner=${ids.get('lee')}`)).toEqual([]);

    const settings = async (renewalLessonsLeft: number, renewalDaysBeforeEnd: number) =>
      expect((await s.request('PUT', LESSONS_PATHS.lessonSettings, { ...DEFAULT_LESSON_SETTINGS, renewalLessonsLeft, renewalDaysBeforeEnd }, { token: admin })).status).toBe(200);
    await settings(3, 15);
    expect(await due('', dana)).toEqual([
      danasDue[0],
      danasDue[1],
      danasDue[2],
      [f, 3, '2026-04-06', ['lessons', 'endDate']],
      [g, 3, '2026-04-07', ['lessons', 'endDate']],
    ]);
    await settings(2, 14);
    expect((await due('', dana)).map(([id]) => id)).toEqual([h, e, k, f]);
    await settings(0, 0);
    expect(await due('', dana)).toEqual([]);
    await settings(2, 14);
  });

  /** The month's figures per owner, from the database's rows, in plain code. */
  async function expectedReport(month: string): Promise<MonthlyReport> {
    const db = s.db.kysely;
    const [first, last] = [`${month}-01`, new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).toISOString().slice(0, 10)];
    const fromUtc = `${first}T00:00:00.000Z`;
    const owners = await db.selectFrom('users').select(['id', 'display_name', 'country']).where('role', '=', 'franchise_owner').orderBy('display_name').orderBy('id').execute();
    const students = await db.selectFrom('students').innerJoin('users', 'users.id', 'students.user_id').select(['students.teacher_id', 'lessons_start_date', 'lessons_end_date', 'sign_in_disabled_at', 'erased_at']).execute();
    const meetings = await db.selectFrom('class_meetings').innerJoin('classes', 'classes.id', 'class_meetings.class_id').select(['class_meetings.id', 'owner_id', 'starts_at', 'starts_at_utc', 'class_meetings.length_minutes', 'status']).execute();
    const marks = await db.selectFrom('meeting_attendance').select(['meeting_id', 'mark']).execute();
    const renewals = await db.selectFrom('audit_log').select(['owner_id', 'at']).where('action', '=', 'student.renew').execute();
    const dueNow = (await s.get(LESSONS_PATHS.renewalsDue, { token: admin })).body as RenewalDue[];
    const nextMonth = new Date(Date.parse(fromUtc));
    nextMonth.setUTCMonth(nextMonth.getUTCMonth() + 1);
    const endsLocal = (m: (typeof meetings)[number]) => new Date(Date.parse(`${m.starts_at}:00Z`) + m.length_minutes * 60_000).toISOString().slice(0, 10);
    const held = meetings.filter((m) => m.status === 'scheduled' && endsLocal(m) >= first && endsLocal(m) <= last && Date.parse(m.starts_at_utc) + m.length_minutes * 60_000 <= NOW);
    const rows = owners.map((o) => {
      const heldIds = new Set(held.filter((m) => m.owner_id === o.id).map((m) => m.id));
      const given = marks.filter((m) => heldIds.has(m.meeting_id));
      return {
        ownerId: o.id,
        ownerName: o.display_name,
        country: o.country,
        activeStudents: students.filter(
          (st) => st.teacher_id === o.id && st.lessons_start_date <= last && st.lessons_end_date >= first && (st.sign_in_disabled_at === null || st.sign_in_disabled_at >= fromUtc) && (st.erased_at === null || st.erased_at >= fromUtc),
        ).length,
        meetingsHeld: heldIds.size,
        attendanceRate: given.length === 0 ? null : given.filter((m) => m.mark !== 'absent').length / given.length,
        renewalsDue: dueNow.filter((r) => r.ownerId === o.id).length,
        renewalsMade: renewals.filter((r) => r.owner_id === o.id && r.at >= fromUtc && r.at < nextMonth.toISOString()).length,
      };
    });
    const sum = (pick: (r: (typeof rows)[number]) => number) => rows.reduce((t, r) => t + pick(r), 0);
    const allGiven = marks.filter((m) => held.some((h) => h.id === m.meeting_id));
    return {
      month,
      rows,
      totals: {
        activeStudents: sum((r) => r.activeStudents),
        meetingsHeld: sum((r) => r.meetingsHeld),
        attendanceRate: allGiven.length === 0 ? null : allGiven.filter((m) => m.mark !== 'absent').length / allGiven.length,
        renewalsDue: sum((r) => r.renewalsDue),
        renewalsMade: sum((r) => r.renewalsMade),
      },
    };
  }

  test('the monthly report, per owner and in total, is the database cell by cell', async () => {
    const [a, b, c] = danas as [number, number, number];
    const [l1, l2] = lees as [number, number];
    const danaClass = (await s.post(CLASSES_PATHS.classes, classInput('Monday Builders', [a, b, c], {}), { token: dana })).body as ClassRecord;
    const leeClass = (await s.post(CLASSES_PATHS.classes, classInput('Wednesday Makers', [l1, l2], { weekdays: [3], startTime: '10:00', timeZone: 'America/Santiago' }), { token: lee })).body as ClassRecord;
    // Late on the last day of February, ending in March on the place's clock: March's.
    const late = await s.post(MEETINGS_PATHS.classMeetings(leeClass.id), { startsAt: '2026-02-28T23:30', lengthMinutes: 60 }, { token: lee });
    expect(late.status).toBe(201);
    const meetingsOf = async (classId: number) => s.db.kysely.selectFrom('class_meetings').select(['id', 'starts_at']).where('class_id', '=', classId).orderBy('starts_at_utc').execute();
    const danaMeetings = await meetingsOf(danaClass.id);
    const leeMeetings = await meetingsOf(leeClass.id);
    const on = (list: { id: number; starts_at: string }[], day: string) => list.find((m) => m.starts_at.startsWith(day))!.id;
    // A holiday on 16 March; marks on some meetings, one of them on today's (not held yet: not in the figures).
    expect((await s.request('PUT', MEETINGS_PATHS.meeting(on(danaMeetings, '2026-03-16')), { cancelled: true }, { token: dana })).status).toBe(200);
    const markRows: [number, number, 'present' | 'absent' | 'late'][] = [
      [on(danaMeetings, '2026-02-02'), a, 'present'],
      [on(danaMeetings, '2026-02-02'), b, 'absent'],
      [on(danaMeetings, '2026-02-02'), c, 'late'],
      [on(danaMeetings, '2026-02-23'), a, 'absent'],
      [on(danaMeetings, '2026-03-02'), a, 'present'],
      [on(danaMeetings, '2026-03-02'), b, 'present'],
      [on(danaMeetings, '2026-03-09'), c, 'absent'],
      [on(danaMeetings, '2026-03-23'), a, 'present'],
      [on(leeMeetings, '2026-02-28'), l1, 'present'],
      [on(leeMeetings, '2026-03-04'), l1, 'absent'],
      [on(leeMeetings, '2026-03-04'), l2, 'absent'],
    ];
    await s.db.kysely.insertInto('meeting_attendance').values(markRows.map(([meeting_id, student_id, mark]) => ({ meeting_id, student_id, mark, marked_at: '2026-03-23T10:00:00.000Z', marked_by: null }))).execute();
    // A renewal now (March), one recorded in February, and a child ended before March.
    expect((await s.post(LESSONS_PATHS.studentRenewal(b), { addLessons: 4, endDate: '2026-12-31' }, { token: dana })).status).toBe(200);
    await s.db.kysely
      .insertInto('audit_log')
      .values({ at: '2026-02-10T09:00:00.000Z', actor_id: ids.get('lee')!, actor_role: 'franchise_owner', action: 'student.renew', subject_type: 'student', subject_id: l2, owner_id: ids.get('lee')!, before_json: '{}', after_json: '{}' })
      .execute();
    await s.db.kysely.updateTable('users').set({ sign_in_disabled_at: '2026-02-27T10:00:00.000Z' }).where('id', '=', l2).execute();

    const cellByCell = async (month: string) => {
      const answer = await s.get(`${LESSONS_PATHS.monthlyReport}?month=${month}`, { token: admin });
      expect(answer.status).toBe(200);
      const report = answer.body as MonthlyReport;
      const expected = await expectedReport(month);
      expect(report.rows.map((r) => r.ownerId)).toEqual(expected.rows.map((r) => r.ownerId));
      for (const [n, row] of expected.rows.entries()) {
        for (const [cell, value] of Object.entries(row)) expect({ month, owner: row.ownerName, cell, value: (report.rows[n] as unknown as Record<string, unknown>)[cell] }).toEqual({ month, owner: row.ownerName, cell, value });
      }
      expect(report.totals).toEqual(expected.totals);
      return report;
    };
    await cellByCell('2026-02');
    const marchBefore = await cellByCell('2026-03');
    // The same figures, known by hand: Dana's February (2, 9, 16, 23) and March (2, 9 held; the 16th cancelled; today's under way).
    const report = async (month: string) => (await s.get(`${LESSONS_PATHS.monthlyReport}?month=${month}`, { token: admin })).body as MonthlyReport;
    const row = (r: MonthlyReport, owner: string) => r.rows.find((x) => x.ownerId === ids.get(owner))!;
    const [feb, mar] = [await report('2026-02'), await report('2026-03')];
    expect([row(feb, 'dana').meetingsHeld, row(feb, 'dana').attendanceRate, row(mar, 'dana').meetingsHeld, row(mar, 'dana').attendanceRate, row(mar, 'dana').renewalsMade]).toEqual([
      4 + 4, // and the Renewal Class of the test before, on the same Mondays
      (2 + 2) / (3 + 4), // its three marks (late, absent, late) and these four
      2 + 3, // the Renewal Class's 16 March was not cancelled
      2 / 3,
      1,
    ]);
    // Lee's: February's Wednesdays (4, 11, 18, 25); the late meeting of the 28th is March's.
    expect([row(feb, 'lee').meetingsHeld, row(mar, 'lee').meetingsHeld, row(feb, 'lee').renewalsMade, row(mar, 'lee').attendanceRate]).toEqual([4, 1 + 3, 1, 1 / 3]);
    expect(row(mar, 'lee').activeStudents).toBe(row(feb, 'lee').activeStudents - 1);

    // Kept figures follow every change: a renewal, a mark, an account ended with its dates as they were, a new owner.
    expect((await s.post(LESSONS_PATHS.studentRenewal(l1), { addLessons: 2, endDate: '2026-12-31' }, { token: lee })).status).toBe(200);
    await s.db.kysely.insertInto('meeting_attendance').values({ meeting_id: on(danaMeetings, '2026-03-09'), student_id: b, mark: 'late', marked_at: '2026-03-23T10:00:00.000Z', marked_by: null }).execute();
    await s.db.kysely.updateTable('users').set({ sign_in_disabled_at: '2026-03-23T09:00:00.000Z' }).where('id', '=', c).execute();
    await s.db.kysely.updateTable('users').set({ display_name: 'Lee Renamed' }).where('id', '=', ids.get('lee')!).execute();
    const marchAfter = await cellByCell('2026-03');
    expect(row(marchAfter, 'lee')).toMatchObject({ ownerName: 'Lee Renamed', renewalsMade: row(marchBefore, 'lee').renewalsMade + 1 });
    expect(row(marchAfter, 'dana').attendanceRate).toBe(3 / 4);

    for (const bad of ['2026-13', '2026-3', 'March', '']) expectWpError(await s.get(`${LESSONS_PATHS.monthlyReport}?month=${bad}`, { token: admin }), 400, 'rest_invalid_param');
    expectWpError(await s.get(LESSONS_PATHS.monthlyReport, { token: admin }), 400, 'rest_invalid_param');
    expectWpError(await s.get(`${LESSONS_PATHS.monthlyReport}?month=2026-03`, { token: dana }), 403, 'rest_forbidden');
  });
});
