/**
 * The office managing its franchise owners: each owner's totals (the same as counting in SQL), her
 * record, editing her details with the audit, deactivating her (her students handed over to another
 * owner in the same change, or kept) with her every token refused at once on every instance, and
 * re-activating her; bad input changes nothing.
 */
import type { AuditPage, OwnerRecord, OwnerTotals, WireStudent } from '../../../contract';
import { OWNER_DEACTIVATED_CODE, OWNER_DEACTIVATED_MESSAGE, OWNER_PATHS, ROSTER_PATHS } from '../../../contract';
import { DEMO, PATHS, TEST_AUTH_KEY, describeEachDb, expectWpError, newStudentBody, startSecondInstance, startTestServer, userIds, type SecondInstance, type TestServer } from '../harness';

jest.setTimeout(60_000);

const KEY = { AUTH_KEY: TEST_AUTH_KEY };

describeEachDb('the office managing franchise owners', (dialect) => {
  let s: TestServer;
  let second: SecondInstance;
  // The portal's clock: real time when the suite starts, moved on only by the tests.
  let nowMs = Date.now();
  const clock = () => new Date(nowMs);
  const tick = (ms = 5000) => {
    nowMs += ms;
  };
  const nowIso = () => new Date(nowMs).toISOString();
  const monthStart = () => `${new Date(nowMs).toISOString().slice(0, 7)}-01T00:00:00.000Z`;
  const tokens = { admin: '', dana: '', lee: '', maria: '', mia: '' };
  const ids = { admin: 0, dana: 0, lee: 0, maria: 0, mia: 0 };

  const audit = async (query: string) => {
    const answer = await s.get(`${ROSTER_PATHS.audit}?${query}`, { token: tokens.admin });
    expect(answer.status).toBe(200);
    return (answer.body as AuditPage).entries;
  };
  const auditCount = async () => Number((await s.db.kysely.selectFrom('audit_log').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const totals = async () => {
    const answer = await s.get(OWNER_PATHS.totals, { token: tokens.admin });
    expect(answer.status).toBe(200);
    return new Map((answer.body as OwnerTotals[]).map((t) => [t.ownerId, t]));
  };
  const studentsOf = async (ownerId: number) =>
    (await s.db.kysely.selectFrom('students').select('user_id').where('teacher_id', '=', ownerId).where('erased_at', 'is', null).orderBy('user_id').execute()).map((r) => r.user_id);
  const deactivate = (id: number, body: unknown, token = tokens.admin) => s.post(OWNER_PATHS.deactivate(id), body, { token });

  beforeAll(async () => {
    s = await startTestServer({ dialect, clock });
    second = await startSecondInstance(s, clock);
    for (const name of ['admin', 'dana', 'lee', 'maria', 'mia'] as const) tokens[name] = await s.login(DEMO[name].username, DEMO[name].password);
    const users = await userIds(s);
    for (const name of ['admin', 'dana', 'lee', 'maria', 'mia'] as const) ids[name] = users.get(name)?.id ?? 0;
  });
  afterAll(async () => {
    await second?.close();
    await s?.close();
  });

  test('administrators only: owners and students 403, anonymous 401; an id that is not a franchise owner is 404', async () => {
    for (const path of [OWNER_PATHS.totals, OWNER_PATHS.owner(ids.lee)]) {
      expectWpError(await s.get(path, { token: tokens.dana }), 403, 'rest_forbidden');
      expectWpError(await s.get(path, { token: tokens.lee }), 403, 'rest_forbidden');
      expectWpError(await s.get(path, { token: tokens.mia }), 403, 'rest_forbidden');
      expectWpError(await s.get(path), 401, 'rest_forbidden');
    }
    for (const id of [ids.admin, ids.mia, 999_999, 'abc']) expectWpError(await s.get(OWNER_PATHS.owner(id), { token: tokens.admin }), 404, 'rest_user_invalid_id');
  });

  test("each owner's totals are what counting in SQL gives: students kept, students who moved a step this month, meetings held this month", async () => {
    const before = await totals();
    const start = Date.parse(monthStart());
    const earlier = new Date(start + Math.floor((nowMs - start) / 2)).toISOString();
    const lastMonth = new Date(start - 1000).toISOString();
    const later = new Date(nowMs + 3_600_000).toISOString();
    const k = s.db.kysely;
    const lessons = (await k.selectFrom('pages').select('id').where('parent', '=', 130).orderBy('id').limit(3).execute()).map((p) => p.id);
    const [lee1, lee2, lee3] = await studentsOf(ids.lee);
    const progress = (userId: number, lessonId: number, at: string) => ({
      user_id: userId,
      lesson_id: lessonId,
      program_id: 130,
      tab_id: '',
      tab_index: 0,
      tabs: 1,
      step: 2,
      steps: 10,
      finished_at: null,
      started_at: at,
      updated_at: at,
      stuck_at: null,
      changed_at: at,
    });
    // Lee: two students moved this month (one of them on two models), one only last month.
    await k
      .insertInto('student_progress')
      .values([progress(lee1!, lessons[0]!, earlier), progress(lee1!, lessons[1]!, nowIso()), progress(lee2!, lessons[0]!, earlier), progress(lee3!, lessons[0]!, lastMonth), progress(ids.mia, lessons[2]!, later)])
      .execute();
    const at = nowIso();
    const leeClass = await k
      .insertInto('classes')
      .values({ owner_id: ids.lee, name: 'Totals', name_key: 'totals', program_id: 130, place: '', weekdays: '1', start_time: '16:00', length_minutes: 60, start_date: '2026-01-01', end_date: '2027-12-31', time_zone: 'UTC', created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    const meeting = (startsAtUtc: string, status: 'scheduled' | 'cancelled' = 'scheduled') => ({
      class_id: leeClass.id,
      kind: 'extra' as const,
      scheduled_date: null,
      scheduled_start: null,
      starts_at: startsAtUtc.slice(0, 16),
      starts_at_utc: startsAtUtc,
      length_minutes: 60,
      status,
      created_at: at,
      updated_at: at,
    });
    // Held this month: the first instant of the month and one earlier today; not: cancelled, last month, still to come.
    await k.insertInto('class_meetings').values([meeting(monthStart()), meeting(earlier), meeting(earlier, 'cancelled'), meeting(lastMonth), meeting(later)]).execute();

    const after = await totals();
    const leeBefore = before.get(ids.lee)!;
    expect(after.get(ids.lee)).toEqual({ ...leeBefore, activeStudentsThisMonth: leeBefore.activeStudentsThisMonth + 2, meetingsThisMonth: leeBefore.meetingsThisMonth + 2 });
    // Mia's step is still to come (the clock's now), so Dana's figure is as it was.
    expect(after.get(ids.dana)).toEqual(before.get(ids.dana));

    const owners = await k.selectFrom('users').select(['id', 'sign_in_disabled_at']).where('role', '=', 'franchise_owner').orderBy('id').execute();
    expect([...after.keys()].sort((a, b) => a - b)).toEqual(owners.map((o) => o.id));
    const from = monthStart();
    const now = nowIso();
    for (const owner of owners) {
      const students = await k.selectFrom('students').select((eb) => eb.fn.countAll<number>().as('n')).where('teacher_id', '=', owner.id).where('erased_at', 'is', null).executeTakeFirstOrThrow();
      const active = await k
        .selectFrom('student_progress')
        .innerJoin('students', 'students.user_id', 'student_progress.user_id')
        .select((eb) => eb.fn.count<number>('student_progress.user_id').distinct().as('n'))
        .where('students.teacher_id', '=', owner.id)
        .where('students.erased_at', 'is', null)
        .where('student_progress.updated_at', '>=', from)
        .where('student_progress.updated_at', '<=', now)
        .executeTakeFirstOrThrow();
      const meetings = await k
        .selectFrom('class_meetings')
        .innerJoin('classes', 'classes.id', 'class_meetings.class_id')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('classes.owner_id', '=', owner.id)
        .where('class_meetings.status', '=', 'scheduled')
        .where('class_meetings.starts_at_utc', '>=', from)
        .where('class_meetings.starts_at_utc', '<=', now)
        .executeTakeFirstOrThrow();
      expect(after.get(owner.id)).toEqual({
        ownerId: owner.id,
        status: owner.sign_in_disabled_at === null ? 'active' : 'deactivated',
        students: Number(students.n),
        activeStudentsThisMonth: Number(active.n),
        meetingsThisMonth: Number(meetings.n),
      });
    }
    expect(after.get(ids.lee)?.students).toBeGreaterThanOrEqual(5);

    const record = await s.get(OWNER_PATHS.owner(ids.lee), { token: tokens.admin });
    expect(record.status).toBe(200);
    expect(record.body).toEqual({
      ...after.get(ids.lee),
      username: 'lee',
      firstName: 'Lee',
      lastName: 'Wong',
      email: DEMO.lee.email,
      country: 'Singapore',
      state: 'Singapore',
      territory: 'Central',
      deactivatedAt: null,
    });
  });

  test("an edit changes only what is sent, the account's display name follows the names, and the audit has only the changed fields", async () => {
    tick();
    const answer = await s.request('PATCH', OWNER_PATHS.owner(ids.lee), { firstName: '  Leah ', territory: 'East', country: 'Singapore' }, { token: tokens.admin });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ ownerId: ids.lee, firstName: 'Leah', lastName: 'Wong', territory: 'East', country: 'Singapore', status: 'active' });
    const account = await s.db.kysely.selectFrom('users').selectAll().where('id', '=', ids.lee).executeTakeFirstOrThrow();
    expect(account).toMatchObject({ first_name: 'Leah', last_name: 'Wong', display_name: 'Leah Wong', territory: 'East' });
    const [entry, ...rest] = await audit(`owner=${ids.lee}&action=owner.edit`);
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({
      action: 'owner.edit',
      actor: { id: ids.admin, role: 'administrator' },
      subject: { type: 'user', id: ids.lee, name: 'Leah Wong' },
      ownerId: ids.lee,
      before: { first_name: 'Lee', territory: 'Central' },
      after: { first_name: 'Leah', territory: 'East' },
    });
    expect(Object.keys(entry?.after ?? {}).sort()).toEqual(['first_name', 'territory']);

    // The same values again change nothing and record nothing.
    const count = await auditCount();
    expect((await s.request('PATCH', OWNER_PATHS.owner(ids.lee), { firstName: 'Leah', territory: 'East' }, { token: tokens.admin })).status).toBe(200);
    expect(await auditCount()).toBe(count);

    // The e-mail: stored in lower case, unique among every account.
    const moved = await s.request('PATCH', OWNER_PATHS.owner(ids.lee), { email: ' Lee.Wong.New@Example.test ' }, { token: tokens.admin });
    expect((moved.body as OwnerRecord).email).toBe('lee.wong.new@example.test');
    const snapshot = await s.snapshot();
    for (const taken of [DEMO.maria.email, DEMO.mia.email.toUpperCase()]) {
      expectWpError(await s.request('PATCH', OWNER_PATHS.owner(ids.lee), { email: taken, lastName: 'Other' }, { token: tokens.admin }), 409, 'already_exists');
    }
    expect(await s.snapshot()).toBe(snapshot);
  });

  test('bad input gets a clear 400 or 404 and changes nothing', async () => {
    // An owner deactivated already, to be refused as the one who receives students.
    tick();
    const created = await s.post(PATHS.createOwner, { ...KEY, FirstName: 'Gone', LastName: 'Owner', Email: 'gone.owner@example.test', Country: 'Israel', State: 'Haifa', Territory: 'North' }, { token: tokens.admin });
    expect(created.status).toBe(200);
    const gone = (created.body as { user_id: number }).user_id;
    expect((await deactivate(gone, { students: 'keep' })).body).toMatchObject({ status: 'deactivated' });

    const before = await s.snapshot();
    const count = await auditCount();
    const badEdits: [unknown, string][] = [
      [{ firstName: '   ' }, 'firstName'],
      [{ lastName: '' }, 'lastName'],
      [{ firstName: 42 }, 'firstName'],
      [{ email: 'not-an-email' }, 'email'],
      [{ territory: '<b>North</b>' }, 'territory'],
      [{ nickname: 'Lee' }, 'nickname'],
      [{ username: 'leah' }, 'username'],
      [{}, 'body'],
    ];
    for (const [body, param] of badEdits) {
      const answer = await s.request('PATCH', OWNER_PATHS.owner(ids.lee), body, { token: tokens.admin });
      expectWpError(answer, 400, 'rest_invalid_param');
      expect({ body, params: Object.keys((answer.body as { data: { params: Record<string, string> } }).data.params) }).toEqual({ body, params: [param] });
    }
    const badDeactivations: unknown[] = [
      { students: 'hand_over', toOwnerId: ids.lee },
      { students: 'hand_over', toOwnerId: ids.mia },
      { students: 'hand_over', toOwnerId: ids.admin },
      { students: 'hand_over', toOwnerId: gone },
      { students: 'hand_over', toOwnerId: 999_999 },
      { students: 'hand_over' },
      { students: 'keep', toOwnerId: ids.maria },
      { students: 'give_away' },
      {},
      undefined,
    ];
    for (const body of badDeactivations) {
      const answer = await deactivate(ids.lee, body);
      expect({ body, status: answer.status }).toEqual({ body, status: 400 });
      expectWpError(answer, 400, 'rest_invalid_param');
    }
    expect(((await deactivate(ids.lee, { students: 'hand_over', toOwnerId: gone })).body as { data: { params: Record<string, string> } }).data.params).toEqual({
      toOwnerId: 'This franchise owner has been deactivated.',
    });
    for (const id of [999_999, ids.admin, ids.mia]) {
      expectWpError(await s.request('PATCH', OWNER_PATHS.owner(id), { firstName: 'X' }, { token: tokens.admin }), 404, 'rest_user_invalid_id');
      expectWpError(await deactivate(id, { students: 'keep' }), 404, 'rest_user_invalid_id');
      expectWpError(await s.post(OWNER_PATHS.reactivate(id), undefined, { token: tokens.admin }), 404, 'rest_user_invalid_id');
    }
    expectWpError(await s.post(OWNER_PATHS.reactivate(ids.lee), { now: true }, { token: tokens.admin }), 400, 'rest_invalid_param');
    // No student goes to a deactivated owner, signed up or moved.
    expectWpError(await s.post(PATHS.createStudent, newStudentBody('to-gone', { TeacherId: gone }), { token: tokens.admin }), 400, 'rest_invalid_param');
    expectWpError(await s.post(ROSTER_PATHS.studentMove(ids.mia), { teacherId: gone }, { token: tokens.admin }), 400, 'rest_invalid_param');
    // Only administrators, even with a good body.
    expectWpError(await deactivate(ids.lee, { students: 'keep' }, tokens.dana), 403, 'rest_forbidden');
    expectWpError(await s.request('PATCH', OWNER_PATHS.owner(ids.dana), { firstName: 'Dee' }, { token: tokens.dana }), 403, 'rest_forbidden');
    expect(await s.snapshot()).toBe(before);
    expect(await auditCount()).toBe(count);
  });

  test("deactivating with a hand-over: her every token refused at once, her sign-in refused, each of her students the other owner's and each move audited", async () => {
    const leeStudents = await studentsOf(ids.lee);
    const mariaBefore = await studentsOf(ids.maria);
    expect(leeStudents.length).toBeGreaterThanOrEqual(5);
    expect((await s.get(PATHS.usersMe, { token: tokens.lee })).status).toBe(200);
    tick();
    const deactivatedAt = nowIso();
    const answer = await deactivate(ids.lee, { students: 'hand_over', toOwnerId: ids.maria });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ ownerId: ids.lee, status: 'deactivated', deactivatedAt, students: 0, activeStudentsThisMonth: 0 });

    for (const refused of [await s.get(PATHS.usersMe, { token: tokens.lee }), await s.post(PATHS.students, KEY, { token: tokens.lee }), await s.post(PATHS.validate, undefined, { token: tokens.lee })]) {
      expectWpError(refused, 403, 'jwt_auth_invalid_token');
      expect((refused.body as { message: string }).message).toBe(OWNER_DEACTIVATED_MESSAGE);
    }
    const signIn = await s.post(PATHS.token, { username: 'lee', password: DEMO.lee.password });
    expectWpError(signIn, 403, OWNER_DEACTIVATED_CODE);
    expect((signIn.body as { message: string }).message).toBe(OWNER_DEACTIVATED_MESSAGE);
    // A wrong password learns nothing.
    expectWpError(await s.post(PATHS.token, { username: 'lee', password: 'not-her-password' }), 403, '[jwt_auth] incorrect_password');

    // Her students are Maria's, as Maria's own list shows, in Maria's place.
    const mariasList = (await s.post(PATHS.students, KEY, { token: tokens.maria })).body as WireStudent[];
    const listed = new Map(mariasList.map((st) => [Number(st.user_id), st]));
    for (const id of leeStudents) expect({ id, teacher: listed.get(id)?.teacher_id }).toEqual({ id, teacher: String(ids.maria) });
    expect(await studentsOf(ids.maria)).toEqual([...mariaBefore, ...leeStudents].sort((a, b) => a - b));
    const accounts = await s.db.kysely.selectFrom('users').select(['teacher_id', 'country']).where('id', 'in', leeStudents).execute();
    expect(accounts.every((a) => a.teacher_id === ids.maria && a.country === 'United States')).toBe(true);

    const moves = (await audit(`action=student.move&actor=${ids.admin}`)).filter((e) => leeStudents.includes(e.subject.id));
    expect(moves.map((e) => e.subject.id).sort((a, b) => a - b)).toEqual(leeStudents);
    for (const move of moves) expect(move).toMatchObject({ actor: { id: ids.admin }, ownerId: ids.maria, before: { teacher_id: ids.lee, country: 'Singapore' }, after: { teacher_id: ids.maria, country: 'United States' } });
    const [entry] = await audit(`owner=${ids.lee}&action=owner.deactivate`);
    expect(entry).toMatchObject({
      actor: { id: ids.admin },
      subject: { type: 'user', id: ids.lee },
      before: { sign_in_disabled: false },
      after: { sign_in_disabled: true, students: 'hand_over', to_owner_id: ids.maria },
    });
    const leeTotals = (await totals()).get(ids.lee);
    expect(leeTotals).toMatchObject({ status: 'deactivated', students: 0 });
  });

  test('deactivating through one instance refuses her token on another at once; keep leaves her students hers; re-activating ends the old sessions for good', async () => {
    const mariaStudents = await studentsOf(ids.maria);
    const disabledOf = async () => (await s.db.kysely.selectFrom('users').select('id').where('id', 'in', mariaStudents).where('sign_in_disabled_at', 'is not', null).orderBy('id').execute()).map((r) => r.id);
    const disabledBefore = await disabledOf();
    const viaSecond = () => second.request('GET', PATHS.usersMe, tokens.maria);
    expect((await viaSecond()).status).toBe(200);
    tick();
    const answer = await deactivate(ids.maria, { students: 'keep' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: 'deactivated', students: mariaStudents.length });
    expect(await viaSecond()).toEqual({ status: 403, body: { code: 'jwt_auth_invalid_token', message: OWNER_DEACTIVATED_MESSAGE, data: { status: 403 } } });
    expect(await studentsOf(ids.maria)).toEqual(mariaStudents);
    const [entry] = await audit(`owner=${ids.maria}&action=owner.deactivate`);
    expect(entry).toMatchObject({ before: { sign_in_disabled: false }, after: { sign_in_disabled: true, students: 'keep' } });
    expect(entry?.after).not.toHaveProperty('to_owner_id');
    // Her students' own sign-in keeps working while the office decides.
    expect(await disabledOf()).toEqual(disabledBefore);

    // Deactivating her again and keeping her students changes nothing.
    const count = await auditCount();
    tick();
    expect((await deactivate(ids.maria, { students: 'keep' })).body).toMatchObject({ status: 'deactivated', deactivatedAt: (answer.body as OwnerRecord).deactivatedAt });
    expect(await auditCount()).toBe(count);

    tick();
    const back = await s.post(OWNER_PATHS.reactivate(ids.maria), undefined, { token: tokens.admin });
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ status: 'active', deactivatedAt: null, students: mariaStudents.length });
    const [reactivated] = await audit(`owner=${ids.maria}&action=owner.reactivate`);
    expect(reactivated).toMatchObject({ actor: { id: ids.admin }, before: { sign_in_disabled: true }, after: { sign_in_disabled: false } });
    // The token from before stays refused, on both instances; a new sign-in works on both.
    expectWpError(await s.get(PATHS.usersMe, { token: tokens.maria }), 403, 'jwt_auth_invalid_token');
    expect((await viaSecond()).status).toBe(403);
    const fresh = await s.login('maria', DEMO.maria.password);
    expect((await s.get(PATHS.usersMe, { token: fresh })).status).toBe(200);
    expect((await second.request('GET', PATHS.usersMe, fresh)).status).toBe(200);
    // Re-activating an active owner changes nothing.
    const again = await auditCount();
    expect((await s.post(OWNER_PATHS.reactivate(ids.maria), undefined, { token: tokens.admin })).status).toBe(200);
    expect(await auditCount()).toBe(again);
  });

  test('a session from just before the deactivation stays ended when she is re-activated within the same second, and a sign-in just after works', async () => {
    // All within one whole second of the clock: a token's iat alone cannot tell these apart.
    nowMs = (Math.floor(nowMs / 1000) + 10) * 1000 + 100;
    const before = await s.login('maria', DEMO.maria.password);
    tick(200);
    expect((await deactivate(ids.maria, { students: 'keep' })).status).toBe(200);
    tick(200);
    expect((await s.post(OWNER_PATHS.reactivate(ids.maria), undefined, { token: tokens.admin })).status).toBe(200);
    expectWpError(await s.get(PATHS.usersMe, { token: before }), 403, 'jwt_auth_invalid_token');
    tick(100);
    const after = await s.login('maria', DEMO.maria.password);
    expect((await s.get(PATHS.usersMe, { token: after })).status).toBe(200);
    expect((await second.request('GET', PATHS.usersMe, after)).status).toBe(200);
  });
});
