/**
 * Starts the real app on a real database for API tests: a SQLite file in a fresh temp dir, or a
 * fresh schema in the PostgreSQL of TEST_DATABASE_URL; seeded with the demo data; listening on a
 * free port. Requests go over real HTTP.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { openDb, type Db } from '../db/connection';
import { migrateToLatest } from '../db/migrations';
import { createPasswordHasher } from '../domain/passwords';
import PostalMime from 'postal-mime';
import { createOutboxMailer } from '../mail/mailer';
import { createMediaStorage } from '../media/configuredStorage';
import type { MediaStorage } from '../media/storage';
import { seedDemo, type DemoSource } from '../seed/seedDatabase';
import { demoSource } from './demoSource';
export { demoSource };

export type DialectName = 'sqlite' | 'postgres';

export const PG_URL = process.env.TEST_DATABASE_URL ?? '';

/** The database variants every API suite runs against (test/pgSetup.ts provides the PostgreSQL). */
export const DIALECTS: DialectName[] = ['sqlite', 'postgres'];

/**
 * Registers a suite once per database. Jest's global setup (test/pgSetup.ts) sets TEST_DATABASE_URL
 * or fails the run saying why, so the PostgreSQL half always runs.
 */
export function describeEachDb(name: string, fn: (dialect: DialectName) => void): void {
  for (const dialect of DIALECTS) describe(`${name} [${dialect}]`, () => fn(dialect));
}

/**
 * Waits until `check` holds, up to `ms`. PostgreSQL announces a change to other connections
 * (LISTEN/NOTIFY) a moment after the write commits, so a cache on it may answer from the version
 * before for that moment; SQLite reads the version each time (`ms` 0: it must hold at once).
 */
export async function eventually(check: () => Promise<boolean>, what: string, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** How long a change may take to reach a cache on another connection: at once on SQLite, within a second on PostgreSQL. */
export const announcedWithin = (dialect: DialectName): number => (dialect === 'postgres' ? 1000 : 0);

export const TEST_AUTH_KEY = 'test-auth-key-0123456789';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The HTML alternative, when the mail has one. */
  html: string | null;
  /** The message's header fields by lower-case name (the first of a name), as a mail app reads them. */
  headers: Record<string, string>;
  file: string;
}

export interface Answer {
  status: number;
  headers: Headers;
  /** Parsed JSON, or the text when the body is not JSON. */
  body: unknown;
  text: string;
}

export interface RequestOptions {
  token?: string;
  headers?: Record<string, string>;
  /** Send the params as an HTML form body instead of JSON. */
  form?: boolean;
  /** A raw body sent as is (with its own content type in headers). */
  raw?: string;
}

export interface TestServer {
  app: FastifyInstance;
  db: Db;
  /** Another handle (another pool) on the same database, as a second instance has. */
  reopen: () => Db;
  config: Config;
  /** The media storage the server reads (and the demo assets went to). */
  media: MediaStorage;
  baseUrl: string;
  dir: string;
  logs: string[];
  /** Every route Fastify registered, as 'METHOD url' (HEAD routes for GETs included). */
  routes: string[];
  request(method: string, urlPath: string, params?: unknown, options?: RequestOptions): Promise<Answer>;
  get(urlPath: string, options?: RequestOptions): Promise<Answer>;
  post(urlPath: string, params?: unknown, options?: RequestOptions): Promise<Answer>;
  login(username: string, password: string): Promise<string>;
  /** The mails in the outbox folder, in sending order, decoded as a mail client would. */
  mails(): Promise<Mail[]>;
  /** Every row of every table, for "nothing changed" checks. */
  snapshot(): Promise<string>;
  close(): Promise<void>;
}

export interface StartOptions {
  dialect: DialectName;
  env?: Record<string, string>;
  configure?: (config: Config) => Config;
  clock?: () => Date;
  source?: DemoSource;
  /** Generate the demo asset files (slow-ish; only the static tests need them). */
  assets?: boolean;
}

