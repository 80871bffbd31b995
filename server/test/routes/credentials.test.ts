/**
 * Sign-in details: a student's for their owner, resets that cannot lock anyone out, changing one's
 * own password, and failed-login limits that spare a browser that signed in before.
 */
import { CREDENTIAL_PATHS, type StudentCredentials, type StudentPasswordReset } from '../../../contract';
import { DEMO, PATHS, TEST_AUTH_KEY, describeEachDb, expectWpError, newStudentBody, clockAtWindowStart, startTestServer, userIds, type TestServer } from '../harness';

jest.setTimeout(120_000);

const KEY = { AUTH_KEY: TEST_AUTH_KEY };
const DAY = 24 * 60 * 60 * 1000;

/** A new student of Dana's: its id, login name and password (from the welcome mail). */
async function newStudent(s: TestServer, danaToken: string, tag: string): Promise<{ id: number; username: string; password: string; email: string }> {
  const body = newStudentBody(tag);
  expect((await s.post(PATHS.createStudent, body, { token: danaToken })).body).toBe('email_sent');
  const email = String(body.ParentEmail);
  const welcome = (await s.mails()).filter((m) => m.to === email).pop()?.text ?? '';
  const username = /Username: (\S+)/.exec(welcome)?.[1] ?? '';
  const password = /Password: (\S+)/.exec(welcome)?.[1] ?? '';
  const id = (await userIds(s)).get(username)?.id ?? 0;
  return { id, username, password, email };
}

const lastMailTo = async (s: TestServer, to: string) => (await s.mails()).filter((m) => m.to === to).pop();
const passwordIn = (text: string | undefined) => /Password: (\S+)/.exec(text ?? '')?.[1] ?? '';

async function auditActions(s: TestServer, subjectId: number): Promise<{ action: string; before_json: string; after_json: string }[]> {
  return s.db.kysely.selectFrom('audit_log').select(['action', 'before_json', 'after_json']).where('subject_id', '=', subjectId).orderBy('id').execute();
}

