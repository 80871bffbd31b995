/**
 * Bad input on every route: malformed JSON, bodies that are not objects, missing and extra fields,
 * wrong types, over-long strings, unicode tricks and injection strings all get a 4xx WordPress
 * error and change nothing stored.
 */
import type { WirePage } from '../../../contract';
import { DEMO, PATHS, TEST_AUTH_KEY, describeEachDb, expectWpError, startTestServer, type TestServer } from '../harness';

type Token = 'none' | 'admin' | 'dana' | 'mia';

interface RouteSpec {
  name: string;
  path: string;
  token: Token;
  /** A valid body: each case below changes one thing in it. */
  base: (ctx: { lesson: number }) => Record<string, unknown>;
  /** Field -> values of a wrong kind for it (besides the generic ones). */
  typed?: Record<string, unknown[]>;
  /** Fields whose absence WordPress answers with a non-400 code. */
  missingStatus?: Record<string, number>;
  /** Fields that may be left out. */
  optional?: string[];
}

const INJECTIONS = [
  "' OR '1'='1",
  '1; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '../../../etc/passwd',
  '${process.env.JWT_SECRET}',
  '{"$gt": ""}',
  'a\u0000b',
  'abc\u202edcba',
];
const WRONG_TYPES: unknown[] = [{}, [], true, null, { nested: { deep: 1 } }];
const LONG = 'x'.repeat(5000);

const KEY = TEST_AUTH_KEY;
const ROUTES: RouteSpec[] = [
  { name: 'token', path: PATHS.token, token: 'none', base: () => ({ username: 'dana', password: DEMO.dana.password }), missingStatus: { username: 403, password: 403 } },
  {
    name: 'create_student',
    path: PATHS.createStudent,
    token: 'dana',
    base: () => ({
      AUTH_KEY: KEY,
      ParentName: 'Rina Bad',
      StudentFirstName: 'Omer',
      StudentLastName: 'Input',
      ParentEmail: 'rina.bad.input@example.test',
      Phone: '+972 50 000 0000',
      Program: 'Play Machines 2',
      LessonStartDate: '2026-04-01',
      LessonEndDate: '2026-07-01',
      NumberOfLessons: 12,
      TeacherId: '2',
    }),
    optional: ['TeacherId'],
    typed: {
      ParentEmail: [...INJECTIONS, 'no-at-sign', 'a@b', 'רינה@דוגמה', `${'a'.repeat(250)}@x.test`],
      LessonStartDate: [...INJECTIONS, '2026-02-30', '01/04/2026', '2026-4-1', 20260401],
      LessonEndDate: [...INJECTIONS, '2026-13-01'],
      NumberOfLessons: [...INJECTIONS, 'twelve', 0, -3, 1.5, '1e3', 100000, '12abc'],
      TeacherId: [...INJECTIONS, 'two', -1, 0, 1.5, '99999999999999'],
      Phone: [...INJECTIONS, 'call me maybe'],
      StudentFirstName: ['<b>Omer</b>', 'a\u0000b', 'ab\u202ecd', '   '],
    },
  },
  { name: 'token/validate', path: PATHS.validate, token: 'mia', base: () => ({}) },
  { name: 'get_all_students_data', path: PATHS.students, token: 'admin', base: () => ({ AUTH_KEY: KEY }) },
  { name: 'get_all_users_data', path: PATHS.users, token: 'admin', base: () => ({ AUTH_KEY: KEY }) },
  {
    name: 'reset_password',
    path: PATHS.reset,
    token: 'none',
    base: () => ({ AUTH_KEY: KEY, user_email: 'lee.wong@demo.portal.test' }),
    typed: { user_email: [...INJECTIONS, 'lee.wong', 'lee.wong@demo.portal.test\r\nBcc: x@evil.test'] },
  },
  {
    name: 'unlock_lesson',
    path: PATHS.unlock,
    token: 'mia',
    base: ({ lesson }) => ({ AUTH_KEY: KEY, lesson_id: lesson, code: '2468' }),
    typed: { lesson_id: [...INJECTIONS, 'catapult', -1, 0, 1.5, '1 OR 1=1'], code: [LONG.slice(0, 17), {}, []] },
  },
  {
    name: 'create_franchise_owner',
    path: PATHS.createOwner,
    token: 'admin',
    base: () => ({ AUTH_KEY: KEY, FirstName: 'Bad', LastName: 'Input', Email: 'bad.input.owner@example.test', Country: 'Peru', State: 'Lima', Territory: 'Miraflores' }),
    typed: { Email: [...INJECTIONS, 'nope'], Username: ['has space', 'ünïcode', "o'hara", '../x', LONG.slice(0, 61)] },
  },
  {
    name: 'users/me',
    path: PATHS.usersMe,
    token: 'mia',
    base: () => ({ meta: { kit_on_header_clicked: 1 } }),
    optional: ['meta'],
    typed: {
      meta: ['1', 1, [], { kit_on_header_clicked: 'yes' }, { kit_on_header_clicked: 2 }, { kit_on_header_clicked: -1 }, { other_meta: 1 }, { kit_on_header_clicked: 1, __proto__x: 1 }],
      locale: ['fr_FR', 'he', 'he_IL ', 1, [], { he_IL: 1 }, '<he_IL>'],
    },
  },
];