/** Test schemas are dropped under this advisory lock, and migrated under it shared (see drop below). */
const SCHEMA_DROP_LOCK = 705_512;

/** Migrates a test database; on PostgreSQL while no other test's schema is being dropped. */
export async function migrateTestDb(db: Db, dialect: DialectName): Promise<string[]> {
  if (dialect === 'sqlite') return migrateToLatest(db);
  const c = new Client({ connectionString: PG_URL });
  await c.connect();
  try {
    await c.query('select pg_advisory_lock_shared($1)', [SCHEMA_DROP_LOCK]);
    return await migrateToLatest(db);
  } finally {
    await c.end();
  }
}

/** A fresh database; reopen() gives another handle (another pool) on it, as a second instance has. */
export async function openTestDb(dialect: DialectName, dir: string): Promise<{ db: Db; drop: () => Promise<void>; reopen: () => Db }> {
  if (dialect === 'sqlite') {
    const file = path.join(dir, 'portal.sqlite');
    return { db: openDb({ kind: 'sqlite', file }), drop: async () => {}, reopen: () => openDb({ kind: 'sqlite', file }) };
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  return {
    db: openDb({ kind: 'postgres', url: PG_URL, schema, applicationName: schema }),
    reopen: () => openDb({ kind: 'postgres', url: PG_URL, schema, applicationName: schema }),
    drop: async () => {
      const c = new Client({ connectionString: PG_URL });
      await c.connect();
      // Not while another test's migrations read the catalogue: PostgreSQL's table listing checks
      // every schema it sees, and one dropped under it fails that listing ("schema does not exist").
      await c.query('select pg_advisory_lock($1)', [SCHEMA_DROP_LOCK]);
      await c.query(`drop schema if exists ${schema} cascade`);
      await c.end();
    },
  };
}

/** Fast argon2id for tests (still argon2id); production uses the OWASP baseline. */
export const TEST_ARGON2 = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

/** A form field's text as a browser's String() makes it; JSON for a value String() cannot convert (an object whose own toString is not a function). */
function formValue(value: unknown): string {
  try {
    return String(value);
  } catch {
    return JSON.stringify(value);
  }
}

async function parseEml(file: string): Promise<Mail> {
  const mail = await PostalMime.parse(readFileSync(file));
  const headers: Record<string, string> = {};
  for (const header of mail.headers) headers[header.key] ??= header.value;
  return { to: mail.to?.[0]?.address ?? '', subject: mail.subject ?? '', text: mail.text ?? '', html: mail.html ?? null, headers, file };
}

/** A response as tests read it: the JSON body when it is JSON, else the text. */
async function answerOf(res: Response): Promise<Answer> {
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, headers: res.headers, body, text };
}

/** A file posted as the browser's upload does (multipart, field "file"), with any other form fields first. */
export async function uploadFile(baseUrl: string, urlPath: string, content: Buffer | string, name: string, token?: string, fields: Record<string, string> = {}): Promise<Answer> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('file', new Blob([new Uint8Array(Buffer.from(content))]), name);
  return answerOf(await fetch(baseUrl + urlPath, { method: 'POST', body: form, headers: token ? { authorization: `Bearer ${token}` } : {} }));
}

/**
 * A clock that starts just after a limit's fixed window begins and runs at real speed: a test that
 * counts attempts against a limit then never has its window end (and its count reset) halfway, as
 * it would when it happened to run across the boundary of a real minute or hour.
 */
export function clockAtWindowStart(windowMs: number): () => Date {
  const realStart = Date.now();
  const start = (Math.floor(realStart / windowMs) + 1) * windowMs + 1_000;
  return () => new Date(start + (Date.now() - realStart));
}

