/**
 * A child's data: the download, the erasure (nothing of the child left in any
 * answer, table or log line; counts kept), the retention job with a moved clock, and the terms
 * acceptances.
 */
import { CLASSES_PATHS, CONTENT_IDS, PRIVACY_PATHS, PROGRESS_PATHS, type ClassRecord, ROSTER_PATHS, type StudentDataExport, type StudentEraseResult, type TermsAcceptanceState, type WirePage } from '../../../contract';
import { openDb, type Db } from '../../db/connection';
import type { Database } from '../../db/schema';
import { createPasswordHasher } from '../../domain/passwords';
import { anonymiseEndedStudents } from '../../domain/privacy';
import type { DomainContext } from '../../domain/context';
import { DEMO, PATHS, TEST_ARGON2, TEST_AUTH_KEY, describeEachDb, expectWpError, newStudentBody, startTestServer, type TestServer } from '../harness';

const KEY = { AUTH_KEY: TEST_AUTH_KEY };

const CHILD = {
  first: 'Zephyrine',
  last: 'Quillfeather',
  parent: 'Ottoline Brackenbury',
  email: 'ottoline.brackenbury@example.test',
  phone: '+44 20 7946 0958',
};
const PERSONAL = [CHILD.first, CHILD.last, CHILD.parent, CHILD.email, CHILD.phone, 'zephyrine', 'quillfeather', 'brackenbury'];