interface Case {
  label: string;
  body?: unknown;
  raw?: string;
  contentType?: string;
  expectStatus?: number;
}

function casesFor(route: RouteSpec, base: Record<string, unknown>): Case[] {
  const cases: Case[] = [
    { label: 'malformed JSON', raw: '{"AUTH_KEY": "x", ', contentType: 'application/json', expectStatus: 400 },
    { label: 'JSON array body', raw: '[1,2,3]', contentType: 'application/json' },
    { label: 'JSON string body', raw: '"just a string"', contentType: 'application/json' },
    { label: 'plain text body', raw: 'AUTH_KEY=x', contentType: 'text/plain' },
    { label: 'prototype pollution', raw: `{"__proto__": {"admin": true}, ${JSON.stringify(base).slice(1)}`, contentType: 'application/json' },
    { label: 'extra field', body: { ...base, role: 'administrator' } },
    { label: 'extra field in form body', body: { ...base, is_admin: '1' }, contentType: 'form' },
  ];
  for (const field of Object.keys(base)) {
    const { [field]: _dropped, ...rest } = base;
    const status = route.missingStatus?.[field];
    if (!route.optional?.includes(field)) cases.push({ label: `missing ${field}`, body: rest, ...(status ? { expectStatus: status } : {}) });
    // (An empty object is a valid value of an object field: nothing to save.)
    const isObject = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);
    for (const wrong of WRONG_TYPES.filter((w) => !(isObject(base[field]) && isObject(w) && Object.keys(w as object).length === 0))) cases.push({ label: `${field} = ${JSON.stringify(wrong)}`, body: { ...base, [field]: wrong } });
    if (typeof base[field] === 'string' || typeof base[field] === 'number') cases.push({ label: `${field} over-long`, body: { ...base, [field]: LONG } });
    for (const value of route.typed?.[field] ?? []) cases.push({ label: `${field} = ${JSON.stringify(value).slice(0, 40)}`, body: { ...base, [field]: value } });
  }
  for (const [field, values] of Object.entries(route.typed ?? {})) {
    if (field in base) continue;
    for (const value of values) cases.push({ label: `${field} = ${JSON.stringify(value).slice(0, 40)}`, body: { ...base, [field]: value } });
  }
  return cases;
}

