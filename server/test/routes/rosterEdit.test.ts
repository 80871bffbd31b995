/**
 * Editing, ending, re-activating and moving a student, and the audit log:
 * the sign-up's rules, owners only on their own students, every change audited in its transaction,
 * and an ended student signed out everywhere at once.
 */
import type { AuditPage, RosterStudent, WireStudent } from '../../../contract';
import { ACCOUNT_ENDED_CODE, ACCOUNT_ENDED_MESSAGE, CREDENTIAL_PATHS, PRIVACY_PATHS, ROSTER_PATHS } from '../../../contract';
import { buildApp } from '../../app';
import { createPasswordHasher } from '../../domain/passwords';
import { createOutboxMailer } from '../../mail/mailer';
import { DEMO, PATHS, TEST_AUTH_KEY, describeEachDb, expectWpError, newStudentBody, startTestServer, userIds, type TestServer } from '../harness';

const KEY = { AUTH_KEY: TEST_AUTH_KEY };
const todayUtc = () => new Date().toISOString().slice(0, 10);
const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describeEachDb('editing and ending students', (dialect) => {
  let s: TestServer;
  const tokens = { admin: '', dana: '', lee: '', mia: '' };
  const ids = { dana: 0, lee: 0, mia: 0, admin: 0 };

  const patch = (id: number, body: unknown, token = tokens.dana) => s.request('PATCH', ROSTER_PATHS.student(id), body, { token });
  const audit = async (query: string) => {
    const answer = await s.get(`${ROSTER_PATHS.audit}?${query}`, { token: tokens.admin });
    expect(answer.status).toBe(200);
    return answer.body as AuditPage;
  };
  const auditCount = async () => (await s.db.kysely.selectFrom('audit_log').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;

  beforeAll(async () => {
    s = await startTestServer({ dialect });
    for (const name of ['admin', 'dana', 'lee', 'mia'] as const) tokens[name] = await s.login(DEMO[name].username, DEMO[name].password);
    const users = await userIds(s);
    for (const name of ['admin', 'dana', 'lee', 'mia'] as const) ids[name] = users.get(name)?.id ?? 0;
  });
  afterAll(async () => {
    await s?.close();
  });

  test('an owner reads their own student with the login name and status; another owner, a student and anonymous cannot', async () => {
    const own = await s.get(ROSTER_PATHS.student(ids.mia), { token: tokens.dana });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ user_id: String(ids.mia), teacher_id: String(ids.dana), loginName: 'mia', status: 'active', endedAt: null, signInDisabled: false, student_first_name: 'Mia' });
    expect((await s.get(ROSTER_PATHS.student(ids.mia), { token: tokens.admin })).status).toBe(200);
    expectWpError(await s.get(ROSTER_PATHS.student(ids.mia), { token: tokens.lee }), 404, 'rest_user_invalid_id');
    expectWpError(await s.get(ROSTER_PATHS.student(ids.mia), { token: tokens.mia }), 403, 'rest_forbidden');
    expectWpError(await s.get(ROSTER_PATHS.student(ids.mia)), 401, 'rest_forbidden');
    expectWpError(await s.get(ROSTER_PATHS.student(999_999), { token: tokens.admin }), 404, 'rest_user_invalid_id');
    expectWpError(await s.get(ROSTER_PATHS.student('abc'), { token: tokens.admin }), 404, 'rest_user_invalid_id');
    // An owner is not a student record.
    expectWpError(await s.get(ROSTER_PATHS.student(ids.dana), { token: tokens.admin }), 404);
  });

  test('an edit changes only what is sent, shows in the roster at once and is audited with only the changed fields', async () => {
    const roster = async () => ((await s.post(PATHS.students, KEY, { token: tokens.dana })).body as WireStudent[]).find((st) => String(st.user_id) === String(ids.mia));
    const was = await roster();
    expect(was?.phone).toBeDefined();
    const answer = await patch(ids.mia, { Phone: '052-555-0199', StudentLastName: '  Levi-Cohen ' });
    expect(answer.status).toBe(200);
    const edited = answer.body as RosterStudent;
    expect(edited).toMatchObject({ phone: '052-555-0199', student_last_name: 'Levi-Cohen', student_first_name: 'Mia', parent_email: was?.parent_email });
    expect(await roster()).toMatchObject({ phone: '052-555-0199', student_last_name: 'Levi-Cohen' });
    const account = await s.db.kysely.selectFrom('users').selectAll().where('id', '=', ids.mia).executeTakeFirstOrThrow();
    expect(account).toMatchObject({ display_name: 'Mia Levi-Cohen', first_name: 'Mia', last_name: 'Levi-Cohen' });
    const [entry] = (await audit(`student=${ids.mia}&action=student.edit`)).entries;
    expect(entry).toMatchObject({
      action: 'student.edit',
      actor: { id: ids.dana, name: 'Dana Cohen', role: 'franchise_owner' },
      subject: { type: 'student', id: ids.mia, name: 'Mia Levi-Cohen' },
      ownerId: ids.dana,
      before: { phone: was?.phone, student_last_name: 'Levi' },
      after: { phone: '052-555-0199', student_last_name: 'Levi-Cohen' },
    });
    expect(Object.keys(entry?.after ?? {}).sort()).toEqual(['phone', 'student_last_name']);
  });

  test('the parent e-mail changes the account e-mail too, and must stay unique', async () => {
    const answer = await patch(ids.mia, { ParentEmail: 'New.Parent.Mia@Example.test' });
    expect(answer.status).toBe(200);
    expect((answer.body as RosterStudent).parent_email).toBe('new.parent.mia@example.test');
    const account = await s.db.kysely.selectFrom('users').select('email').where('id', '=', ids.mia).executeTakeFirstOrThrow();
    expect(account.email).toBe('new.parent.mia@example.test');
    const before = await s.snapshot();
    const count = await auditCount();
    expectWpError(await patch(ids.mia, { ParentEmail: DEMO.dana.email, Phone: '03-1234567' }), 409, 'already_exists');
    expect(await s.snapshot()).toBe(before);
    expect(await auditCount()).toBe(count);
  });

  test("families: a child may take a sibling's parent e-mail, but not become the sibling (same e-mail and names)", async () => {
    const sign = (tag: string, first: string) =>
      s.post(PATHS.createStudent, newStudentBody(tag, { ParentEmail: 'family.edit@example.test', StudentFirstName: first, StudentLastName: 'Family' }), { token: tokens.dana });
    expect((await sign('family-a', 'Ava')).body).toBe('email_sent');
    const other = newStudentBody('family-b', { StudentFirstName: 'Ben', StudentLastName: 'Family' });
    expect((await s.post(PATHS.createStudent, other, { token: tokens.dana })).body).toBe('email_sent');
    const ben = await s.db.kysely.selectFrom('students').select('user_id').where('parent_email', '=', String(other.ParentEmail).toLowerCase()).executeTakeFirstOrThrow();
    expect((await patch(ben.user_id, { ParentEmail: 'family.edit@example.test' })).status).toBe(200);
    const before = await s.snapshot();
    expectWpError(await patch(ben.user_id, { StudentFirstName: 'ava' }), 409, 'already_exists');
    expect(await s.snapshot()).toBe(before);
  });

  test("an erased child's record cannot be changed: a clear 409 and nothing stored", async () => {
    const body = newStudentBody('erased-edit');
    expect((await s.post(PATHS.createStudent, body, { token: tokens.dana })).body).toBe('email_sent');
    const { user_id: id } = await s.db.kysely.selectFrom('students').select('user_id').where('parent_email', '=', String(body.ParentEmail).toLowerCase()).executeTakeFirstOrThrow();
    expect((await s.request('DELETE', PRIVACY_PATHS.studentErase(id), { confirm: true }, { token: tokens.dana })).status).toBe(200);
    const before = await s.snapshot();
    expectWpError(await patch(id, { Phone: '03-7654321' }), 409, 'student_erased');
    expectWpError(await s.post(ROSTER_PATHS.studentEnd(id), undefined, { token: tokens.dana }), 409, 'student_erased');
    expectWpError(await s.post(CREDENTIAL_PATHS.studentPassword(id), undefined, { token: tokens.dana }), 409, 'student_erased');
    expectWpError(await s.post(CREDENTIAL_PATHS.studentSignInMail(id), undefined, { token: tokens.dana }), 409, 'student_erased');
    expect(await s.snapshot()).toBe(before);
  });

  test('bad edits get a clear 400 and store nothing', async () => {
    const before = await s.snapshot();
    const count = await auditCount();
    const bad: [unknown, string][] = [
      [{ Nickname: 'Mimi' }, 'Nickname'],
      [{ NumberOfLessons: 'many' }, 'NumberOfLessons'],
      [{ StudentFirstName: '   ' }, 'StudentFirstName'],
      [{ StudentFirstName: 42 }, 'StudentFirstName'],
      [{ ParentEmail: 'not-an-email' }, 'ParentEmail'],
      [{ Phone: 'call me' }, 'Phone'],
      [{ LessonEndDate: '2020-01-01' }, 'LessonEndDate'],
      [{ LessonStartDate: '2099-01-01' }, 'LessonStartDate'],
      [{ LessonStartDate: '2026-02-30' }, 'LessonStartDate'],
      [{ AUTH_KEY: TEST_AUTH_KEY }, 'AUTH_KEY'],
      [{ TeacherId: ids.lee }, 'TeacherId'],
      [{}, 'body'],
    ];
    for (const [body, param] of bad) {
      const answer = await patch(ids.mia, body);
      expectWpError(answer, 400, 'rest_invalid_param');
      expect({ body, params: Object.keys((answer.body as { data: { params: Record<string, string> } }).data.params) }).toEqual({ body, params: [param] });
    }
    expect((await patch(ids.mia, { LessonEndDate: '2020-01-01' })).body).toMatchObject({ data: { params: { LessonEndDate: expect.stringMatching(/must not be before the start date/) } } });
    expectWpError(await patch(999_999, { Phone: '03-1234567' }, tokens.admin), 404);
    expectWpError(await patch(ids.mia, { Phone: '03-1234567' }, tokens.lee), 404);
    expectWpError(await patch(ids.mia, { Phone: '03-1234567' }, tokens.mia), 403);
    expect(await s.snapshot()).toBe(before);
    expect(await auditCount()).toBe(count);
  });

  test('ending a student disables their sign-in and every token they hold; re-activating gives both back', async () => {
    const miaToken = await s.login('mia', DEMO.mia.password);
    expect((await s.get(PATHS.usersMe, { token: miaToken })).status).toBe(200);

    const ended = await s.post(ROSTER_PATHS.studentEnd(ids.mia), undefined, { token: tokens.dana });
    expect(ended.status).toBe(200);
    expect(ended.body).toMatchObject({ status: 'ended', signInDisabled: true, lessons_end_date: todayUtc(), endedAt: expect.any(String) });

    // The token from before is refused on every route, with the reason.
    for (const answer of [await s.get(PATHS.usersMe, { token: miaToken }), await s.post(PATHS.validate, undefined, { token: miaToken }), await s.get(`${PATHS.pages}?parent=127`, { token: miaToken })]) {
      expectWpError(answer, 403, 'jwt_auth_invalid_token');
      expect((answer.body as { message: string }).message).toBe(ACCOUNT_ENDED_MESSAGE);
    }
    // Signing in: the right password gets the reason, a wrong one the usual answer.
    const refused = await s.post(PATHS.token, { username: 'mia', password: DEMO.mia.password });
    expectWpError(refused, 403, ACCOUNT_ENDED_CODE);
    expect((refused.body as { message: string }).message).toBe(ACCOUNT_ENDED_MESSAGE);
    expectWpError(await s.post(PATHS.token, { username: 'mia', password: 'wrong' }), 403, '[jwt_auth] incorrect_password');

    // Ending again changes nothing and records nothing.
    const count = await auditCount();
    expect((await s.post(ROSTER_PATHS.studentEnd(ids.mia), undefined, { token: tokens.dana })).status).toBe(200);
    expect(await auditCount()).toBe(count);
    const [endEntry] = (await audit(`student=${ids.mia}&action=student.end`)).entries;
    expect(endEntry).toMatchObject({ before: { sign_in_disabled: false }, after: { sign_in_disabled: true, lessons_end_date: todayUtc() } });

    // Re-activating needs an end date after today.
    const before = await s.snapshot();
    for (const body of [undefined, {}, { LessonEndDate: todayUtc() }, { LessonEndDate: '2020-01-01' }, { LessonEndDate: 'soon' }, { LessonEndDate: daysFromNow(30), extra: 1 }]) {
      const answer = await s.post(ROSTER_PATHS.studentReactivate(ids.mia), body, { token: tokens.dana });
      expectWpError(answer, 400, 'rest_invalid_param');
    }
    expectWpError(await s.post(ROSTER_PATHS.studentReactivate(ids.mia), { LessonEndDate: daysFromNow(30) }, { token: tokens.lee }), 404);
    expect(await s.snapshot()).toBe(before);

    const back = await s.post(ROSTER_PATHS.studentReactivate(ids.mia), { LessonEndDate: daysFromNow(30) }, { token: tokens.dana });
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ status: 'active', signInDisabled: false, endedAt: null, lessons_end_date: daysFromNow(30) });
    const [entry] = (await audit(`student=${ids.mia}&action=student.reactivate`)).entries;
    expect(entry).toMatchObject({ before: { sign_in_disabled: true, lessons_end_date: todayUtc() }, after: { sign_in_disabled: false, lessons_end_date: daysFromNow(30) } });
    const fresh = await s.login('mia', DEMO.mia.password);
    expect((await s.get(PATHS.usersMe, { token: fresh })).status).toBe(200);
  });

  test('only administrators move a student, and only to a franchise owner', async () => {
    const before = await s.snapshot();
    expectWpError(await s.post(ROSTER_PATHS.studentMove(ids.mia), { teacherId: ids.lee }, { token: tokens.dana }), 403, 'rest_forbidden');
    expectWpError(await s.post(ROSTER_PATHS.studentMove(ids.mia), { teacherId: ids.admin }, { token: tokens.admin }), 400, 'rest_invalid_param');
    expectWpError(await s.post(ROSTER_PATHS.studentMove(ids.mia), { teacherId: ids.mia }, { token: tokens.admin }), 400, 'rest_invalid_param');
    expectWpError(await s.post(ROSTER_PATHS.studentMove(ids.mia), { teacherId: 'lee' }, { token: tokens.admin }), 400, 'rest_invalid_param');
    expectWpError(await s.post(ROSTER_PATHS.studentMove(ids.mia), {}, { token: tokens.admin }), 400, 'rest_invalid_param');
    expectWpError(await s.post(ROSTER_PATHS.studentMove(999_999), { teacherId: ids.lee }, { token: tokens.admin }), 404);
    expect(await s.snapshot()).toBe(before);

    const moved = await s.post(ROSTER_PATHS.studentMove(ids.mia), { teacherId: ids.lee }, { token: tokens.admin });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ teacher_id: String(ids.lee) });
    const account = await s.db.kysely.selectFrom('users').select('teacher_id').where('id', '=', ids.mia).executeTakeFirstOrThrow();
    expect(account.teacher_id).toBe(ids.lee);
    const leeRoster = (await s.post(PATHS.students, KEY, { token: tokens.lee })).body as WireStudent[];
    expect(leeRoster.some((st) => String(st.user_id) === String(ids.mia))).toBe(true);
    const danaRoster = (await s.post(PATHS.students, KEY, { token: tokens.dana })).body as WireStudent[];
    expect(danaRoster.some((st) => String(st.user_id) === String(ids.mia))).toBe(false);
    expectWpError(await s.get(ROSTER_PATHS.student(ids.mia), { token: tokens.dana }), 404);
    const [entry] = (await audit(`student=${ids.mia}&action=student.move`)).entries;
    expect(entry).toMatchObject({ actor: { id: ids.admin }, ownerId: ids.lee, before: { teacher_id: ids.dana }, after: { teacher_id: ids.lee } });
    // And back, for the tests that follow.
    expect((await s.post(ROSTER_PATHS.studentMove(ids.mia), { teacherId: ids.dana }, { token: tokens.admin })).status).toBe(200);
  });

  test('another instance, which has checked the token before, refuses it as soon as the lessons end', async () => {
    const other = await buildApp({ db: s.db, config: s.config, hasher: createPasswordHasher(s.config.argon2), logStream: { write: () => true } as unknown as NodeJS.WritableStream, mailer: createOutboxMailer(s.config.outboxDir, s.config.mailFrom, { info: () => undefined }) });
    try {
      const miaToken = await s.login('mia', DEMO.mia.password);
      const me = () => other.inject({ method: 'GET', url: PATHS.usersMe, headers: { authorization: `Bearer ${miaToken}` } });
      expect((await me()).statusCode).toBe(200);
      // Tokens carry whole seconds, and one from the very second of the end still counts: end in the next one.
      await new Promise((resolve) => setTimeout(resolve, 1010 - (Date.now() % 1000)));
      expect((await s.post(ROSTER_PATHS.studentEnd(ids.mia), undefined, { token: tokens.dana })).status).toBe(200);
      const refused = await me();
      expect({ status: refused.statusCode, code: (refused.json() as { code: string }).code }).toEqual({ status: 403, code: 'jwt_auth_invalid_token' });
      expect((await s.post(ROSTER_PATHS.studentReactivate(ids.mia), { LessonEndDate: daysFromNow(60) }, { token: tokens.dana })).status).toBe(200);
      // Re-activated, the account signs in again, but the sessions that were ended stay ended.
      const stale = await me();
      expect({ status: stale.statusCode, code: (stale.json() as { code: string }).code }).toEqual({ status: 403, code: 'jwt_auth_invalid_token' });
      const fresh = await s.login('mia', DEMO.mia.password);
      expect((await other.inject({ method: 'GET', url: PATHS.usersMe, headers: { authorization: `Bearer ${fresh}` } })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  test('the audit log: administrators only, filtered, newest first, paged', async () => {
    expectWpError(await s.get(ROSTER_PATHS.audit, { token: tokens.dana }), 403, 'rest_forbidden');
    expectWpError(await s.get(ROSTER_PATHS.audit, { token: await s.login('mia', DEMO.mia.password) }), 403, 'rest_forbidden');
    expectWpError(await s.get(ROSTER_PATHS.audit), 401, 'rest_forbidden');
    const all = await audit('');
    expect(all.entries.length).toBeGreaterThanOrEqual(6);
    const times = all.entries.map((e) => e.id);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect((await audit(`owner=${ids.lee}`)).entries.every((e) => e.ownerId === ids.lee)).toBe(true);
    expect((await audit(`actor=${ids.admin}`)).entries.map((e) => e.action).every((a) => a === 'student.move')).toBe(true);
    expect((await audit(`from=${todayUtc()}&to=${todayUtc()}`)).entries.length).toBe(all.entries.length);
    expect((await audit('to=2020-01-01')).entries).toEqual([]);

    const first = await audit('limit=2');
    expect(first.entries).toHaveLength(2);
    expect(first.nextBefore).toBe(first.entries[1]?.id);
    const second = await audit(`limit=2&before=${first.nextBefore}`);
    expect(second.entries[0]?.id).toBe(all.entries[2]?.id);
    const last = await audit(`limit=200&before=${all.entries.at(-1)?.id}`);
    expect(last).toEqual({ entries: [], nextBefore: null });

    for (const query of ['limit=500', 'limit=0', 'student=abc', 'from=yesterday', 'from=2026-02-01&to=2026-01-01', 'colour=red']) {
      expectWpError(await s.get(`${ROSTER_PATHS.audit}?${query}`, { token: tokens.admin }), 400, 'rest_invalid_param');
    }
  });
});