async function waitFor<T>(probe: () => Promise<T | undefined> | T | undefined, what: string): Promise<T> {
  for (let i = 0; i < 200; i += 1) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Every row of every table, as one string. */
async function everyTable(db: Db): Promise<string> {
  const tables: (keyof Database)[] = ['users', 'students', 'unlocks', 'student_progress', 'unlock_failures', 'user_meta', 'mail_outbox', 'audit_log', 'terms_acceptances', 'rate_limit_counters'];
  const out: Record<string, unknown> = {};
  for (const t of tables) out[t] = await db.kysely.selectFrom(t).selectAll().execute();
  return JSON.stringify(out);
}

function found(haystack: string): string[] {
  const lower = haystack.toLowerCase();
  return PERSONAL.filter((p) => lower.includes(p.toLowerCase()));
}

const mailsSeen = new WeakMap<TestServer, number>();

/** Signs the child up as Dana; returns their id and sign-in. */
async function signUpChild(s: TestServer, danaToken: string): Promise<{ id: number; username: string; password: string }> {
  const created = await s.post(
    PATHS.createStudent,
    newStudentBody('privacy', { StudentFirstName: CHILD.first, StudentLastName: CHILD.last, ParentName: CHILD.parent, ParentEmail: CHILD.email, Phone: CHILD.phone }),
    { token: danaToken },
  );
  expect(created.body).toBe('email_sent');
  const seen = mailsSeen.get(s) ?? 0;
  mailsSeen.set(s, seen + 1);
  const mail = await waitFor(async () => (await s.mails()).filter((m) => m.to.includes(CHILD.email))[seen], 'the sign-in mail');
  const username = /Username: (\S+)/.exec(mail.text)?.[1] ?? '';
  const password = /Password: (\S+)/.exec(mail.text)?.[1] ?? '';
  const row = await s.db.kysely.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow();
  return { id: row.id, username, password };
}

describeEachDb("a child's data", (dialect) => {
  let s: TestServer;
  let dana: string;
  let lee: string;
  let admin: string;
  let mia: string;
  let catapult: number;

  beforeAll(async () => {
    s = await startTestServer({ dialect });
    [dana, lee, admin, mia] = [await s.login('dana', DEMO.dana.password), await s.login('lee', DEMO.lee.password), await s.login('admin', DEMO.admin.password), await s.login('mia', DEMO.mia.password)];
    const lessons = (await s.get(`${PATHS.pages}?parent=130&per_page=100`, { token: admin })).body as WirePage[];
    catapult = lessons.find((p) => p.title.rendered === 'Catapult')?.id ?? 0;
  });
  afterAll(async () => {
    await s?.close();
  });

  test('erase a child and find nothing of them in any answer, export, table or log', async () => {
    const child = await signUpChild(s, dana);
    const childToken = await s.login(child.username, child.password);
    expect((await s.post(PATHS.unlock, { ...KEY, lesson_id: catapult, code: '2468' }, { token: childToken })).status).toBe(200);
    await s.post(PATHS.unlock, { ...KEY, lesson_id: catapult, code: '0000' }, { token: childToken });
    expect((await s.post(PATHS.usersMe, { meta: { kit_on_header_clicked: 1 } }, { token: childToken })).status).toBe(200);
    const place = { lessonId: catapult, tabId: 'tab-1', tabIndex: 0, tabs: 1, step: 4, steps: 12 };
    expect((await s.request('PUT', PROGRESS_PATHS.myProgress, place, { token: childToken })).status).toBe(200);
    const terms = (await s.get(PRIVACY_PATHS.termsAcceptance, { token: childToken })).body as TermsAcceptanceState;
    expect((await s.post(PRIVACY_PATHS.termsAcceptance, { version: terms.currentVersion }, { token: childToken })).status).toBe(200);
    const classInput = { name: 'Zephyr Builders', programId: CONTENT_IDS.playMachines1, place: '', weekdays: [1], startTime: '16:00', lengthMinutes: 60, startDate: '2026-03-01', endDate: '2026-06-30', timeZone: 'Europe/Madrid', studentIds: [child.id] };
    const made = await s.post(CLASSES_PATHS.classes, classInput, { token: dana });
    expect(made.status).toBe(201);
    const classId = (made.body as ClassRecord).id;

    // The download: everything, without the password or its hash.
    const exported = await s.get(PRIVACY_PATHS.studentData(child.id), { token: dana });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-disposition')).toBe(`attachment; filename="student-${child.id}-data.json"`);
    const data = exported.body as StudentDataExport;
    expect(data.student).toMatchObject({ userId: child.id, firstName: CHILD.first, lastName: CHILD.last, parentName: CHILD.parent, parentEmail: CHILD.email, phone: CHILD.phone, erasedAt: null });
    expect(data.account).toMatchObject({ id: child.id, username: child.username, email: CHILD.email, role: 'student' });
    expect(data.unlocks).toEqual([{ pageId: catapult, title: 'Catapult', unlockedAt: expect.any(String) }]);
    expect(data.progress).toEqual([{ lessonId: catapult, tab: 1, tabs: 1, step: 4, steps: 12, startedAt: expect.any(String), updatedAt: expect.any(String), finishedAt: null }]);
    expect(data.steps).toEqual([{ lessonId: catapult, tab: 1, step: 4, firstAt: expect.any(String), lastAt: expect.any(String), leftAt: null, seconds: 0, stuckPresses: 0 }]);
    expect(data.failedUnlockAttempts).toBe(1);
    expect(data.userMeta).toEqual({ kit_on_header_clicked: '1' });
    expect(data.mails).toEqual([expect.objectContaining({ subject: `Sign-in details for ${CHILD.first} ${CHILD.last}`, status: 'sent' })]);
    expect(data.termsAcceptances).toEqual([{ version: terms.currentVersion, acceptedAt: expect.any(String) }]);
    expect(data.classes).toEqual([{ name: 'Zephyr Builders', joinedAt: expect.any(String), leftAt: null }]);
    expect(data.auditEntries.map((e) => e.action)).toContain('user.terms_accept');
    expect(exported.text).not.toMatch(/password_hash|passwordHash|\$argon2|Password: /);
    expect((await s.get(PRIVACY_PATHS.studentData(child.id), { token: admin })).status).toBe(200);

    const danaCount = ((await s.post(PATHS.students, KEY, { token: dana })).body as unknown[]).length;
    const allCount = ((await s.post(PATHS.students, KEY, { token: admin })).body as unknown[]).length;
    const usersCount = ((await s.post(PATHS.users, KEY, { token: admin })).body as unknown[]).length;

    const erased = await s.request('DELETE', PRIVACY_PATHS.studentErase(child.id), { confirm: true }, { token: dana });
    expect(erased.status).toBe(200);
    expect(erased.body).toEqual({ userId: child.id, erasedAt: expect.any(String), alreadyErased: false });
    // Twice is harmless.
    const again = await s.request('DELETE', `${PRIVACY_PATHS.studentErase(child.id)}?confirm=true`, undefined, { token: admin });
    expect(again.body).toEqual({ ...(erased.body as StudentEraseResult), alreadyErased: true });

    // The child's sessions and password are gone.
    expectWpError(await s.get(PATHS.usersMe, { token: childToken }), 403, 'jwt_auth_invalid_token');
    expect((await s.post(PATHS.token, { username: child.username, password: child.password })).status).toBe(403);

    // Counts hold.
    const danaList = (await s.post(PATHS.students, KEY, { token: dana })).body as { user_id: string; student_first_name: string }[];
    expect(danaList).toHaveLength(danaCount);
    expect(danaList.find((st) => st.user_id === String(child.id))).toMatchObject({ student_first_name: 'Erased' });
    expect((await s.post(PATHS.students, KEY, { token: admin })).body as unknown[]).toHaveLength(allCount);
    expect((await s.post(PATHS.users, KEY, { token: admin })).body as unknown[]).toHaveLength(usersCount);
    // The student's page says so: erased, not active.
    expect((await s.get(ROSTER_PATHS.student(child.id), { token: dana })).body).toMatchObject({ status: 'erased', parent_name: '', parent_email: '' });

    const answers = [
      await s.post(PATHS.students, KEY, { token: dana }),
      await s.post(PATHS.students, KEY, { token: admin }),
      await s.post(PATHS.users, KEY, { token: dana }),
      await s.post(PATHS.users, KEY, { token: admin }),
      await s.get(`${PATHS.usersMe}?context=edit`, { token: dana }),
      await s.get(PRIVACY_PATHS.studentData(child.id), { token: dana }),
      await s.get(PRIVACY_PATHS.studentData(child.id), { token: admin }),
    ];
    for (const a of answers) expect(a.status).toBe(200);
    const afterErase = (answers[5]?.body as StudentDataExport);
    expect(afterErase).toMatchObject({ unlocks: [], progress: [], steps: [], failedUnlockAttempts: 0, userMeta: {}, mails: [], termsAcceptances: [], classes: [] });
    // The class goes on without the child.
    expect((await s.get(CLASSES_PATHS.class(classId), { token: dana })).body).toMatchObject({ name: 'Zephyr Builders', students: [] });
    expect(afterErase.auditEntries.every((e) => JSON.stringify(e.before) === '{}' && JSON.stringify(e.after) === '{}')).toBe(true);
    expect(afterErase.auditEntries.map((e) => e.action)).toContain('student.erase');
    expect({ answers: found(answers.map((a) => a.text).join('\n')) }).toEqual({ answers: [] });
    expect({ tables: found(await everyTable(s.db)) }).toEqual({ tables: [] });
    expect({ logs: found(s.logs.join('')) }).toEqual({ logs: [] });
  }, 60_000);

  test('bad input and other people: a clear 4xx and nothing changed', async () => {
    const child = await signUpChild(s, dana);
    const before = await everyTable(s.db);
    const tries = [
      { answer: await s.request('DELETE', PRIVACY_PATHS.studentErase(child.id), {}, { token: dana }), status: 400 },
      { answer: await s.request('DELETE', PRIVACY_PATHS.studentErase(child.id), { confirm: false }, { token: dana }), status: 400 },
      { answer: await s.request('DELETE', PRIVACY_PATHS.studentErase(child.id), { confirm: true, extra: 1 }, { token: dana }), status: 400 },
      { answer: await s.request('DELETE', PRIVACY_PATHS.studentErase(child.id), { confirm: true }, { token: lee }), status: 404 },
      { answer: await s.request('DELETE', PRIVACY_PATHS.studentErase(child.id), { confirm: true }, { token: mia }), status: 403 },
      { answer: await s.request('DELETE', PRIVACY_PATHS.studentErase(child.id), { confirm: true }), status: 401 },
      { answer: await s.request('DELETE', PRIVACY_PATHS.studentErase(999_999), { confirm: true }, { token: admin }), status: 404 },
      { answer: await s.request('DELETE', PRIVACY_PATHS.studentErase('abc'), { confirm: true }, { token: admin }), status: 404 },
      // An owner is no student: "erasing" an account that is not a student finds nothing.
      { answer: await s.request('DELETE', PRIVACY_PATHS.studentErase((await s.db.kysely.selectFrom('users').select('id').where('username', '=', 'lee').executeTakeFirstOrThrow()).id), { confirm: true }, { token: admin }), status: 404 },
      { answer: await s.get(PRIVACY_PATHS.studentData(child.id), { token: lee }), status: 404 },
      { answer: await s.get(PRIVACY_PATHS.studentData(child.id), { token: mia }), status: 403 },
      { answer: await s.get(`${PRIVACY_PATHS.studentData(child.id)}?x=1`, { token: dana }), status: 400 },
      { answer: await s.post(PRIVACY_PATHS.termsAcceptance, { version: 'not-the-version' }, { token: mia }), status: 409 },
      { answer: await s.post(PRIVACY_PATHS.termsAcceptance, {}, { token: mia }), status: 400 },
      { answer: await s.post(PRIVACY_PATHS.termsAcceptance, { version: 12 }, { token: mia }), status: 400 },
    ];
    for (const t of tries) expectWpError(t.answer, t.status);
    expect(await everyTable(s.db)).toBe(before);
  }, 60_000);

  test('terms: each acceptance is kept with its version; changed terms are asked again', async () => {
    const first = (await s.get(PRIVACY_PATHS.termsAcceptance, { token: mia })).body as TermsAcceptanceState;
    expect(first).toEqual({ currentVersion: expect.stringMatching(/^[0-9a-f]{16}$/), acceptedVersion: null, acceptedAt: null });
    const accepted = (await s.post(PRIVACY_PATHS.termsAcceptance, { version: first.currentVersion }, { token: mia })).body as TermsAcceptanceState;
    expect(accepted).toEqual({ currentVersion: first.currentVersion, acceptedVersion: first.currentVersion, acceptedAt: expect.any(String) });
    // Accepting the same version again records nothing new.
    await s.post(PRIVACY_PATHS.termsAcceptance, { version: first.currentVersion }, { token: mia });
    const miaId = (await s.db.kysely.selectFrom('users').select('id').where('username', '=', 'mia').executeTakeFirstOrThrow()).id;
    const entries = await s.db.kysely.selectFrom('audit_log').selectAll().where('action', '=', 'user.terms_accept').where('subject_id', '=', miaId).execute();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actor_id: miaId, actor_role: 'student', subject_type: 'user', after_json: JSON.stringify({ version: first.currentVersion }) });

    await s.db.kysely.updateTable('pages').set({ content: '<p>New terms.</p>' }).where('id', '=', 51).execute();
    const changed = (await s.get(PRIVACY_PATHS.termsAcceptance, { token: mia })).body as TermsAcceptanceState;
    expect(changed.currentVersion).not.toBe(first.currentVersion);
    expect(changed.acceptedVersion).toBe(first.currentVersion);
    expectWpError(await s.post(PRIVACY_PATHS.termsAcceptance, { version: first.currentVersion }, { token: mia }), 409, 'terms_changed');
    const again = (await s.post(PRIVACY_PATHS.termsAcceptance, { version: changed.currentVersion }, { token: mia })).body as TermsAcceptanceState;
    expect(again.acceptedVersion).toBe(changed.currentVersion);
    expect(await s.db.kysely.selectFrom('terms_acceptances').select('version').where('user_id', '=', miaId).orderBy('id').execute()).toEqual([
      { version: first.currentVersion },
      { version: changed.currentVersion },
    ]);
  });
});

