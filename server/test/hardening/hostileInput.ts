/**
 * Shared pieces of the hostile-input suites: the naughty strings, every string field of every
 * route, and the checks that hold for any answer (no 5xx, a WordPress error for a refusal) and for
 * any stored row (only what the schemas allow).
 */
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { DEMO, PATHS, TEST_AUTH_KEY, expectWpError, startTestServer, type Answer, type DialectName, type TestServer } from '../harness';

/** The Big List of Naughty Strings (npm big-list-of-naughty-strings, MIT), plus a curated few it lacks. */
export const NAUGHTY: string[] = [
  ...(JSON.parse(readFileSync(require.resolve('big-list-of-naughty-strings'), 'utf8')) as string[]),
  'a\u0000b',
  '\u0000',
  '\ud800',
  'x\udfffy',
  '\u202eevil',
  '__proto__',
  'constructor',
  '{"$gt":""}',
  '${process.env.JWT_SECRET}',
  'x'.repeat(101),
  'é'.repeat(100),
  '😀'.repeat(60),
  '1e309',
  '-0',
  '0x10',
  ' 12 ',
];

export type Caller = 'none' | 'admin' | 'dana' | 'mia';

export interface FieldRoute {
  name: string;
  method: 'GET' | 'POST';
  /** Path; for the single-page route `{id}` is replaced by the id field. */
  path: string;
  caller: Caller;
  /** Where the fields go. */
  via: 'body' | 'query' | 'path';
  base: (ctx: { lesson: number; n: number }) => Record<string, unknown>;
  /** Each string field (a dotted name for a nested one). */
  fields: string[];
  /** Tables a refused request may still write by design (wrong unlock codes are counted). */
  mayWriteWhenRefused?: string[];
}

export const KEY = TEST_AUTH_KEY;

export const FIELD_ROUTES: FieldRoute[] = [
  { name: 'token', method: 'POST', path: PATHS.token, caller: 'none', via: 'body', base: () => ({ username: 'maria', password: 'not-the-password' }), fields: ['username', 'password'] },
  { name: 'get_all_students_data', method: 'POST', path: PATHS.students, caller: 'dana', via: 'body', base: () => ({ AUTH_KEY: KEY }), fields: ['AUTH_KEY'] },
  { name: 'get_all_users_data', method: 'POST', path: PATHS.users, caller: 'admin', via: 'body', base: () => ({ AUTH_KEY: KEY }), fields: ['AUTH_KEY'] },
  {
    name: 'create_student',
    method: 'POST',
    path: PATHS.createStudent,
    caller: 'dana',
    via: 'body',
    base: ({ n }) => ({
      AUTH_KEY: KEY,
      ParentName: 'Hostile Parent',
      StudentFirstName: 'Hostile',
      StudentLastName: `Input${n}`,
      ParentEmail: `hostile.${n}@example.test`,
      Phone: '+1 555 0100',
      Program: 'Play Machines 1',
      LessonStartDate: '2026-03-01',
      LessonEndDate: '2026-06-30',
      NumberOfLessons: '16',
      TeacherId: '1',
    }),
    fields: ['AUTH_KEY', 'ParentName', 'StudentFirstName', 'StudentLastName', 'ParentEmail', 'Phone', 'Program', 'LessonStartDate', 'LessonEndDate', 'NumberOfLessons', 'TeacherId'],
  },
  { name: 'reset_password', method: 'POST', path: PATHS.reset, caller: 'none', via: 'body', base: () => ({ AUTH_KEY: KEY, user_email: 'nobody.here@example.test' }), fields: ['AUTH_KEY', 'user_email'] },
  {
    name: 'unlock_lesson',
    method: 'POST',
    path: PATHS.unlock,
    caller: 'mia',
    via: 'body',
    base: ({ lesson }) => ({ AUTH_KEY: KEY, lesson_id: String(lesson), code: '0000' }),
    fields: ['AUTH_KEY', 'lesson_id', 'code'],
    mayWriteWhenRefused: ['unlock_failures'],
  },
  {
    name: 'create_franchise_owner',
    method: 'POST',
    path: PATHS.createOwner,
    caller: 'admin',
    via: 'body',
    base: ({ n }) => ({ AUTH_KEY: KEY, FirstName: 'Hostile', LastName: `Owner${n}`, Email: `hostile.owner.${n}@example.test`, Country: 'Chile', State: 'RM', Territory: 'Santiago', Username: `hostile.owner.${n}` }),
    fields: ['AUTH_KEY', 'FirstName', 'LastName', 'Email', 'Country', 'State', 'Territory', 'Username'],
  },
  { name: 'users/me (POST)', method: 'POST', path: PATHS.usersMe, caller: 'mia', via: 'body', base: () => ({ context: 'view', meta: { kit_on_header_clicked: '1' } }), fields: ['context', 'meta.kit_on_header_clicked'] },
  { name: 'users/me (GET)', method: 'GET', path: PATHS.usersMe, caller: 'mia', via: 'query', base: () => ({ context: 'view' }), fields: ['context'] },
  { name: 'token/validate', method: 'POST', path: PATHS.validate, caller: 'mia', via: 'query', base: () => ({}), fields: ['extra'] },
  {
    name: 'pages (list)',
    method: 'GET',
    path: PATHS.pages,
    caller: 'mia',
    via: 'query',
    base: () => ({ parent: '130', slug: 'catapult', per_page: '10', page: '1', orderby: 'menu_order', order: 'asc', context: 'view', _fields: 'id,title' }),
    fields: ['parent', 'slug', 'per_page', 'page', 'orderby', 'order', 'context', '_fields'],
  },
  { name: 'pages/{id}', method: 'GET', path: `${PATHS.pages}/{id}`, caller: 'none', via: 'path', base: () => ({ id: '51' }), fields: ['id'] },
];