describeEachDb('credentials', (dialect) => {
  let s: TestServer;
  let now = Date.now();
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    s = await startTestServer({ dialect, clock: () => new Date(now) });
    for (const who of ['dana', 'lee', 'mia', 'admin'] as const) tokens[who] = await s.login(DEMO[who].username, DEMO[who].password);
  });
  afterAll(async () => {
    await s?.close();
  });

  const signIn = (username: string, password: string) => s.post(PATHS.token, { username, password });

  describe('GET students/:id/credentials', () => {
    test('the owner and an administrator see the login name and the last sign-in; nobody else', async () => {
      const mia = (await userIds(s)).get('mia')?.id ?? 0;
      const forDana = await s.get(CREDENTIAL_PATHS.studentCredentials(mia), { token: tokens.dana });
      expect(forDana.status).toBe(200);
      const creds = forDana.body as StudentCredentials;
      expect(creds.loginName).toBe('mia');
      // Mia signed in in beforeAll.
      expect(Date.parse(creds.lastSignInAt ?? '')).toBeGreaterThan(now - 60_000);
      expect((await s.get(CREDENTIAL_PATHS.studentCredentials(mia), { token: tokens.admin })).body).toEqual(creds);
      expectWpError(await s.get(CREDENTIAL_PATHS.studentCredentials(mia), { token: tokens.lee }), 404, 'rest_user_invalid_id');
      expectWpError(await s.get(CREDENTIAL_PATHS.studentCredentials(mia), { token: tokens.mia }), 403, 'rest_forbidden');
      expectWpError(await s.get(CREDENTIAL_PATHS.studentCredentials(mia)), 401, 'rest_forbidden');
    });

    test('a student that never signed in: lastSignInAt null; bad ids and non-students: 404; unknown parameters: 400', async () => {
      const child = await newStudent(s, tokens.dana ?? '', 'creds-never');
      expect((await s.get(CREDENTIAL_PATHS.studentCredentials(child.id), { token: tokens.dana })).body).toEqual({ loginName: child.username, lastSignInAt: null });
      const dana = (await userIds(s)).get('dana')?.id ?? 0;
      for (const id of ['abc', '0', '-1', '99999999999', String(dana), '999999']) {
        expectWpError(await s.get(CREDENTIAL_PATHS.studentCredentials(id), { token: tokens.admin }), 404, 'rest_user_invalid_id');
      }
      expectWpError(await s.get(`${CREDENTIAL_PATHS.studentCredentials(child.id)}?extra=1`, { token: tokens.dana }), 400, 'rest_invalid_param');
    });
  });

  describe('POST students/:id/password', () => {
    test('a new password at once, told once: the old one and the sessions signed in with it are refused; audited without values', async () => {
      const child = await newStudent(s, tokens.dana ?? '', 'creds-reset');
      const oldToken = await s.login(child.username, child.password);
      now += 2000;
      const res = await s.post(CREDENTIAL_PATHS.studentPassword(child.id), undefined, { token: tokens.dana });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const reset = res.body as StudentPasswordReset;
      expect(reset.loginName).toBe(child.username);
      expect(reset.password).toMatch(/^\S{12,}$/);
      expectWpError(await signIn(child.username, child.password), 403, '[jwt_auth] incorrect_password');
      expectWpError(await s.post(PATHS.validate, undefined, { token: oldToken }), 403, 'jwt_auth_invalid_token');
      expect((await signIn(child.username, reset.password)).status).toBe(200);
      const audit = await auditActions(s, child.id);
      expect(audit.map((a) => a.action)).toContain('student.password_reset');
      const stored = JSON.stringify(await s.db.kysely.selectFrom('audit_log').selectAll().execute()) + JSON.stringify(await s.db.kysely.selectFrom('users').selectAll().execute());
      expect(stored).not.toContain(reset.password);
      expect(s.logs.join('')).not.toContain(reset.password);
      expect((await s.mails()).some((m) => m.text.includes(reset.password))).toBe(false);
    });

    test("another owner's student: 404 and nothing changes; a student, anonymous: 403, 401; a body: 400", async () => {
      const child = await newStudent(s, tokens.dana ?? '', 'creds-guard');
      expectWpError(await s.post(CREDENTIAL_PATHS.studentPassword(child.id), undefined, { token: tokens.lee }), 404, 'rest_user_invalid_id');
      expectWpError(await s.post(CREDENTIAL_PATHS.studentPassword(child.id), undefined, { token: tokens.mia }), 403, 'rest_forbidden');
      expectWpError(await s.post(CREDENTIAL_PATHS.studentPassword(child.id)), 401, 'rest_forbidden');
      expectWpError(await s.post(CREDENTIAL_PATHS.studentPassword(child.id), { password: 'mine' }, { token: tokens.dana }), 400, 'rest_invalid_param');
      expectWpError(await s.post(CREDENTIAL_PATHS.studentSignInMail(child.id), undefined, { token: tokens.lee }), 404, 'rest_user_invalid_id');
      expect((await signIn(child.username, child.password)).status).toBe(200);
      expect((await auditActions(s, child.id)).map((a) => a.action)).toEqual(['student.create']);
    });
  });

  describe('POST students/:id/sign-in-mail', () => {
    test('mails the parent a new pending password: the old one works until the new one is used', async () => {
      const child = await newStudent(s, tokens.dana ?? '', 'creds-mail');
      const res = await s.post(CREDENTIAL_PATHS.studentSignInMail(child.id), undefined, { token: tokens.dana });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ sent: true });
      const mail = await lastMailTo(s, child.email);
      expect(mail?.subject).toMatch(/^Sign-in details for /);
      expect(mail?.text).toContain(`Username: ${child.username}`);
      const fresh = passwordIn(mail?.text);
      expect(fresh).not.toBe(child.password);
      expect((await signIn(child.username, child.password)).status).toBe(200);
      expect((await signIn(child.username, fresh)).status).toBe(200);
      expectWpError(await signIn(child.username, child.password), 403, '[jwt_auth] incorrect_password');
      expect((await auditActions(s, child.id)).map((a) => a.action)).toEqual(['student.create', 'student.sign_in_mail', 'user.password_change']);
    });
  });

  describe('wl/v1 reset_password', () => {
    test('THE reset test: after a reset asked by someone else the old password still signs in; once the new one is used, the old one is refused', async () => {
      const child = await newStudent(s, tokens.dana ?? '', 'creds-the-reset');
      const oldToken = await s.login(child.username, child.password);
      now += 2000;
      const res = await s.post(PATHS.reset, { ...KEY, user_email: child.email });
      expect(res.body).toEqual({ success: true, message: 'A new password has been sent to your email' });
      const fresh = passwordIn((await lastMailTo(s, child.email))?.text);
      expect(fresh).not.toBe('');
      // Someone else asked: the child is not locked out, and stays signed in.
      expect((await signIn(child.username, child.password)).status).toBe(200);
      expect((await s.post(PATHS.validate, undefined, { token: oldToken })).status).toBe(200);
      now += 2000;
      // The parent uses the new one: it is THE password from now on.
      expect((await signIn(child.username, fresh)).status).toBe(200);
      expectWpError(await signIn(child.username, child.password), 403, '[jwt_auth] incorrect_password');
      expectWpError(await s.post(PATHS.validate, undefined, { token: oldToken }), 403, 'jwt_auth_invalid_token');
      expect((await signIn(child.username, fresh)).status).toBe(200);
    });

    test(`a pending password expires after 7 days; a newer reset replaces it`, async () => {
      const child = await newStudent(s, tokens.dana ?? '', 'creds-expiry');
      await s.post(PATHS.reset, { ...KEY, user_email: child.email });
      const first = passwordIn((await lastMailTo(s, child.email))?.text);
      await s.post(PATHS.reset, { ...KEY, user_email: child.email });
      const second = passwordIn((await lastMailTo(s, child.email))?.text);
      expectWpError(await signIn(child.username, first), 403, '[jwt_auth] incorrect_password');
      const saved = now;
      try {
        now += 7 * DAY + 60_000;
        expectWpError(await signIn(child.username, second), 403, '[jwt_auth] incorrect_password');
        expect((await signIn(child.username, child.password)).status).toBe(200);
      } finally {
        now = saved;
      }
    });

    test("an address a family's children share resets each, in one mail with every login name", async () => {
      const child = await newStudent(s, tokens.dana ?? '', 'creds-family');
      const sibling = newStudentBody('creds-family-sib', { ParentEmail: child.email, StudentFirstName: 'Sib', StudentLastName: 'Ling' });
      expect((await s.post(PATHS.createStudent, sibling, { token: tokens.dana })).body).toBe('email_sent');
      const family = (await s.db.kysely.selectFrom('users').select('username').where('email', '=', child.email.toLowerCase()).execute()).map((u) => u.username).sort();
      expect(family).toHaveLength(2);
      const before = (await s.mails()).length;
      expect((await s.post(PATHS.reset, { ...KEY, user_email: child.email })).status).toBe(200);
      const mails = (await s.mails()).slice(before);
      expect(mails).toHaveLength(1);
      const text = mails[0]?.text ?? '';
      const pairs = [...text.matchAll(/Username: (\S+)\r?\nPassword: (\S+)/g)].map((m) => [m[1], m[2]] as const);
      expect(pairs.map(([u]) => u).sort()).toEqual(family);
      for (const [username, password] of pairs) expect((await signIn(username ?? '', password ?? '')).status).toBe(200);
    });

    test('limited per address and per account: 429 and no mail; unknown address still 404', async () => {
      const limited = await startTestServer({ dialect, clock: clockAtWindowStart(3_600_000), configure: (c) => ({ ...c, rateLimits: { ...c.rateLimits, resetPerAccount: { max: 2, windowMs: 3_600_000 }, resetPerIp: { max: 4, windowMs: 3_600_000 } } }) });
      try {
        const body = { ...KEY, user_email: DEMO.maria.email };
        for (let i = 0; i < 2; i += 1) expect((await limited.post(PATHS.reset, body)).status).toBe(200);
        const mailsBefore = (await limited.mails()).length;
        expectWpError(await limited.post(PATHS.reset, body), 429, 'too_many_attempts');
        expect((await limited.mails()).length).toBe(mailsBefore);
        // Maria's own password still works: resets never lock anyone out.
        expect((await limited.post(PATHS.token, { username: 'maria', password: DEMO.maria.password })).status).toBe(200);
        expectWpError(await limited.post(PATHS.reset, { ...KEY, user_email: 'nobody@nowhere.test' }), 404, 'invalid_email');
        // Every request counts against the address (4 here), so the next one is refused whatever it names.
        for (let i = 0; i < 3; i += 1) await limited.post(PATHS.reset, { ...KEY, user_email: `someone${i}@nowhere.test` });
        expectWpError(await limited.post(PATHS.reset, { ...KEY, user_email: DEMO.dana.email }), 429, 'too_many_attempts');
        expect((await limited.mails()).length).toBe(mailsBefore);
      } finally {
        await limited.close();
      }
    });
  });

  describe('POST me/password', () => {
    test('checks the current password, ends the other sessions, answers a fresh token; audited', async () => {
      const child = await newStudent(s, tokens.dana ?? '', 'creds-own');
      const other = await s.login(child.username, child.password);
      const mine = await s.login(child.username, child.password);
      now += 2000;
      const res = await s.post(CREDENTIAL_PATHS.myPassword, { currentPassword: child.password, newPassword: 'my own secret 42' }, { token: mine });
      expect(res.status).toBe(200);
      const { token } = res.body as { token: string };
      expect((await s.post(PATHS.validate, undefined, { token })).status).toBe(200);
      expectWpError(await s.post(PATHS.validate, undefined, { token: other }), 403, 'jwt_auth_invalid_token');
      expectWpError(await s.post(PATHS.validate, undefined, { token: mine }), 403, 'jwt_auth_invalid_token');
      expectWpError(await signIn(child.username, child.password), 403, '[jwt_auth] incorrect_password');
      expect((await signIn(child.username, 'my own secret 42')).status).toBe(200);
      expect((await auditActions(s, child.id)).map((a) => a.action)).toEqual(['student.create', 'user.password_change']);
      expect(JSON.stringify(await auditActions(s, child.id))).not.toContain('my own secret');
    });

    test('bad input: missing fields, wrong types, too short, the same, a wrong current password; anonymous 401', async () => {
      const child = await newStudent(s, tokens.dana ?? '', 'creds-own-bad');
      const token = await s.login(child.username, child.password);
      const bad: [unknown, string][] = [
        [{}, 'rest_invalid_param'],
        [{ currentPassword: child.password }, 'rest_invalid_param'],
        [{ newPassword: 'long enough 123' }, 'rest_invalid_param'],
        [{ currentPassword: 42, newPassword: 'long enough 123' }, 'rest_invalid_param'],
        [{ currentPassword: child.password, newPassword: ['long enough 123'] }, 'rest_invalid_param'],
        [{ currentPassword: child.password, newPassword: 'short' }, 'rest_invalid_param'],
        [{ currentPassword: child.password, newPassword: child.password }, 'rest_invalid_param'],
        [{ currentPassword: child.password, newPassword: 'x'.repeat(201) }, 'rest_invalid_param'],
        [{ currentPassword: child.password, newPassword: 'long enough 123', extra: 1 }, 'rest_invalid_param'],
        [{ currentPassword: 'not the password', newPassword: 'long enough 123' }, 'incorrect_password'],
      ];
      for (const [body, code] of bad) expectWpError(await s.post(CREDENTIAL_PATHS.myPassword, body, { token }), 400, code);
      const short = await s.post(CREDENTIAL_PATHS.myPassword, { currentPassword: child.password, newPassword: 'short' }, { token });
      expect((short.body as { data: { params: Record<string, string> } }).data.params.newPassword).toMatch(/at least 8 characters/);
      expectWpError(await s.post(CREDENTIAL_PATHS.myPassword, { currentPassword: child.password, newPassword: 'long enough 123' }), 401, 'rest_forbidden');
      expect((await signIn(child.username, child.password)).status).toBe(200);
      expect((await s.post(PATHS.validate, undefined, { token })).status).toBe(200);
    });
  });
});