describeEachDb('the logs', (dialect) => {
  test("sign-ups, failed sign-ups, searches, edits and erasures log no child's name nor parent contact", async () => {
    const s = await startTestServer({ dialect });
    try {
      const from = s.logs.length;
      const dana = await s.login('dana', DEMO.dana.password);
      const child = await signUpChild(s, dana);
      const body = newStudentBody('logs', { StudentFirstName: CHILD.first, StudentLastName: CHILD.last, ParentName: CHILD.parent, ParentEmail: CHILD.email, Phone: CHILD.phone });
      // The same child again (already_exists), a bad phone, a bad e-mail, a form body, no token.
      expect((await s.post(PATHS.createStudent, body, { token: dana })).body).toBe('already_exists');
      expect((await s.post(PATHS.createStudent, { ...body, Phone: `${CHILD.phone} ${CHILD.parent}` }, { token: dana })).status).toBe(400);
      expect((await s.post(PATHS.createStudent, { ...body, ParentEmail: `${CHILD.first}@` }, { token: dana })).status).toBe(400);
      expect((await s.post(PATHS.createStudent, body, { token: dana, form: true })).status).toBe(200);
      expect((await s.post(PATHS.createStudent, body)).status).toBe(401);
      // Names in query strings (a search, an edit-like call with its fields in the URL).
      await s.post(`${PATHS.students}?search=${encodeURIComponent(CHILD.first)}&phone=${encodeURIComponent(CHILD.phone)}`, KEY, { token: dana });
      await s.request('PATCH', `${PRIVACY_PATHS.studentErase(child.id)}?parent_email=${encodeURIComponent(CHILD.email)}`, { ParentName: CHILD.parent, Phone: CHILD.phone }, { token: dana });
      await s.get(`/students_list/${encodeURIComponent(CHILD.first)}?q=${encodeURIComponent(CHILD.last)}`);
      await s.get(`/account?q=${encodeURIComponent(CHILD.parent)}`);
      await s.post(PATHS.reset, { ...KEY, user_email: CHILD.email });
      await s.post(PATHS.token, { username: CHILD.email, password: 'wrong' });
      await s.get(PRIVACY_PATHS.studentData(child.id), { token: dana });
      await s.request('DELETE', PRIVACY_PATHS.studentErase(child.id), { confirm: true }, { token: dana });
      await waitFor(async () => ((await s.mails()).length >= 2 ? true : undefined), 'the mails');
      const logged = s.logs.slice(from).join('');
      expect(logged).toContain('"status":400');
      expect({ logs: found(logged) }).toEqual({ logs: [] });
    } finally {
      await s.close();
    }
  }, 60_000);
});