describeEachDb('bad input', (dialect) => {
  let s: TestServer;
  const tokens: Record<Token, string | undefined> = { none: undefined, admin: undefined, dana: undefined, mia: undefined };
  let lesson = 0;

  beforeAll(async () => {
    s = await startTestServer({ dialect, configure: (c) => ({ ...c, rateLimits: { ...c.rateLimits, unlockPerIp: { max: 100_000, windowMs: 60_000 }, resetPerIp: { max: 100_000, windowMs: 60_000 } } }) });
    tokens.admin = await s.login('admin', DEMO.admin.password);
    tokens.dana = await s.login('dana', DEMO.dana.password);
    tokens.mia = await s.login('mia', DEMO.mia.password);
    const lessons = (await s.get(`${PATHS.pages}?parent=130&per_page=100`, { token: tokens.admin })).body as WirePage[];
    lesson = lessons.find((p) => p.title.rendered === 'Catapult')?.id ?? 0;
  });
  afterAll(async () => {
    await s?.close();
  });

  test.each(ROUTES.map((r) => [r.name, r] as const))('%s: every bad input is a 4xx WordPress error and changes nothing', async (_name, route) => {
    const base = route.base({ lesson });
    if (route.name === 'create_student') base.TeacherId = '2';
    const before = await s.snapshot();
    const mailsBefore = (await s.mails()).length;
    const token = tokens[route.token];
    for (const c of casesFor(route, base)) {
      const headers: Record<string, string> = {};
      if (c.contentType && c.contentType !== 'form') headers['content-type'] = c.contentType;
      const answer = await s.request('POST', route.path, c.body, {
        ...(token ? { token } : {}),
        headers,
        ...(c.raw !== undefined ? { raw: c.raw } : {}),
        ...(c.contentType === 'form' ? { form: true } : {}),
      });
      try {
        if (c.expectStatus) expectWpError(answer, c.expectStatus);
        else expectWpError(answer, answer.status);
        expect(answer.status).toBeGreaterThanOrEqual(400);
        expect(answer.status).toBeLessThan(500);
        // Malformed JSON and a __proto__ key (refused by the JSON parser) are rest_invalid_json; any other 400 names the parameter.
        const jsonError = c.label === 'malformed JSON' || c.label === 'prototype pollution';
        if (answer.status === 400) expect((answer.body as { code: string }).code).toBe(jsonError ? 'rest_invalid_json' : 'rest_invalid_param');
      } catch (err) {
        throw new Error(`${route.name} / ${c.label}: ${answer.status} ${answer.text.slice(0, 300)}\n${String(err)}`);
      }
    }
    expect(await s.snapshot()).toBe(before);
    expect((await s.mails()).length).toBe(mailsBefore);
    // The unchanged base is accepted: the failures above came from the one change each made.
    const control = await s.post(route.path, base, token ? { token } : {});
    expect({ route: route.name, status: control.status }).toEqual({ route: route.name, status: 200 });
  });

  test('query strings and paths of the pages routes', async () => {
    const before = await s.snapshot();
    const bad = [
      'parent=127&per_page=abc',
      'parent=127&per_page=1.5',
      'parent=127&page=0',
      "parent=127'%20OR%201=1",
      'parent=-1',
      'parent=127&orderby=password',
      'parent=127&order=sideways',
      'parent=127&status=draft',
      'parent=127&unknown=1',
      `parent=127&slug=${'x'.repeat(2000)}`,
      'parent[$ne]=1',
      'context=edit',
    ];
    for (const q of bad) {
      const answer = await s.get(`${PATHS.pages}?${q}`);
      try {
        expectWpError(answer, 400, 'rest_invalid_param');
      } catch (err) {
        throw new Error(`?${q}: ${answer.status} ${answer.text.slice(0, 200)}\n${String(err)}`);
      }
    }
    for (const p of ["1'%20OR%201=1", '-1', '1.5', '%00', '..%2F..%2Fetc%2Fpasswd', '99999999999999', 'Ω']) {
      const answer = await s.get(`${PATHS.pages}/${p}`);
      expect(answer.status).toBe(404);
      expectWpError(answer, 404);
    }
    expectWpError(await s.get(`${PATHS.pages}/51?foo=bar`), 400, 'rest_invalid_param');
    expect(await s.snapshot()).toBe(before);
  });

  test('names may hold any language and quotes: stored verbatim, harmless', async () => {
    const names = ['שירה', "D'Angelo", 'Robert"); DROP TABLE students;--', '李小龍', 'Zoë-Ånne'];
    for (const [i, name] of names.entries()) {
      const res = await s.post(
        PATHS.createStudent,
        {
          AUTH_KEY: KEY,
          ParentName: name,
          StudentFirstName: name,
          StudentLastName: 'Verbatim',
          ParentEmail: `verbatim.${i}@example.test`,
          Phone: '050-1234567',
          Program: 'Play Machines 1',
          LessonStartDate: '2026-05-01',
          LessonEndDate: '2026-05-02',
          NumberOfLessons: '1',
        },
        { token: tokens.dana ?? '' },
      );
      expect(res.body).toBe('email_sent');
    }
    const list = (await s.post(PATHS.students, { AUTH_KEY: KEY }, { token: tokens.dana ?? '' })).body as { student_first_name: string }[];
    for (const name of names) expect(list.map((x) => x.student_first_name)).toContain(name);
    const tables = await s.snapshot();
    expect(JSON.parse(tables).students.length).toBeGreaterThan(5);
  });
});
