/**
 * Problem reports: stored from any signed-in user, read by administrators only, bounded
 * in size and rate, checked to be the recorder's redacted log, deleted after the retention period
 * and with an erased child. The redaction test records a real session with the app's own recorder,
 * sanitisers, API client and reducers against this server, and searches every stored report.
 */
import { configureStore } from '@reduxjs/toolkit';
import { REPORT_PATHS, type ProblemReportDetail, type ProblemReportPage, type ProblemReportReceipt, type WirePage } from '../../contract';
import { createApiClient } from '../../src/api/createApiClient';
import { sanitizeAction, sanitizeState } from '../../src/app/devToolsSanitizers';
import { SESSION_PERSIST_VERSION } from '../../src/app/persist';
import { redactLogForReport } from '../../src/qa/reportRedaction';
import { createRootReducer } from '../../src/app/rootReducer';
import { sessionActions } from '../../src/entities/session/sessionSlice';
import { studentsActions } from '../../src/entities/students/studentsSlice';
import { usersActions } from '../../src/entities/users/usersSlice';
import { authActions } from '../../src/features/auth/authSlice';
import { contentActions } from '../../src/features/content/contentSlice';
import { createActionRecorder } from '../../src/qa/recorder';
import type { ActionLog } from '../../src/qa/logFormat';
import { openDb, type Db } from '../../server/db/connection';
import type { DomainContext } from '../../server/domain/context';
import { deleteExpiredReports } from '../../server/domain/reports';
import { createPasswordHasher } from '../../server/domain/passwords';
import { DEMO, PATHS, TEST_ARGON2, TEST_AUTH_KEY, describeEachDb, expectWpError, newStudentBody, startTestServer, type TestServer } from '../../server/test/harness';
import { exportLog } from '../../src/qa/exportLog';

/** A 1 x 1 PNG. */
const TINY_PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';

let clientSeq = 0;
const clientId = () => `client-${Date.now().toString(36)}-${(clientSeq += 1)}`;

/** A small, valid, redacted log (no session in it). */
function emptyLog(overrides: Record<string, unknown> = {}): string {
  return JSON.stringify({
    format: 'youngengineer-online/action-log',
    formatVersion: 1,
    appVersion: '0.1.0',
    persistVersion: SESSION_PERSIST_VERSION,
    recordedAt: '2026-11-25T10:00:00.000Z',
    startedAt: '2026-11-25T09:59:00.000Z',
    capacity: 5000,
    dropped: 0,
    startState: {},
    actions: [{ time: '2026-11-25T09:59:01.000Z', action: { type: 'session/tokenValidated' } }],
    ...overrides,
  });
}

function reportBody(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { note: 'The next button did nothing.', log: emptyLog(), appVersion: '0.1.0', userAgent: 'Mozilla/5.0 (test)', screen: '1280x800', clientId: clientId(), ...extra };
}