describeEachDb('the retention job', (dialect) => {
  test('anonymises students whose lessons ended more than PRIVACY_RETENTION_MONTHS ago, once, even from three instances at once', async () => {
    let now = Date.parse('2026-11-23T10:00:00Z');
    const s = await startTestServer({ dialect, clock: () => new Date(now), env: { PRIVACY_RETENTION_MONTHS: '6' } });
    const extra: Db[] = [];
    try {
      const dana = await s.login('dana', DEMO.dana.password);
      const child = await signUpChild(s, dana);
      await s.db.kysely.updateTable('students').set({ lessons_end_date: '2026-06-30' }).where('user_id', '=', child.id).execute();
      const eligible = async (cutoff: string) => (await s.db.kysely.selectFrom('students').select('user_id').where('lessons_end_date', '<', cutoff).execute()).map((r) => r.user_id);
      // Nothing ended before 2026-05-23 yet (the demo's students end from 2026-05-19: those go).
      const early = await eligible('2026-05-23');

      now = Date.parse('2027-03-01T10:00:00Z');
      const due = await eligible('2026-09-01');
      expect(due).toContain(child.id);
      const reopen = (): Db =>
        dialect === 'sqlite' ? openDb({ kind: 'sqlite', file: `${s.dir}/portal.sqlite` }) : openDb({ kind: 'postgres', url: process.env.TEST_DATABASE_URL ?? '', schema: s.db.schema! });
      // PostgreSQL: three instances, each its own pool. SQLite is one instance's file: three rounds at once on it.
      if (dialect === 'postgres') extra.push(reopen(), reopen());
      else extra.push(s.db, s.db);
      const ctxs: DomainContext[] = [s.db, ...extra].map((db) => ({ db, hasher: createPasswordHasher(TEST_ARGON2), mail: { deliverSoon: async () => undefined } as unknown as DomainContext['mail'], clock: () => new Date(now), siteUrl: 'http://x' }));
      const counts = await Promise.all(ctxs.map((ctx) => anonymiseEndedStudents(ctx, s.config.privacyRetentionMonths)));
      // The server's own job may have taken the early ones at start.
      expect(counts.reduce((a, b) => a + b, 0)).toBe(due.length - early.length);
      const entries = await s.db.kysely.selectFrom('audit_log').selectAll().where('action', '=', 'student.anonymise').execute();
      expect(entries.map((e) => e.subject_id).sort((a, b) => a - b)).toEqual([...due].sort((a, b) => a - b));
      expect(entries.every((e) => e.actor_id === null && e.actor_role === 'system' && e.before_json === '{}' && e.after_json === '{}')).toBe(true);
      const rows = await s.db.kysely.selectFrom('students').selectAll().where('user_id', 'in', due).execute();
      expect(rows.every((r) => r.erased_at !== null && r.student_first_name === 'Erased' && r.parent_email === '' && r.phone === '')).toBe(true);
      const kept = await s.db.kysely.selectFrom('students').selectAll().where('lessons_end_date', '>=', '2026-09-01').execute();
      expect(kept.length).toBeGreaterThan(0);
      expect(kept.every((r) => r.erased_at === null && r.student_first_name !== 'Erased')).toBe(true);
      expect(found(await everyTable(s.db))).toEqual([]);
      // Again: nothing left to do.
      expect(await anonymiseEndedStudents(ctxs[0]!, 6)).toBe(0);
    } finally {
      for (const db of extra) if (db !== s.db) await db.close();
      await s.close();
    }
  }, 60_000);

  test('every instance runs it at start', async () => {
    const s = await startTestServer({ dialect, clock: () => new Date('2030-01-01T00:00:00Z') });
    try {
      const total = (await s.db.kysely.selectFrom('students').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n;
      await waitFor(async () => {
        const n = (await s.db.kysely.selectFrom('students').select((eb) => eb.fn.countAll().as('n')).where('erased_at', 'is not', null).executeTakeFirstOrThrow()).n;
        return Number(n) === Number(total) ? n : undefined;
      }, 'the job at start');
      const mia = await s.post(PATHS.token, { username: 'mia', password: DEMO.mia.password });
      expect(mia.status).toBe(403);
    } finally {
      await s.close();
    }
  }, 60_000);
});