describeEachDb('failed sign-ins: 100 a day per account, and a browser that signed in before keeps its own limit', (dialect) => {
  let s: TestServer;
  let now = Date.UTC(2026, 10, 23, 1, 0, 0);

  beforeAll(async () => {
    // The per-address limit is its own rule (security.test.ts): here every guess comes from one test address.
    s = await startTestServer({ dialect, clock: () => new Date(now), configure: (c) => ({ ...c, rateLimits: { ...c.rateLimits, loginPerIp: { max: 100_000, windowMs: 60_000 } } }) });
  });
  afterAll(async () => {
    await s?.close();
  });

  test('the known place still signs in after a guesser used up the account; others are slowed by a short delay, not held to the next day', async () => {
    const first = await s.post(PATHS.token, { username: 'lee', password: DEMO.lee.password });
    expect(first.status).toBe(200);
    const setCookie = first.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^yo_place=[A-Za-z0-9_-]{43}; Path=\/wp-json\/jwt-auth\/v1\/token; Max-Age=\d+; HttpOnly; SameSite=Strict$/);
    const cookie = setCookie.split(';')[0] ?? '';
    const stored = JSON.stringify(await s.db.kysely.selectFrom('known_sign_in_places').selectAll().execute());
    expect(stored).not.toContain(cookie.split('=')[1]);

    for (let i = 0; i < 100; i += 1) expectWpError(await s.post(PATHS.token, { username: 'lee', password: `guess-${i}` }), 403, '[jwt_auth] incorrect_password');
    // Also by e-mail: one account, one count.
    expectWpError(await s.post(PATHS.token, { username: DEMO.lee.email, password: DEMO.lee.password }), 429, 'too_many_attempts');
    const refused = await s.post(PATHS.token, { username: 'lee', password: DEMO.lee.password });
    expectWpError(refused, 429, 'too_many_attempts');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // A made-up cookie is no known place.
    expectWpError(await s.post(PATHS.token, { username: 'lee', password: DEMO.lee.password }, { headers: { cookie: `yo_place=${'A'.repeat(43)}` } }), 429, 'too_many_attempts');

    // Lee's own browser gets in, and its own mistakes have their own count.
    expect((await s.post(PATHS.token, { username: 'lee', password: DEMO.lee.password }, { headers: { cookie } })).status).toBe(200);
    for (let i = 0; i < 10; i += 1) expectWpError(await s.post(PATHS.token, { username: 'lee', password: `typo-${i}` }, { headers: { cookie } }), 403, '[jwt_auth] incorrect_password');
    expectWpError(await s.post(PATHS.token, { username: 'lee', password: DEMO.lee.password }, { headers: { cookie } }), 429, 'too_many_attempts');
    now += 16 * 60 * 1000;
    expect((await s.post(PATHS.token, { username: 'lee', password: DEMO.lee.password }, { headers: { cookie } })).status).toBe(200);

    // Other accounts are not affected; a stranger's browser gets in once the delay (seconds here) is over, the same day.
    expect((await s.post(PATHS.token, { username: 'dana', password: DEMO.dana.password })).status).toBe(200);
    expect((await s.post(PATHS.token, { username: 'lee', password: DEMO.lee.password })).status).toBe(200);
  });

  test('a browser known to one account is a stranger to another', async () => {
    const mia = await s.post(PATHS.token, { username: 'mia', password: DEMO.mia.password });
    const cookie = (mia.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    for (let i = 0; i < 100; i += 1) await s.post(PATHS.token, { username: 'maria', password: `guess-${i}` });
    expectWpError(await s.post(PATHS.token, { username: 'maria', password: DEMO.maria.password }, { headers: { cookie } }), 429, 'too_many_attempts');
    // Signing in again keeps the browser's id.
    const again = await s.post(PATHS.token, { username: 'mia', password: DEMO.mia.password }, { headers: { cookie } });
    expect((again.headers.get('set-cookie') ?? '').split(';')[0]).toBe(cookie);
  });
});

test('a browser that signed in before is not held by its address: a guesser behind the same address cannot lock it out', async () => {
  const s = await startTestServer({ dialect: 'sqlite', clock: clockAtWindowStart(60_000), configure: (c) => ({ ...c, rateLimits: { ...c.rateLimits, loginPerIp: { max: 5, windowMs: 60_000 } } }) });
  try {
    const cookie = ((await s.post(PATHS.token, { username: 'mia', password: DEMO.mia.password })).headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    for (let i = 0; i < 5; i += 1) expectWpError(await s.post(PATHS.token, { username: `someone${i}`, password: 'guess' }), 403);
    expectWpError(await s.post(PATHS.token, { username: 'dana', password: DEMO.dana.password }), 429, 'too_many_attempts');
    expect((await s.post(PATHS.token, { username: 'mia', password: DEMO.mia.password }, { headers: { cookie } })).status).toBe(200);
  } finally {
    await s.close();
  }
});