async function countReports(s: TestServer): Promise<number> {
  const row = await s.db.kysely.selectFrom('problem_reports').select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * A session as the app records it: the app's recorder with its DevTools sanitisers, the app's API
 * client against this server, the app's reducers and action creators; exported and redacted as the
 * report dialog does.
 */
async function recordSession(s: TestServer, who: { username: string; password: string }, also: (dispatch: (a: { type: string }) => void, api: ReturnType<typeof createApiClient>) => Promise<void>): Promise<{ log: ActionLog; token: string }> {
  const recorder = createActionRecorder({ redactAction: sanitizeAction, redactState: sanitizeState, persistVersion: SESSION_PERSIST_VERSION });
  const store = configureStore({ reducer: createRootReducer(), middleware: (getDefault) => getDefault({ thunk: false }).concat(recorder.middleware) });
  const api = createApiClient({ siteUrl: s.baseUrl, authKey: TEST_AUTH_KEY, getToken: () => store.getState().session.token, onSessionExpired: () => undefined });
  store.dispatch(authActions.loginSubmitted({ username: who.username, password: who.password }));
  const login = await api.login(who.username, who.password);
  store.dispatch(sessionActions.loginSucceeded(login));
  await also(store.dispatch, api);
  return { log: redactLogForReport(exportLog(recorder)), token: login.token };
}

describeEachDb('problem reports', (dialect) => {
  let s: TestServer;
  let now = Date.parse('2026-11-25T10:00:00Z');
  let mia: string;
  let dana: string;
  let admin: string;
  let catapult: number;

  beforeAll(async () => {
    s = await startTestServer({ dialect, clock: () => new Date(now), configure: (c) => ({ ...c, rateLimits: { ...c.rateLimits, reportsPerUser: { max: 25, windowMs: 3_600_000 } } }) });
    [mia, dana, admin] = [await s.login('mia', DEMO.mia.password), await s.login('dana', DEMO.dana.password), await s.login('admin', DEMO.admin.password)];
    const lessons = (await s.get(`${PATHS.pages}?parent=130&per_page=100`, { token: admin })).body as WirePage[];
    catapult = lessons.find((p) => p.title.rendered === 'Catapult')?.id ?? 0;
  });
  afterAll(async () => {
    await s?.close();
  });

  test('a student sends a report: a reference to quote; the same report sent again is stored once', async () => {
    const body = reportBody({ program: 'PlayMachines1', lessonId: catapult, screenshot: TINY_PNG, error: { message: 'x is undefined', stack: 'at Gallery', source: 'window' } });
    const sent = await s.post(REPORT_PATHS.reports, body, { token: mia });
    expect(sent.status).toBe(201);
    const receipt = sent.body as ProblemReportReceipt;
    expect(receipt.reference).toBe(`R-${receipt.id}`);
    const again = await s.post(REPORT_PATHS.reports, body, { token: mia });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(receipt);

    const detail = (await s.get(REPORT_PATHS.report(receipt.id), { token: admin })).body as ProblemReportDetail;
    expect(detail).toMatchObject({
      reference: receipt.reference,
      status: 'new',
      comment: '',
      note: 'The next button did nothing.',
      role: 'student',
      program: 'PlayMachines1',
      lessonId: catapult,
      appVersion: '0.1.0',
      screen: '1280x800',
      hasScreenshot: true,
      error: { message: 'x is undefined', stack: 'at Gallery', source: 'window' },
      log: JSON.parse(body.log as string) as unknown,
      screenshot: TINY_PNG,
    });
    // Names, not ids: who sent it and from which model, for the administrators who read it.
    expect(detail).toMatchObject({ userName: 'Mia Levi', lessonTitle: 'Catapult' });
    const listed = ((await s.get(REPORT_PATHS.reports, { token: admin })).body as ProblemReportPage).reports.find((r) => r.id === receipt.id);
    expect(listed).toMatchObject({ userName: 'Mia Levi', lessonTitle: 'Catapult', lessonId: catapult });
    const picture = await fetch(s.baseUrl + REPORT_PATHS.screenshot(receipt.id), { headers: { authorization: `Bearer ${admin}` } });
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await picture.arrayBuffer())).toEqual(Buffer.from(TINY_PNG.split(',')[1]!, 'base64'));
  });

  test('bad input: a clear 4xx and nothing stored', async () => {
    const before = await countReports(s);
    const cases: [string, Record<string, unknown>, number, string][] = [
      ['no note', { note: '   ' }, 400, 'rest_invalid_param'],
      ['a note over the limit', { note: 'x'.repeat(1001) }, 400, 'rest_invalid_param'],
      ['a log that is not JSON', { log: '{"format":' }, 400, 'rest_invalid_param'],
      ['another format', { log: emptyLog({ format: 'something-else' }) }, 400, 'rest_invalid_param'],
      ['another format version', { log: emptyLog({ formatVersion: 2 }) }, 400, 'rest_invalid_param'],
      ['a field the recorder never writes', { log: emptyLog({ injected: '<script>' }) }, 400, 'rest_invalid_param'],
      ['an action without a type', { log: emptyLog({ actions: [{ time: 'x', action: { payload: 1 } }] }) }, 400, 'rest_invalid_param'],
      ['actions that are not a list', { log: emptyLog({ actions: { 0: 1 } }) }, 400, 'rest_invalid_param'],
      ['a token left in', { log: emptyLog({ startState: { session: { token: 'eyJhbGciOi.secret' } } }) }, 400, 'report_log_not_redacted'],
      ['a parent e-mail left in', { log: emptyLog({ finalState: { students: { entities: { 1: { parentEmail: 'p@example.test' } } } } }) }, 400, 'report_log_not_redacted'],
      ['a picture that is not a picture', { screenshot: `data:image/png;base64,${Buffer.from('<svg onload=alert(1)>').toString('base64')}` }, 400, 'rest_invalid_param'],
      ['a picture of another type', { screenshot: 'data:image/svg+xml;base64,PHN2Zz4=' }, 400, 'rest_invalid_param'],
      ['a bad screen size', { screen: 'big' }, 400, 'rest_invalid_param'],
      ['an unknown field', { userId: 1 }, 400, 'rest_invalid_param'],
      ['a bad client id', { clientId: 'x' }, 400, 'rest_invalid_param'],
    ];
    for (const [what, extra, status, code] of cases) {
      const answer = await s.post(REPORT_PATHS.reports, reportBody(extra), { token: mia });
      expect({ what, status: answer.status }).toEqual({ what, status });
      expectWpError(answer, status, code);
      expect(answer.text).not.toMatch(/\bat \w+ \(/); // no stack trace
    }
    // Over 1 MB in all: refused with the report's own message.
    const big = await s.post(REPORT_PATHS.reports, reportBody({ screenshot: `data:image/png;base64,${'A'.repeat(1_100_000)}` }), { token: mia });
    expectWpError(big, 413, 'report_too_large');
    expect((big.body as { message: string }).message).toMatch(/at most 1 MB/);
    expect(await countReports(s)).toBe(before);
  });

  test('only administrators read, list and change reports; everyone else gets the neighbouring routes\' 401/403', async () => {
    const receipt = (await s.post(REPORT_PATHS.reports, reportBody(), { token: dana })).body as ProblemReportReceipt;
    for (const [token, status] of [[undefined, 401], [mia, 403], [dana, 403]] as const) {
      const opts = token ? { token } : {};
      expectWpError(await s.get(REPORT_PATHS.reports, opts), status);
      expectWpError(await s.get(REPORT_PATHS.report(receipt.id), opts), status);
      expectWpError(await s.get(REPORT_PATHS.screenshot(receipt.id), opts), status);
      expectWpError(await s.request('PATCH', REPORT_PATHS.report(receipt.id), { status: 'fixed' }, opts), status);
    }
    expectWpError(await s.post(REPORT_PATHS.reports, reportBody()), 401);
    // Unknown ids: 404 for an administrator.
    expectWpError(await s.get(REPORT_PATHS.report(999_999), { token: admin }), 404, 'report_not_found');
    expectWpError(await s.get(REPORT_PATHS.report('abc'), { token: admin }), 404, 'report_not_found');
    expectWpError(await s.request('PATCH', REPORT_PATHS.report(999_999), { status: 'fixed' }, { token: admin }), 404, 'report_not_found');
    expectWpError(await s.get(REPORT_PATHS.screenshot(receipt.id), { token: admin }), 404, 'report_no_screenshot');
    // Nothing changed by the refused calls.
    expect(((await s.get(REPORT_PATHS.report(receipt.id), { token: admin })).body as ProblemReportDetail).status).toBe('new');
  });

  test('an administrator lists reports newest first, filters and pages them, and sets status and comment', async () => {
    const a = (await s.post(REPORT_PATHS.reports, reportBody({ program: 'Filter1', appVersion: '9.9.1' }), { token: dana })).body as ProblemReportReceipt;
    const b = (await s.post(REPORT_PATHS.reports, reportBody({ program: 'Filter1', appVersion: '9.9.1' }), { token: mia })).body as ProblemReportReceipt;
    const page = (await s.get(`${REPORT_PATHS.reports}?program=Filter1`, { token: admin })).body as ProblemReportPage;
    expect(page.reports.map((r) => r.id)).toEqual([b.id, a.id]);
    expect(page.total).toBe(2);
    expect(JSON.stringify(page)).not.toContain('"log"');
    const students = (await s.get(`${REPORT_PATHS.reports}?program=Filter1&role=student`, { token: admin })).body as ProblemReportPage;
    expect(students.reports.map((r) => r.id)).toEqual([b.id]);
    const version = (await s.get(`${REPORT_PATHS.reports}?appVersion=9.9.1&per_page=1&page=2`, { token: admin })).body as ProblemReportPage;
    expect(version).toMatchObject({ total: 2, page: 2, perPage: 1 });
    expect(version.reports.map((r) => r.id)).toEqual([a.id]);

    now += 60_000;
    const changed = await s.request('PATCH', REPORT_PATHS.report(a.id), { status: 'investigating', comment: 'Seen on tablets.\nLooking.' }, { token: admin });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ status: 'investigating', comment: 'Seen on tablets.\nLooking.', updatedAt: new Date(now).toISOString() });
    const investigating = (await s.get(`${REPORT_PATHS.reports}?status=investigating&program=Filter1`, { token: admin })).body as ProblemReportPage;
    expect(investigating.reports.map((r) => r.id)).toEqual([a.id]);

    expectWpError(await s.request('PATCH', REPORT_PATHS.report(a.id), { status: 'done' }, { token: admin }), 400, 'rest_invalid_param');
    expectWpError(await s.request('PATCH', REPORT_PATHS.report(a.id), {}, { token: admin }), 400, 'rest_invalid_param');
    expectWpError(await s.get(`${REPORT_PATHS.reports}?status=closed`, { token: admin }), 400, 'rest_invalid_param');
    expect(((await s.get(REPORT_PATHS.report(a.id), { token: admin })).body as ProblemReportDetail).status).toBe('investigating');
  });

  test('no token, password, typed code or parent contact reaches a stored report', async () => {
    const owner = await recordSession(s, DEMO.dana, async (dispatch, api) => {
      dispatch(usersActions.received(await api.getAllUsers()));
      dispatch(studentsActions.received(await api.getAllStudents()));
    });
    const student = await recordSession(s, DEMO.mia, async (dispatch) => {
      dispatch(contentActions.unlockCodeChanged({ lessonId: catapult, modelName: 'Catapult', code: '2468' }));
    });
    // The recorded sessions did hold them (so the search below can fail).
    const students = (await s.post(PATHS.students, { AUTH_KEY: TEST_AUTH_KEY }, { token: dana })).body as { parent_email: string; phone: string; student_first_name: string }[];
    const contacts = students.flatMap((st) => [st.parent_email, st.phone]).filter((v) => v.length > 3);
    expect(contacts.length).toBeGreaterThan(2);

    for (const [session, token] of [[owner, dana], [student, mia]] as const) {
      expect((await s.post(REPORT_PATHS.reports, reportBody({ log: JSON.stringify(session.log) }), { token })).status).toBe(201);
    }
    const rows = await s.db.kysely.selectFrom('problem_reports').selectAll().execute();
    const stored = JSON.stringify(rows.map((r) => ({ ...r, screenshot: null })));
    expect(stored).toContain('session/loginSucceeded');
    expect(stored).toContain('content/unlockCodeChanged');
    for (const secret of [owner.token, student.token, DEMO.dana.password, DEMO.mia.password, '2468', ...contacts]) {
      expect({ secret, found: stored.includes(secret) }).toEqual({ secret, found: false });
    }
  });

  test('secrets nested in lists and objects, under other names or in any text, never reach a stored report', async () => {
    const jwt = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOjQyfQ.c2lnbmF0dXJlLW9mLXRoZS10b2tlbg';
    const before = await countReports(s);
    // A key the app redacts, still holding something at any depth and whatever the value: refused, nothing stored.
    for (const state of [{ form: { password: ['hunter2-in-a-list'] } }, { auth: { token: { value: jwt } } }, { a: [{ b: { parentEmail: ['p@example.test'] } }] }, { login: { confirmPassword: 123456 } }]) {
      const answer = await s.post(REPORT_PATHS.reports, reportBody({ log: emptyLog({ startState: state }) }), { token: mia });
      expect({ state, status: answer.status }).toEqual({ state, status: 400 });
      expectWpError(answer, 400, 'report_log_not_redacted');
    }
    expect(await countReports(s)).toBe(before);

    // Secrets and contacts by their shape, under names the app does not know: stored without them.
    const log = emptyLog({
      startState: { config: { supportEmail: 'team.hidden@franchise.test' }, api: { sessionToken: 'opaque-session-value-1', clientSecret: ['sk-live-abcdef'], headers: { Authorization: 'Bearer opaque-bearer-2' } } },
      actions: [
        { time: '2026-11-25T09:59:01.000Z', action: { type: 'roster/saved', payload: { contact: 'parent.hidden@example.test', rows: [{ note: `mail kid.hidden@example.org, key ${jwt}` }], byAddress: { 'owner.hidden@example.test': 1 } } } },
      ],
      finalState: { deep: { deeper: { deepest: [[{ value: jwt }]] } }, flags: { tokenExpired: false } },
    });
    const sent = await s.post(REPORT_PATHS.reports, reportBody({ log, note: `It broke; my token was ${jwt}`, error: { message: `fetch failed for dana.hidden@example.test`, stack: `at x (Bearer ${jwt})`, source: 'window' } }), { token: mia });
    expect(sent.status).toBe(201);
    const { id } = sent.body as ProblemReportReceipt;
    const row = await s.db.kysely.selectFrom('problem_reports').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const stored = JSON.stringify({ ...row, screenshot: null });
    for (const secret of [jwt, 'hidden@', 'opaque-session-value-1', 'sk-live-abcdef', 'opaque-bearer-2']) expect({ secret, found: stored.includes(secret) }).toEqual({ secret, found: false });
    // The rest of the log is kept as sent, for the replay.
    const detail = (await s.get(REPORT_PATHS.report(id), { token: admin })).body as ProblemReportDetail;
    expect(detail.log).toMatchObject({ actions: [{ action: { type: 'roster/saved', payload: { contact: '[redacted]', rows: [{ note: 'mail [redacted], key [redacted]' }], byAddress: { '[redacted]': 1 } } } }], finalState: { flags: { tokenExpired: false } } });
    expect(detail.note).toBe('It broke; my token was [redacted]');
  });

  test('a report over the per-user rate limit is refused (429), counted in the database', async () => {
    const limited = await startTestServer({ dialect, configure: (c) => ({ ...c, rateLimits: { ...c.rateLimits, reportsPerUser: { max: 2, windowMs: 3_600_000 } } }) });
    try {
      const token = await limited.login('mia', DEMO.mia.password);
      expect((await limited.post(REPORT_PATHS.reports, reportBody(), { token })).status).toBe(201);
      const second = reportBody();
      expect((await limited.post(REPORT_PATHS.reports, second, { token })).status).toBe(201);
      expectWpError(await limited.post(REPORT_PATHS.reports, reportBody(), { token }), 429, 'too_many_attempts');
      // The same report sent again is not a new one: answered, not counted.
      expect((await limited.post(REPORT_PATHS.reports, second, { token })).status).toBe(200);
      // Another user has their own count.
      expect((await limited.post(REPORT_PATHS.reports, reportBody(), { token: await limited.login('dana', DEMO.dana.password) })).status).toBe(201);
      expect(await countReports(limited)).toBe(3);
    } finally {
      await limited.close();
    }
  });

  test("erasing a child deletes the reports the child sent", async () => {
    const created = await s.post(PATHS.createStudent, newStudentBody('reporter'), { token: dana });
    expect(created.status).toBe(200);
    const row = await s.db.kysely.selectFrom('students').select('user_id').orderBy('user_id', 'desc').executeTakeFirstOrThrow();
    const account = await s.db.kysely.selectFrom('users').select('username').where('id', '=', row.user_id).executeTakeFirstOrThrow();
    await s.db.kysely.updateTable('users').set({ password_hash: (await s.db.kysely.selectFrom('users').select('password_hash').where('username', '=', 'mia').executeTakeFirstOrThrow()).password_hash }).where('id', '=', row.user_id).execute();
    const child = await s.login(account.username, DEMO.mia.password);
    const receipt = (await s.post(REPORT_PATHS.reports, reportBody({ note: 'Mine broke' }), { token: child })).body as ProblemReportReceipt;
    expect((await s.get(REPORT_PATHS.report(receipt.id), { token: admin })).status).toBe(200);
    expect((await s.request('DELETE', `/wp-json/yo/v1/students/${row.user_id}`, { confirm: true }, { token: dana })).status).toBe(200);
    expectWpError(await s.get(REPORT_PATHS.report(receipt.id), { token: admin }), 404);
    expect(JSON.stringify(await s.db.kysely.selectFrom('problem_reports').select('note').execute())).not.toContain('Mine broke');
  });
  test('reports older than the retention period are deleted, once, from several instances at once', async () => {
    const old = (await s.post(REPORT_PATHS.reports, reportBody(), { token: mia })).body as ProblemReportReceipt;
    now += 91 * 86_400_000;
    // (Tokens from 91 days ago have expired.)
    [mia, admin] = [await s.login('mia', DEMO.mia.password), await s.login('admin', DEMO.admin.password)];
    const fresh = (await s.post(REPORT_PATHS.reports, reportBody(), { token: mia })).body as ProblemReportReceipt;
    expect(s.config.reportRetentionDays).toBe(90);
    const extra: Db[] = dialect === 'postgres' ? [openDb({ kind: 'postgres', url: process.env.TEST_DATABASE_URL ?? '', schema: s.db.schema! }), openDb({ kind: 'postgres', url: process.env.TEST_DATABASE_URL ?? '', schema: s.db.schema! })] : [s.db, s.db];
    try {
      const ctxs: DomainContext[] = [s.db, ...extra].map((db) => ({ db, hasher: createPasswordHasher(TEST_ARGON2), mail: { deliverSoon: async () => undefined } as unknown as DomainContext['mail'], clock: () => new Date(now), siteUrl: 'http://x' }));
      const before = await countReports(s);
      const counts = await Promise.all(ctxs.map((ctx) => deleteExpiredReports(ctx, s.config.reportRetentionDays)));
      expect(counts.reduce((x, y) => x + y, 0)).toBe(before - 1);
    } finally {
      if (dialect === 'postgres') await Promise.all(extra.map((db) => db.close()));
    }
    expectWpError(await s.get(REPORT_PATHS.report(old.id), { token: admin }), 404);
    expect((await s.get(REPORT_PATHS.report(fresh.id), { token: admin })).status).toBe(200);
  });

});
