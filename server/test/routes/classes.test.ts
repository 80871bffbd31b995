/**
 * Classes through the real HTTP server: an owner creates, lists, edits and archives her own; each
 * field's bad value is refused by name and changes nothing; another owner's class is 404; an
 * administrator sees every owner's; the audit log has each change.
 */
import { CLASSES_PATHS, ROSTER_PATHS, type AuditPage, type ClassInput, type ClassRecord, type WpError } from '../../../contract';
import { describeEachDb, expectWpError, signInDemoUsers, startTestServer, userIds, type TestServer } from '../harness';

const PLAY_MACHINES_1 = 130;
const HIDDEN_PROGRAM = 9001;
const A_MODEL = 793;

describeEachDb('classes', (dialect) => {
  let s: TestServer;
  let tokens: Awaited<ReturnType<typeof signInDemoUsers>>;
  let ids: Awaited<ReturnType<typeof userIds>>;
  let danas: number[];
  let lees: number[];
  // Monday 9 March 2026, 08:00 in Jerusalem.
  const now = new Date('2026-03-09T06:00:00Z');

  beforeAll(async () => {
    s = await startTestServer({ dialect, clock: () => now });
    tokens = await signInDemoUsers(s);
    ids = await userIds(s);
    const studentsOf = (owner: string) => [...ids.values()].filter((u) => u.role === 'student' && u.teacherId === ids.get(owner)!.id).map((u) => u.id).sort((a, b) => a - b);
    danas = studentsOf('dana');
    lees = studentsOf('lee');
  });
  afterAll(() => s?.close());

  const input = (extra: Partial<ClassInput> = {}): ClassInput => ({
    name: 'Monday Builders',
    programId: PLAY_MACHINES_1,
    place: 'Oak Street School',
    weekdays: [1],
    startTime: '16:00',
    lengthMinutes: 90,
    startDate: '2026-03-01',
    endDate: '2026-06-30',
    timeZone: 'Asia/Jerusalem',
    studentIds: danas.slice(0, 4),
    ...extra,
  });
  const create = (body: unknown, token = tokens.dana) => s.post(CLASSES_PATHS.classes, body, { token });
  const put = (id: number, body: unknown, token = tokens.dana) => s.request('PUT', CLASSES_PATHS.class(id), body, { token });
  const list = async (token: string, query = '') => (await s.get(CLASSES_PATHS.classes + query, { token })).body as ClassRecord[];
  const counts = async () => {
    const k = s.db.kysely;
    const n = async (table: 'classes' | 'class_students' | 'audit_log') => (await k.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    return { classes: Number(await n('classes')), members: Number(await n('class_students')), audit: Number(await n('audit_log')) };
  };

  test('an owner creates a class (201); it is listed and read back with its program, students and next meeting; the audit log has it', async () => {
    const created = await create(input());
    expect(created.status).toBe(201);
    const record = created.body as ClassRecord;
    expect(record).toMatchObject({
      ownerId: ids.get('dana')!.id,
      ownerName: 'Dana Cohen',
      name: 'Monday Builders',
      programId: PLAY_MACHINES_1,
      programName: 'Play Machines 1',
      weekdays: [1],
      timeZone: 'Asia/Jerusalem',
      archived: false,
      nextMeeting: '2026-03-09T16:00',
      createdAt: now.toISOString(),
    });
    expect(record.students.map((st) => st.id).sort((a, b) => a - b)).toEqual(danas.slice(0, 4));
    expect(record.students.map((st) => st.displayName)).toContain('Mia Levi');
    expect(await list(tokens.dana)).toContainEqual(record);
    expect((await s.get(CLASSES_PATHS.class(record.id), { token: tokens.dana })).body).toEqual(record);
    const audit = (await s.get(`${ROSTER_PATHS.audit}?action=class.create`, { token: tokens.admin })).body as AuditPage;
    expect(audit.entries[0]).toMatchObject({ actor: { id: ids.get('dana')!.id }, subject: { type: 'class', id: record.id, name: 'Monday Builders' }, after: { name: 'Monday Builders', weekdays: [1], studentIds: danas.slice(0, 4) } });
  });

  test('PUT changes the whole class; the audit log has only what changed', async () => {
    const { id } = (await create(input({ name: 'Edit Me' }))).body as ClassRecord;
    const edited = await put(id, input({ name: 'Wednesday Builders', weekdays: [3, 1], startTime: '17:15', studentIds: danas.slice(1, 5), place: '' }));
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id, name: 'Wednesday Builders', weekdays: [1, 3], startTime: '17:15', place: '', nextMeeting: '2026-03-09T17:15' });
    expect((edited.body as ClassRecord).students.map((st) => st.id).sort((a, b) => a - b)).toEqual(danas.slice(1, 5));
    const audit = (await s.get(`${ROSTER_PATHS.audit}?action=class.edit`, { token: tokens.admin })).body as AuditPage;
    expect(audit.entries[0]).toMatchObject({
      subject: { type: 'class', id, name: 'Wednesday Builders' },
      before: { name: 'Edit Me', weekdays: [1], startTime: '16:00', place: 'Oak Street School', studentIds: danas.slice(0, 4) },
      after: { name: 'Wednesday Builders', weekdays: [1, 3], startTime: '17:15', place: '', studentIds: danas.slice(1, 5) },
    });
    expect(Object.keys(audit.entries[0]!.after).sort()).toEqual(['name', 'place', 'startTime', 'studentIds', 'weekdays']);
  });

  test('archiving takes a class out of the list and its next meeting away; ?archived=1 lists it; its name is free until it comes back', async () => {
    const { id } = (await create(input({ name: 'Old Group' }))).body as ClassRecord;
    const archived = await s.post(CLASSES_PATHS.classArchive(id), { archived: true }, { token: tokens.dana });
    expect(archived.body).toMatchObject({ id, archived: true, nextMeeting: null });
    expect((await list(tokens.dana)).map((c) => c.id)).not.toContain(id);
    expect((await list(tokens.dana, '?archived=1')).find((c) => c.id === id)).toMatchObject({ archived: true });
    const reused = (await create(input({ name: 'old  GROUP' }))).body as ClassRecord;
    const back = await s.post(CLASSES_PATHS.classArchive(id), { archived: false }, { token: tokens.dana });
    expectWpError(back, 400, 'rest_invalid_param');
    expect((back.body as WpError).data.params).toEqual({ archived: expect.stringContaining('Old Group') });
    await s.post(CLASSES_PATHS.classArchive(reused.id), { archived: true }, { token: tokens.dana });
    expect((await s.post(CLASSES_PATHS.classArchive(id), { archived: false }, { token: tokens.dana })).body).toMatchObject({ archived: false, nextMeeting: '2026-03-09T16:00' });
    const audit = (await s.get(`${ROSTER_PATHS.audit}?action=class.archive`, { token: tokens.admin })).body as AuditPage;
    expect(audit.entries.find((e) => e.subject.id === id)).toMatchObject({ before: { archived: false }, after: { archived: true } });
  });

  test('each bad field is refused by name with its own message, and nothing changes', async () => {
    await create(input({ name: 'Taken Name' }));
    const endedId = danas[7]!;
    await s.post(ROSTER_PATHS.studentEnd(endedId), undefined, { token: tokens.dana });
    const many = Array.from({ length: 500 }, (_, i) => i + 1);
    const cases: [string, Record<string, unknown>, string, RegExp][] = [
      ['an empty name', { name: '  ' }, 'name', /empty/],
      ['a name too long', { name: 'x'.repeat(81) }, 'name', /80/],
      ['a name taken (case and spacing aside)', { name: ' taken   name ' }, 'name', /already a class named/],
      ['a model, not a program', { programId: A_MODEL }, 'programId', /program/],
      ['no such page', { programId: 999_999 }, 'programId', /program/],
      ['a program hidden from owners', { programId: HIDDEN_PROGRAM }, 'programId', /program/],
      ['no weekday', { weekdays: [] }, 'weekdays', /at least one weekday/],
      ['a weekday twice', { weekdays: [1, 1] }, 'weekdays', /once/],
      ['weekday 8', { weekdays: [8] }, 'weekdays', /1 \(Monday\) to 7 \(Sunday\)/],
      ['4pm', { startTime: '4pm' }, 'startTime', /HH:MM/],
      ['24:00', { startTime: '24:00' }, 'startTime', /HH:MM/],
      ['10 minutes', { lengthMinutes: 10 }, 'lengthMinutes', /at least 15/],
      ['5 hours', { lengthMinutes: 300 }, 'lengthMinutes', /at most 240/],
      ['30 February', { startDate: '2026-02-30' }, 'startDate', /real date/],
      ['an end before the start', { endDate: '2026-02-01' }, 'endDate', /must not be before the start date/],
      ['three years', { endDate: '2029-03-01' }, 'endDate', /at most 732 days/],
      ['an unknown zone', { timeZone: 'Mars/Olympus_Mons' }, 'timeZone', /time zone/],
      ['500 students', { studentIds: many }, 'studentIds', /at most 60 students; 500 were chosen/],
      ["another owner's student", { studentIds: [danas[0], lees[0]] }, 'studentIds', new RegExp(`these are not: ${lees[0]}\\.`)],
      ['an ended student', { studentIds: [endedId] }, 'studentIds', new RegExp(`these are not: ${endedId}\\.`)],
      ['no students field', { studentIds: undefined }, 'studentIds', /Missing/],
      ['an unknown field', { colour: 'red' }, 'colour', /Unknown/],
    ];
    const before = await counts();
    for (const [label, patch, field, message] of cases) {
      const answer = await create({ ...input({ name: `Bad ${label}` }), ...patch });
      expect({ label, status: answer.status, code: (answer.body as WpError).code }).toEqual({ label, status: 400, code: 'rest_invalid_param' });
      expect({ label, params: Object.keys((answer.body as WpError).data.params ?? {}) }).toEqual({ label, params: [field] });
      expect({ label, message: (answer.body as WpError).data.params?.[field] }).toEqual({ label, message: expect.stringMatching(message) });
    }
    // Several bad fields at once are named together.
    const several = await create(input({ name: ' taken name', programId: A_MODEL, endDate: '2025-01-01', studentIds: [lees[0]!] }));
    expect(Object.keys((several.body as WpError).data.params ?? {}).sort()).toEqual(['endDate', 'name', 'programId', 'studentIds']);
    const { id } = (await list(tokens.dana)).find((c) => c.name === 'Taken Name')!;
    const afterCreate = await counts();
    // A PUT with a bad field changes nothing either.
    expect((await put(id, input({ name: 'Taken Name', lengthMinutes: 5 }))).status).toBe(400);
    expect((await put(id, input({ name: 'Taken Name', ownerId: ids.get('lee')!.id }))).status).toBe(400);
    expect(afterCreate).toEqual(before);
    expect(await counts()).toEqual(before);
  });

  test("another owner's class is 404 as if it did not exist; an owner names no other owner", async () => {
    const dana = (await create(input({ name: 'Danas Own' }))).body as ClassRecord;
    for (const answer of [
      await s.get(CLASSES_PATHS.class(dana.id), { token: tokens.lee }),
      await put(dana.id, input({ name: 'Taken Over', studentIds: [] }), tokens.lee),
      await s.post(CLASSES_PATHS.classArchive(dana.id), { archived: true }, { token: tokens.lee }),
      await s.get(CLASSES_PATHS.class(999_999), { token: tokens.dana }),
      await s.get(CLASSES_PATHS.class('abc'), { token: tokens.dana }),
    ]) {
      expectWpError(answer, 404, 'rest_post_invalid_id');
    }
    expect((await list(tokens.lee)).map((c) => c.ownerId).every((owner) => owner === ids.get('lee')!.id)).toBe(true);
    expectWpError(await s.get(`${CLASSES_PATHS.classes}?owner=${ids.get('dana')!.id}`, { token: tokens.lee }), 403);
    expectWpError(await create(input({ name: 'For Lee', studentIds: [], ownerId: ids.get('lee')!.id })), 403);
    expect((await s.get(CLASSES_PATHS.class(dana.id), { token: tokens.dana })).body).toMatchObject({ name: 'Danas Own', archived: false });
  });

  test('an administrator sees every owner\'s classes, or one owner\'s with ?owner, and creates one for the owner she names', async () => {
    const lee = ids.get('lee')!.id;
    expect(Object.keys(((await create(input({ name: 'No Owner', studentIds: [] }), tokens.admin)).body as WpError).data.params ?? {})).toEqual(['ownerId']);
    expect(Object.keys(((await create(input({ name: 'A Student', studentIds: [], ownerId: danas[0] }), tokens.admin)).body as WpError).data.params ?? {})).toEqual(['ownerId']);
    // Dana's students are not Lee's: the office cannot put them in Lee's class either.
    expect(Object.keys(((await create(input({ name: 'Mixed', ownerId: lee }), tokens.admin)).body as WpError).data.params ?? {})).toEqual(['studentIds']);
    const leeClass = await create(input({ name: 'Lee Group', programId: HIDDEN_PROGRAM, studentIds: lees.slice(0, 2), ownerId: lee }), tokens.admin);
    expect(leeClass.status).toBe(201);
    expect(leeClass.body).toMatchObject({ ownerId: lee, ownerName: 'Lee Wong', programName: 'Robotics 1' });
    const all = await list(tokens.admin);
    expect(new Set(all.map((c) => c.ownerId))).toEqual(new Set([ids.get('dana')!.id, lee]));
    expect((await list(tokens.admin, `?owner=${lee}`)).map((c) => c.name)).toEqual(['Lee Group']);
    expect((await list(tokens.lee)).map((c) => c.name)).toEqual(['Lee Group']);
    const audit = (await s.get(`${ROSTER_PATHS.audit}?owner=${lee}&action=class.create`, { token: tokens.admin })).body as AuditPage;
    expect(audit.entries[0]).toMatchObject({ actor: { id: ids.get('admin')!.id, role: 'administrator' }, ownerId: lee });
  });

  test('a student who leaves a class or moves to another keeps her history there; joining again adds a row', async () => {
    const mia = ids.get('mia')!.id;
    const others = danas.filter((id) => id !== mia).slice(0, 2);
    const a = (await create(input({ name: 'Group A', studentIds: [mia, ...others] }))).body as ClassRecord;
    const b = (await create(input({ name: 'Group B', studentIds: [] }))).body as ClassRecord;
    await put(a.id, input({ name: 'Group A', studentIds: others }));
    const moved = (await put(b.id, input({ name: 'Group B', studentIds: [mia] }))).body as ClassRecord;
    expect(moved.students.map((st) => st.id)).toEqual([mia]);
    const rows = (classId: number) => s.db.kysely.selectFrom('class_students').selectAll().where('class_id', '=', classId).where('student_id', '=', mia).orderBy('id').execute();
    expect(await rows(a.id)).toEqual([expect.objectContaining({ joined_at: now.toISOString(), left_at: now.toISOString() })]);
    expect(await rows(b.id)).toEqual([expect.objectContaining({ left_at: null })]);
    await put(a.id, input({ name: 'Group A', studentIds: [mia, ...others] }));
    expect((await rows(a.id)).map((r) => r.left_at)).toEqual([now.toISOString(), null]);
    // Moved to Lee by the office: she leaves Dana's classes, and the rows stay.
    await s.post(ROSTER_PATHS.studentMove(mia), { teacherId: ids.get('lee')!.id }, { token: tokens.admin });
    const after = (await s.get(CLASSES_PATHS.class(a.id), { token: tokens.dana })).body as ClassRecord;
    expect(after.students.map((st) => st.id).sort((x, y) => x - y)).toEqual(others);
    expect((await rows(a.id)).map((r) => r.left_at)).toEqual([now.toISOString(), now.toISOString()]);
    expect((await rows(b.id)).map((r) => r.left_at)).toEqual([now.toISOString()]);
  });
});