export async function startTestServer(options: StartOptions): Promise<TestServer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-test-'));
  const base = loadConfig({ DATA_DIR: dir, DIST_DIR: path.join(dir, 'dist'), JWT_SECRET: 'test-secret-0123456789-abcdefghij', AUTH_KEY: TEST_AUTH_KEY, LOG_LEVEL: 'info', ...options.env }, [], dir);
  const config = (options.configure ?? ((c) => c))({ ...base, argon2: TEST_ARGON2 });
  const { db, drop, reopen } = await openTestDb(options.dialect, dir);
  await migrateTestDb(db, options.dialect);
  const clock = options.clock ?? (() => new Date());
  const hasher = createPasswordHasher(config.argon2);
  const media = await createMediaStorage(config);
  await seedDemo({ db, hasher, clock }, options.source ?? demoSource, options.assets ? media : null);
  const logs: string[] = [];
  const logStream = { write: (line: string) => void logs.push(line) } as unknown as NodeJS.WritableStream;
  const mailer = createOutboxMailer(config.outboxDir, config.mailFrom, { info: () => undefined }, clock);
  const routes: string[] = [];
  const onRoute = (route: { method: string | string[]; url: string }) => {
    for (const method of [route.method].flat()) routes.push(`${method} ${route.url}`);
  };
  const app = await buildApp({ db, config, mailer, clock, hasher, logStream, onRoute, media });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const baseUrl = `http://127.0.0.1:${port}`;

  async function request(method: string, urlPath: string, params?: unknown, opts: RequestOptions = {}): Promise<Answer> {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: string | undefined = opts.raw;
    if (body === undefined && params !== undefined) {
      if (opts.form) {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        body = new URLSearchParams(Object.entries(params as Record<string, unknown>).map(([key, value]) => [key, formValue(value)])).toString();
      } else {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(params);
      }
    }
    return answerOf(await fetch(baseUrl + urlPath, { method, headers, ...(body !== undefined ? { body } : {}) }));
  }

  const server: TestServer = {
    app,
    db,
    reopen,
    config,
    baseUrl,
    media,
    dir,
    logs,
    routes,
    request,
    get: (urlPath, opts) => request('GET', urlPath, undefined, opts),
    post: (urlPath, params, opts) => request('POST', urlPath, params, opts),
    async login(username, password) {
      const res = await request('POST', '/wp-json/jwt-auth/v1/token', { username, password });
      if (res.status !== 200) throw new Error(`login ${username} failed: ${res.text}`);
      return (res.body as { token: string }).token;
    },
    async mails() {
      let files: string[] = [];
      try {
        files = readdirSync(config.outboxDir).sort();
      } catch {
        return [];
      }
      return Promise.all(files.map((f) => parseEml(path.join(config.outboxDir, f))));
    },
    async snapshot() {
      const k = db.kysely;
      const tables = {
        users: await k.selectFrom('users').selectAll().orderBy('id').execute(),
        students: await k.selectFrom('students').selectAll().orderBy('user_id').execute(),
        pages: await k.selectFrom('pages').selectAll().orderBy('id').execute(),
        unlocks: await k.selectFrom('unlocks').selectAll().orderBy('user_id').orderBy('page_id').execute(),
        unlock_failures: await k.selectFrom('unlock_failures').selectAll().orderBy('id').execute(),
        user_meta: await k.selectFrom('user_meta').selectAll().orderBy('user_id').orderBy('meta_key').execute(),
      };
      return JSON.stringify(tables);
    },
    async close() {
      await app.close();
      await db.close();
      await drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return server;
}

/** Demo sign-ins (the demo data spec). */
export const DEMO = {
  admin: { username: 'admin', password: 'demo-admin-2026', email: 'admin@demo.portal.test' },
  dana: { username: 'dana', password: 'demo-owner-2026', email: 'dana.cohen@demo.portal.test' },
  lee: { username: 'lee', password: 'demo-owner-2026', email: 'lee.wong@demo.portal.test' },
  maria: { username: 'maria', password: 'demo-owner-2026', email: 'maria.garcia@demo.portal.test' },
  mia: { username: 'mia', password: 'demo-student-2026', email: 'parent.mia@demo.portal.test' },
} as const;

/** The answer is a WordPress error object with that status and code, sent as JSON, without a stack trace. */
export function expectWpError(answer: Answer, status: number, code?: string): void {
  const body = answer.body as { code?: unknown; message?: unknown; data?: { status?: unknown } };
  expect({ status: answer.status, code: body.code }).toEqual({ status, code: code ?? body.code });
  expect(typeof body.code).toBe('string');
  expect(typeof body.message).toBe('string');
  expect(body.data?.status).toBe(status);
  expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
  expect(answer.text).not.toMatch(/\bat .+\.(ts|js):\d+|"stack"/);
}

export const PATHS = {
  token: '/wp-json/jwt-auth/v1/token',
  validate: '/wp-json/jwt-auth/v1/token/validate',
  students: '/wp-json/wl/v1/get_all_students_data',
  users: '/wp-json/wl/v1/get_all_users_data',
  createStudent: '/wp-json/wl/v1/create_student',
  reset: '/wp-json/wl/v1/reset_password',
  unlock: '/wp-json/wl/v1/unlock_lesson',
  createOwner: '/wp-json/wl/v1/create_franchise_owner',
  usersMe: '/wp-json/wp/v2/users/me',
  pages: '/wp-json/wp/v2/pages',
} as const;

let uniq = 0;
/** A new student's sign-up body; `tag` keeps e-mails unique within a run. */
export function newStudentBody(tag: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  uniq += 1;
  return {
    AUTH_KEY: TEST_AUTH_KEY,
    ParentName: 'Noa Parent',
    StudentFirstName: 'Tom',
    StudentLastName: `Tester${uniq}`,
    ParentEmail: `parent.${tag}.${uniq}@example.test`,
    Phone: '+972 52 555 0101',
    Program: 'Play Machines 1',
    LessonStartDate: '2026-03-01',
    LessonEndDate: '2026-06-30',
    NumberOfLessons: '16',
    ...extra,
  };
}

/** The demo users by login name, with their ids as this database gave them. */
/** The demo's student Mia, owners Dana and Lee, and the administrator, signed in (one after another, as people do). */
export async function signInDemoUsers(server: TestServer): Promise<{ mia: string; dana: string; lee: string; admin: string }> {
  const mia = await server.login('mia', DEMO.mia.password);
  const dana = await server.login('dana', DEMO.dana.password);
  const lee = await server.login('lee', DEMO.lee.password);
  const admin = await server.login('admin', DEMO.admin.password);
  return { mia, dana, lee, admin };
}

export async function userIds(server: TestServer): Promise<Map<string, { id: number; teacherId: number | null; role: string }>> {
  const rows = await server.db.kysely.selectFrom('users').select(['id', 'username', 'teacher_id', 'role']).execute();
  return new Map(rows.map((r) => [r.username, { id: r.id, teacherId: r.teacher_id, role: r.role }]));
}

/** The payload of a JWT, unverified. */
export function jwtPayload(token: string): Record<string, unknown> {
  const part = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** Another instance of the portal on the same database (its own pool), over real HTTP, as a balancer's second backend. */
export interface SecondInstance {
  app: FastifyInstance;
  db: Db;
  url: string;
  /** A call through this instance with a Bearer token; the answer's status and JSON body. */
  request(method: string, urlPath: string, token: string, body?: unknown): Promise<{ status: number; body: unknown }>;
  close(): Promise<void>;
}

export async function startSecondInstance(server: TestServer, clock: () => Date): Promise<SecondInstance> {
  const db = server.reopen();
  const app = await buildApp({
    db,
    config: server.config,
    clock,
    hasher: createPasswordHasher(server.config.argon2),
    logStream: { write: () => true } as unknown as NodeJS.WritableStream,
    mailer: createOutboxMailer(server.config.outboxDir, server.config.mailFrom, { info: () => undefined }),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    app,
    db,
    url,
    async request(method, urlPath, token, body) {
      const res = await fetch(url + urlPath, { method, headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
      return { status: res.status, body: (await res.json()) as unknown };
    },
    async close() {
      await app.close();
      await db.close();
    },
  };
}
