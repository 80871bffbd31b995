/**
 * Languages on the server: the user's language kept per user (users/me `locale`, as
 * WordPress core has it) and every mail in its recipient's language (server/mail/catalogue.ts).
 */
import { readFileSync } from 'node:fs';
import type { StudentImportPreview, TokenResponse } from '../../../contract';
import { CREDENTIAL_PATHS, STUDENT_IMPORT_PATHS } from '../../../contract';
import { DEMO, PATHS, TEST_AUTH_KEY, describeEachDb, expectWpError, newStudentBody, startTestServer, userIds, type TestServer } from '../harness';

jest.setTimeout(120_000);

const KEY = { AUTH_KEY: TEST_AUTH_KEY };

describeEachDb('languages', (dialect) => {
  let s: TestServer;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    s = await startTestServer({ dialect });
    for (const who of ['dana', 'lee', 'maria', 'mia'] as const) tokens[who] = await s.login(DEMO[who].username, DEMO[who].password);
  });
  afterAll(async () => {
    await s?.close();
  });

  const me = async (token: string) => (await s.get(`${PATHS.usersMe}?context=edit`, { token })).body as { id: number; locale: string };
  const setLocale = (token: string, locale: unknown) => s.post(PATHS.usersMe, { locale }, { token });
  const lastMailTo = async (to: unknown) => (await s.mails()).filter((m) => m.to === to).pop();

  /** A new student of the owner's: the parent's mail and the student's sign-in. */
  async function register(owner: string, tag: string, extra: Record<string, unknown> = {}) {
    const body = newStudentBody(tag, extra);
    expect((await s.post(PATHS.createStudent, body, { token: tokens[owner] })).body).toBe('email_sent');
    return { body, mail: await lastMailTo(body.ParentEmail) };
  }

  describe('users/me locale', () => {
    test('context=edit answers the language the user chose, which the login answer names too', async () => {
      expect((await me(tokens.lee!)).locale).toBe('');
      expect((await s.get(PATHS.usersMe, { token: tokens.lee })).body).not.toHaveProperty('locale');

      const saved = await setLocale(tokens.lee!, 'es_ES');
      expect(saved.status).toBe(200);
      expect((await me(tokens.lee!)).locale).toBe('es_ES');
      const login = (await s.post(PATHS.token, { username: DEMO.lee.username, password: DEMO.lee.password })).body as TokenResponse;
      expect(login.user_locale).toBe('es_ES');

      // '' forgets the choice, as in WordPress.
      expect((await setLocale(tokens.lee!, '')).status).toBe(200);
      expect((await me(tokens.lee!)).locale).toBe('');
    });

    test.each([['fr_FR'], ['he'], ['HE_IL'], [1], [null], [['he_IL']]])('refuses %j with 400 rest_invalid_param and stores nothing', async (locale) => {
      await setLocale(tokens.maria!, 'he_IL');
      const before = await s.snapshot();
      const answer = await setLocale(tokens.maria!, locale);
      expectWpError(answer, 400, 'rest_invalid_param');
      expect((answer.body as { data: { params: Record<string, string> } }).data.params).toEqual({ locale: 'Must be one of en_US, he_IL, es_ES or empty.' });
      expect(await s.snapshot()).toBe(before);
    });

    test("a user sets only their own language: the body cannot name another user's", async () => {
      const ids = await userIds(s);
      const miaBefore = (await me(tokens.mia!)).locale;
      expectWpError(await s.post(PATHS.usersMe, { id: ids.get('mia')!.id, locale: 'he_IL' }, { token: tokens.dana }), 400, 'rest_invalid_param');
      expect((await setLocale(tokens.dana!, 'he_IL')).status).toBe(200);
      expect((await me(tokens.mia!)).locale).toBe(miaBefore);
      expectWpError(await setLocale('', 'he_IL'), 401, 'rest_not_logged_in');
    });
  });

  describe('mails in the recipient language', () => {
    test("an English owner's sign-up mail is word for word what it always was", async () => {
      await setLocale(tokens.lee!, '');
      const { body, mail } = await register('lee', 'english');
      const name = `${String(body.StudentFirstName)} ${String(body.StudentLastName)}`;
      expect(mail?.subject).toBe(`Sign-in details for ${name}`);
      expect(mail?.text).toMatch(
        new RegExp(
          `^Dear Noa Parent,\\r?\\n\\r?\\n${name} now has an account on Youngengineer Online\\.\\r?\\n\\r?\\nSign in at: ${s.config.publicUrl}/\\r?\\nUsername: \\S+\\r?\\nPassword: \\S+\\r?\\n\\r?\\nThe Youngengineer Online team\\r?\\n`,
        ),
      );
      // Text only, as always.
      expect(mail?.text).not.toContain('text/html');
    });

    test('a Hebrew owner registers a student: the parent gets Hebrew, the student keeps the language, and later mails follow the student', async () => {
      await setLocale(tokens.dana!, 'he_IL');
      const { body, mail } = await register('dana', 'hebrew', { StudentLastName: `O'Brien & Co${Date.now() % 1000}` });
      const name = `${String(body.StudentFirstName)} ${String(body.StudentLastName)}`;
      expect(mail?.subject).toBe(`פרטי הכניסה של ${name}`);
      // Right to left in mail apps too: an HTML part with dir="rtl", the names escaped.
      expect(mail?.html).toContain('<html lang="he" dir="rtl">');
      expect(mail?.html).toContain(`נפתח חשבון עבור Tom O&#39;Brien &#38; Co`);
      // As SMTP would carry it: every header line ASCII (the Hebrew subject as an encoded word).
      const head = readFileSync(mail!.file, 'latin1').split('\r\n\r\n')[0]!;
      expect(head).toMatch(/^Subject: =\?UTF-8\?/m);
      expect(head).toMatch(/^[\x20-\x7e\r\n\t]*$/);
      // Once sent, the outbox keeps neither part (they hold the password).
      const row = await s.db.kysely.selectFrom('mail_outbox').selectAll().where('to_address', '=', String(body.ParentEmail)).executeTakeFirstOrThrow();
      expect({ status: row.status, body: row.body, html: row.html }).toEqual({ status: 'sent', body: '', html: null });
      expect(mail?.text).toContain('שלום Noa Parent,');
      expect(mail?.text).toContain(`נפתח חשבון עבור ${name} ב-Youngengineer Online.`);
      expect(mail?.text).toContain('צוות Youngengineer Online');
      expect(mail?.text).not.toMatch(/Username|Password|Dear/);
      const username = /שם משתמש: (\S+)/.exec(mail?.text ?? '')?.[1] ?? '';
      const password = /סיסמה: (\S+)/.exec(mail?.text ?? '')?.[1] ?? '';
      const login = (await s.post(PATHS.token, { username, password })).body as TokenResponse;
      expect(login.user_locale).toBe('he_IL');

      // The student (or their parent) switches to Spanish: a reset for the family's address comes in Spanish.
      expect((await setLocale(login.token, 'es_ES')).status).toBe(200);
      expect((await s.post(PATHS.reset, { ...KEY, user_email: body.ParentEmail })).status).toBe(200);
      const reset = await lastMailTo(body.ParentEmail);
      expect(reset?.subject).toBe('Tu nueva contraseña de Youngengineer Online');
      expect(reset?.text).toContain(`Usuario: ${username}`);
      expect(reset?.text).toContain('Si no lo solicitaste, comunícate con nosotros.');
    });

    test("a student from before languages were kept gets the owner's language when the sign-in mail is sent again", async () => {
      await setLocale(tokens.dana!, '');
      const { body } = await register('dana', 'older');
      const ids = await userIds(s);
      const student = [...ids.values()].filter((u) => u.role === 'student').sort((a, b) => b.id - a.id)[0]!;
      expect((await s.db.kysely.selectFrom('users').select('locale').where('id', '=', student.id).executeTakeFirst())?.locale).toBe('');
      await setLocale(tokens.dana!, 'he_IL');
      expect((await s.post(CREDENTIAL_PATHS.studentSignInMail(student.id), undefined, { token: tokens.dana })).status).toBe(200);
      const again = await lastMailTo(body.ParentEmail);
      expect(again?.text).toContain('עם סיסמה חדשה');
      expect(again?.text).toMatch(/סיסמה חדשה שלא נעשה בה שימוש תוך \d+ ימים פגה/);
    });

    test('a reset for an owner who chose Hebrew is in Hebrew', async () => {
      await setLocale(tokens.maria!, 'he_IL');
      expect((await s.post(PATHS.reset, { ...KEY, user_email: DEMO.maria.email })).status).toBe(200);
      const reset = await lastMailTo(DEMO.maria.email);
      expect(reset?.subject).toBe('הסיסמה החדשה שלך ל-Youngengineer Online');
      expect(reset?.text).toContain('התבקשה סיסמה חדשה לחשבון שלך.');
    });

    test("a Spanish owner's imported students: each parent's sign-in mail is in Spanish", async () => {
      await setLocale(tokens.lee!, 'es_ES');
      const parents = ['parent.imp.es.1@example.test', 'parent.imp.es.2@example.test'];
      const csv = ['Student First Name,Student Last Name,Parent Name,Parent Email,Phone,Program,Start Date,End Date,Lessons']
        .concat(parents.map((email, i) => `Ana${i},Importada,Madre ${i},${email},+56 9 5555 0101,Play Machines 1,2026-03-01,2026-06-30,16`))
        .join('\r\n');
      const form = new FormData();
      form.append('file', new Blob([csv]), 'clase.csv');
      const uploaded = await fetch(s.baseUrl + STUDENT_IMPORT_PATHS.previews, { method: 'POST', body: form, headers: { authorization: `Bearer ${tokens.lee}` } });
      expect(uploaded.status).toBe(201);
      const { id } = (await uploaded.json()) as StudentImportPreview;
      expect((await s.post(STUDENT_IMPORT_PATHS.confirm(id), {}, { token: tokens.lee })).status).toBe(200);
      for (let i = 0; i < 300 && (await Promise.all(parents.map(lastMailTo))).some((mail) => !mail); i++) await new Promise((r) => setTimeout(r, 100));
      for (const [i, email] of parents.entries()) {
        const mail = await lastMailTo(email);
        expect(mail?.subject).toBe(`Datos de acceso de Ana${i} Importada`);
        expect(mail?.text).toContain(`Hola, Madre ${i}:`);
        expect(mail?.text).toContain('El equipo de Youngengineer Online');
      }
    });
  });
});