/** base with one (possibly dotted) field set to value. */
export function withField(base: Record<string, unknown>, field: string, value: unknown): Record<string, unknown> {
  const [outer = '', inner] = field.split('.');
  if (inner === undefined) return { ...base, [outer]: value };
  const nested = typeof base[outer] === 'object' && base[outer] !== null ? (base[outer] as Record<string, unknown>) : {};
  return { ...base, [outer]: { ...nested, [inner]: value } };
}

export interface Hostile {
  s: TestServer;
  tokens: Record<Caller, string | undefined>;
  lesson: number;
  unhandled: unknown[];
  send(route: FieldRoute, params: Record<string, unknown>, options?: { form?: boolean }): Promise<Answer>;
  /** The tables a request may change, as JSON: counts, the seeded rows, and the small tables in full. */
  snapshot(except?: string[]): Promise<string>;
  /**
   * On SQLite, rows inserted, changed or deleted in any table since the database was opened (the
   * portal shares the test's one connection): while it stays the same, nothing stored changed and
   * the snapshot need not be taken again. Null on PostgreSQL.
   */
  rowsWritten(): Promise<number | null>;
  close(): Promise<void>;
}

export async function startHostile(dialect: DialectName): Promise<Hostile> {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => void unhandled.push(reason);
  process.on('unhandledRejection', onUnhandled);
  const huge = { max: 10_000_000, windowMs: 60_000 };
  const s = await startTestServer({
    dialect,
    configure: (c) => ({ ...c, rateLimits: { ...c.rateLimits, loginPerAccount: huge, loginPerIp: huge, resetPerAccount: huge, resetPerIp: huge, unlockPerIp: huge, mailsPerOwner: huge } }),
  });
  const tokens: Record<Caller, string | undefined> = {
    none: undefined,
    admin: await s.login('admin', DEMO.admin.password),
    dana: await s.login('dana', DEMO.dana.password),
    mia: await s.login('mia', DEMO.mia.password),
  };
  const lessons = (await s.get(`${PATHS.pages}?parent=130&per_page=100`, { token: tokens.admin ?? '' })).body as { id: number; title: { rendered: string } }[];
  const lesson = lessons.find((p) => p.title.rendered === 'Catapult')?.id ?? 0;

  async function send(route: FieldRoute, params: Record<string, unknown>, options: { form?: boolean } = {}): Promise<Answer> {
    const token = tokens[route.caller];
    const auth = token ? { token } : {};
    if (route.via === 'path') {
      const id = params.id;
      const rest = Object.fromEntries(Object.entries(params).filter(([k]) => k !== 'id'));
      const qs = new URLSearchParams(rest as Record<string, string>).toString();
      const url = `${route.path.replace('{id}', encodeURIComponent(String(id)))}${qs ? `?${qs}` : ''}`;
      return s.request(route.method, url, undefined, auth);
    }
    if (route.via === 'query') {
      const flat: [string, string][] = [];
      for (const [k, v] of Object.entries(params)) {
        if (typeof v === 'object' && v !== null) for (const [ik, iv] of Object.entries(v)) flat.push([`${k}[${ik}]`, String(iv)]);
        else flat.push([k, String(v)]);
      }
      const qs = new URLSearchParams(flat).toString();
      return s.request(route.method, `${route.path}${qs ? `?${qs}` : ''}`, undefined, auth);
    }
    return s.request(route.method, route.path, params, { ...auth, ...(options.form ? { form: true } : {}) });
  }

  // The rows seeded before the first hostile request, and the counts of every table, are compared
  // after each request: that stays cheap however many rows accepted requests add.
  const seeded = await s.db.kysely.selectFrom('users').select((eb) => eb.fn.max('id').as('max')).executeTakeFirstOrThrow();
  const seededMax = Number(seeded.max);
  async function snapshot(except: string[] = []): Promise<string> {
    const k = s.db.kysely;
    const out: Record<string, unknown> = {};
    const count = async (table: 'users' | 'students' | 'unlocks' | 'unlock_failures' | 'user_meta') =>
      Number((await k.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    if (!except.includes('users')) out.users = [await count('users'), await k.selectFrom('users').selectAll().where('id', '<=', seededMax).orderBy('id').execute()];
    if (!except.includes('students')) out.students = [await count('students'), await k.selectFrom('students').selectAll().where('user_id', '<=', seededMax).orderBy('user_id').execute()];
    if (!except.includes('unlocks')) out.unlocks = await k.selectFrom('unlocks').selectAll().orderBy('user_id').orderBy('page_id').execute();
    if (!except.includes('unlock_failures')) out.unlock_failures = await count('unlock_failures');
    if (!except.includes('user_meta')) out.user_meta = await k.selectFrom('user_meta').selectAll().orderBy('user_id').orderBy('meta_key').execute();
    return JSON.stringify(out);
  }

  return {
    s,
    tokens,
    lesson,
    unhandled,
    send,
    snapshot,
    async rowsWritten() {
      if (dialect !== 'sqlite') return null;
      return Number((await sql<{ n: number }>`select total_changes() as n`.execute(s.db.kysely)).rows[0]!.n);
    },
    async close() {
      process.off('unhandledRejection', onUnhandled);
      await s.close();
    },
  };
}

/** Any answer: below 500; a refusal is a WordPress error object without a stack trace. */
export function checkAnswer(answer: Answer, what: string): void {
  try {
    expect(answer.status).toBeLessThan(500);
    if (answer.status >= 400) expectWpError(answer, answer.status);
    else expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
  } catch (err) {
    throw new Error(`${what}: ${answer.status} ${answer.text.slice(0, 300)}\n${String(err)}`);
  }
}

// eslint-disable-next-line no-control-regex -- the rule under test is "no control characters"
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
const isText = (v: unknown, max: number) => typeof v === 'string' && v === v.trim() && [...v].length >= 1 && [...v].length <= max && !CONTROL.test(v) && !/[<>]/.test(v);
const isEmail = (v: unknown) => typeof v === 'string' && v.length <= 254 && v === v.toLowerCase() && /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(v) && !CONTROL.test(v);
const isDate = (v: unknown) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);
const hasLoneSurrogate = (v: string) => /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(v);

/**
 * Every row of the tables the routes write holds only what the input schemas allow. Returns the
 * offending rows (empty when all is well).
 */
export async function rowsOutsideSchema(s: TestServer): Promise<unknown[]> {
  const k = s.db.kysely;
  const bad: unknown[] = [];
  for (const u of await k.selectFrom('users').selectAll().execute()) {
    const ok =
      /^[a-z0-9._@-]{1,60}$/.test(u.username) &&
      isEmail(u.email) &&
      ['student', 'franchise_owner', 'administrator'].includes(u.role) &&
      /^\$argon2id\$/.test(u.password_hash) &&
      [u.first_name, u.last_name, u.display_name, u.country, u.state, u.territory].every((v) => typeof v === 'string' && [...v].length <= 250 && !CONTROL.test(v) && !/[<>]/.test(v) && !hasLoneSurrogate(v));
    if (!ok) bad.push({ table: 'users', row: { ...u, password_hash: '(hidden)' } });
  }
  for (const st of await k.selectFrom('students').selectAll().execute()) {
    const ok =
      [st.student_first_name, st.student_last_name, st.parent_name, st.program].every((v) => isText(v, 100) && !hasLoneSurrogate(v)) &&
      isEmail(st.parent_email) &&
      /^[0-9+()\-.\s/]{1,40}$/.test(st.phone) &&
      isDate(st.lessons_start_date) &&
      isDate(st.lessons_end_date) &&
      st.lessons_end_date >= st.lessons_start_date &&
      Number.isInteger(Number(st.number_of_lessons)) &&
      Number(st.number_of_lessons) >= 1 &&
      Number(st.number_of_lessons) <= 1000;
    if (!ok) bad.push({ table: 'students', row: st });
  }
  for (const m of await k.selectFrom('user_meta').selectAll().execute()) {
    if (!(m.meta_key === 'kit_on_header_clicked' && ['0', '1'].includes(m.meta_value))) bad.push({ table: 'user_meta', row: m });
  }
  return bad;
}

/** Log lines since `from` at level error (50) or above: a request that failed inside the server. */
export function serverErrors(s: TestServer, from = 0): string[] {
  return s.logs.slice(from).filter((line) => {
    try {
      return (JSON.parse(line) as { level?: number }).level! >= 50;
    } catch {
      return true;
    }
  });
}
