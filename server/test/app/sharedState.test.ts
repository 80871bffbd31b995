/**
 * Scaling out: two instances (two Fastify apps, each with its own connection pool) on one
 * database share their rate limits and see each other's roster writes at once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import type { Db } from '../../db/connection';
import { createPasswordHasher } from '../../domain/passwords';
import { createOutboxMailer } from '../../mail/mailer';
import { seedDemo } from '../../seed/seedDatabase';
import { SIGN_IN_CARD_PATHS, type SignInCardsIssued } from '../../../contract';
import { DEMO, PATHS, TEST_AUTH_KEY, TEST_ARGON2, clockAtWindowStart, demoSource, describeEachDb, newStudentBody, openTestDb, migrateTestDb } from '../harness';

jest.setTimeout(120_000);

const SLOWDOWN = { firstDelayMs: 1000, maxDelayMs: 8000 };

interface Reply {
  status: number;
  body: unknown;
  headers: Record<string, unknown>;
}

describeEachDb('two instances on one database', (dialect) => {
  let dir: string;
  let dbs: Db[];
  let apps: FastifyInstance[];
  let drop: () => Promise<void>;

  async function call(app: FastifyInstance, url: string, payload: Record<string, unknown>, token?: string, remoteAddress?: string): Promise<Reply> {
    const res = await app.inject({ method: 'POST', url, payload, headers: token ? { authorization: `Bearer ${token}` } : {}, ...(remoteAddress ? { remoteAddress } : {}) });
    return { status: res.statusCode, body: res.json(), headers: res.headers };
  }

  async function login(app: FastifyInstance, username: string, password: string): Promise<string> {
    const res = await call(app, PATHS.token, { username, password });
    if (res.status !== 200) throw new Error(`login failed: ${res.status}`);
    return (res.body as { token: string }).token;
  }

  const app0 = () => apps[0]!;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'shared-state-'));
    const opened = await openTestDb(dialect, dir);
    drop = opened.drop;
    dbs = [opened.db, opened.reopen()];
    await migrateTestDb(opened.db, dialect);
    const base = loadConfig({ DATA_DIR: dir, DIST_DIR: path.join(dir, 'dist'), JWT_SECRET: 'test-secret-0123456789-abcdefghij', AUTH_KEY: TEST_AUTH_KEY, LOG_LEVEL: 'warn' }, [], dir);
    // The per-address unlock limit would stop the guesses first: this test is about the per-student one.
    // The login slowdown's delays are shortened (1 s doubling to 8 s) so that waiting them out stays quick.
    const config = { ...base, argon2: TEST_ARGON2, rateLimits: { ...base.rateLimits, unlockPerIp: { max: 100_000, windowMs: 60_000 }, loginSlowdown: SLOWDOWN } };
    const hasher = createPasswordHasher(config.argon2);
    // The wrong codes are counted per student in a fixed hour: a run across the top of an hour would count in two.
    const clock = clockAtWindowStart(config.rateLimits.unlockWrongPerStudent.windowMs);
    await seedDemo({ db: opened.db, hasher, clock }, demoSource, null);
    const quiet = { write: () => true } as unknown as NodeJS.WritableStream;
    apps = await Promise.all(
      dbs.map((db) => buildApp({ db, config, hasher, clock, logStream: quiet, mailer: createOutboxMailer(config.outboxDir, config.mailFrom, { info: () => undefined }) })),
    );
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const db of dbs) await db.close();
    await drop();
    rmSync(dir, { recursive: true, force: true });
  });

  test('500 concurrent wrong codes from one student, split between the instances: exactly 10 are checked, the rest 429', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const admin = await login(a, 'admin', DEMO.admin.password);
    const mia = await login(b, 'mia', DEMO.mia.password);
    const lessons = (await a.inject({ method: 'GET', url: `${PATHS.pages}?parent=130&per_page=100`, headers: { authorization: `Bearer ${admin}` } })).json() as {
      id: number;
      metadata?: { lesson_password?: string[] };
    }[];
    const lesson = lessons.find((l) => (l.metadata?.lesson_password?.[0] ?? '') !== '');
    if (!lesson) throw new Error('no lockable lesson');
    const right = lesson.metadata?.lesson_password?.[0] ?? '';
    const wrong = right === '0000' ? '0001' : '0000';
    const miaId = (await dbs[0]!.kysely.selectFrom('users').select('id').where('username', '=', 'mia').executeTakeFirstOrThrow()).id;

    const answers = await Promise.all(
      Array.from({ length: 500 }, (_, i) => call(apps[i % 2]!, PATHS.unlock, { AUTH_KEY: TEST_AUTH_KEY, lesson_id: lesson.id, code: wrong }, mia)),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 403)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(490);
    for (const refused of answers.filter((r) => r.status === 429)) {
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
    }
    // Every checked wrong code is recorded: exactly 10 comparisons were made.
    const failures = await dbs[1]!.kysely.selectFrom('unlock_failures').select('id').where('user_id', '=', miaId).execute();
    expect(failures).toHaveLength(10);
    // The right code is refused too now, from either instance.
    for (const app of apps) expect((await call(app, PATHS.unlock, { AUTH_KEY: TEST_AUTH_KEY, lesson_id: lesson.id, code: right }, mia)).status).toBe(429);
  });

  /** One of 300 addresses: guesses spread so that the per-address limit (50) never stops them first. */
  const guesser = (i: number) => `10.9.${Math.floor(i / 250)}.${(i % 250) + 1}`;

  test('300 concurrent wrong passwords for one account from 300 addresses, split between the instances: 100 are checked, then one per growing delay; the rest 429 for seconds, not the day', async () => {
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: 300 }, (_, i) => call(apps[i % 2]!, PATHS.token, { username: 'maria', password: `wrong-${i}` }, undefined, guesser(i))));
    // A burst longer than the first delay lets one more guess through per delay that passed.
    let slots = 0;
    for (let delay = SLOWDOWN.firstDelayMs, opensAt = delay; opensAt <= Date.now() - started; delay *= 2, opensAt += delay) slots += 1;
    const checked = answers.filter((a) => a.status === 403).length;
    expect(checked).toBeGreaterThanOrEqual(100);
    expect(checked).toBeLessThanOrEqual(100 + slots);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(300 - checked);
    const waits = answers.filter((a) => a.status === 429).map((a) => Number(a.headers['retry-after']));
    expect(Math.min(...waits)).toBeGreaterThan(0);
    expect(Math.max(...waits)).toBeLessThanOrEqual(SLOWDOWN.maxDelayMs / 1000 + 1);

    // When a delay is over, of 100 concurrent guesses through both instances exactly one is checked.
    const probe = () => call(app0(), PATHS.token, { username: 'maria', password: 'probe' }, undefined, guesser(299));
    let answer = await probe();
    for (let tries = 0; answer.status === 429 && tries < 5; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, Number(answer.headers['retry-after']) * 1000));
      answer = await probe();
    }
    expect(answer.status).toBe(403);
    const wait = Number((await probe()).headers['retry-after']);
    expect(wait).toBeLessThanOrEqual(SLOWDOWN.maxDelayMs / 1000 + 1);
    await new Promise((resolve) => setTimeout(resolve, wait * 1000 + 100));
    const slowed = await Promise.all(Array.from({ length: 100 }, (_, i) => call(apps[i % 2]!, PATHS.token, { username: 'maria', password: `later-${i}` }, undefined, guesser(i + 100))));
    expect(slowed.filter((a) => a.status === 403)).toHaveLength(1);
    expect(slowed.filter((a) => a.status === 429)).toHaveLength(99);
  });

  test('right passwords from one classroom address get in one after another, and each gives its count back', async () => {
    // 60 sign-ins from one address: more than the per-address limit (50), none of them refused.
    for (let i = 0; i < 60; i += 1) {
      const who = i % 2 === 0 ? { username: 'dana', password: DEMO.dana.password } : { username: 'mia', password: DEMO.mia.password };
      expect((await call(apps[i % 2]!, PATHS.token, who)).status).toBe(200);
    }
  });

  test('100 wrong passwords for one account across the instances, then 429 (a few seconds) from both; a browser that signed in before still gets in through either', async () => {
    const first = await app0().inject({ method: 'POST', url: PATHS.token, payload: { username: 'lee', password: DEMO.lee.password }, remoteAddress: '192.0.2.10' });
    expect(first.statusCode).toBe(200);
    const cookie = String(first.headers['set-cookie']).split(';')[0] ?? '';
    for (let i = 0; i < 100; i += 1) expect((await call(apps[i % 2]!, PATHS.token, { username: 'lee', password: `wrong-${i}` }, undefined, guesser(i))).status).toBe(403);
    for (const app of apps) {
      const refused = await call(app, PATHS.token, { username: 'lee', password: DEMO.lee.password });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(SLOWDOWN.maxDelayMs / 1000 + 1);
      const known = await app.inject({ method: 'POST', url: PATHS.token, payload: { username: 'lee', password: DEMO.lee.password }, headers: { cookie }, remoteAddress: '192.0.2.10' });
      expect(known.statusCode).toBe(200);
    }
  });

  test("a card voided through one instance ends the card's session on the other at once", async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const dana = await login(a, 'dana', DEMO.dana.password);
    const miaId = (await dbs[0]!.kysely.selectFrom('users').select('id').where('username', '=', 'mia').executeTakeFirstOrThrow()).id;
    const card = (await call(a, SIGN_IN_CARD_PATHS.cards, { students: [miaId] }, dana)).body as SignInCardsIssued;
    const cardToken = new URL(card.cards[0]!.link).hash.replace(/^#token=/, '');
    const tablet = ((await call(a, SIGN_IN_CARD_PATHS.cardSignIn, { token: cardToken })).body as { token: string }).token;
    // Checked on both: each instance has now seen (and would keep) the token as valid.
    for (const app of apps) expect((await call(app, PATHS.validate, {}, tablet)).status).toBe(200);

    const voided = await a.inject({ method: 'DELETE', url: SIGN_IN_CARD_PATHS.card(card.cards[0]!.id), headers: { authorization: `Bearer ${dana}` } });
    expect(voided.statusCode).toBe(200);
    const refused = await call(b, PATHS.validate, {}, tablet);
    expect(refused.status).toBe(403);
    expect((refused.body as { code: string }).code).toBe('jwt_auth_invalid_token');
    expect((await b.inject({ method: 'GET', url: '/wp-json/wp/v2/users/me', headers: { authorization: `Bearer ${tablet}` } })).statusCode).toBe(403);
  });

  test("200 concurrent sign-ups by one account, split between the instances: exactly 100 are made (and mailed), 100 answered 429 with Retry-After", async () => {
    // The administrator signs up Lee's students: counted per account that signs up.
    const admin = await login(app0(), 'admin', DEMO.admin.password);
    const lee = (await dbs[0]!.kysely.selectFrom('users').select('id').where('username', '=', 'lee').executeTakeFirstOrThrow()).id;
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => call(apps[i % 2]!, PATHS.createStudent, newStudentBody(`owner-limit-${i}`, { TeacherId: lee }), admin)));
    expect(answers.filter((a) => a.status === 200 && a.body === 'email_sent')).toHaveLength(100);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(100);
    for (const answer of refused) {
      expect((answer.body as { code: string }).code).toBe('too_many_sign_ups');
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  test('a roster write through one instance (or straight to the database) shows in the next list read through the other', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const dana = await login(a, 'dana', DEMO.dana.password);
    const danaOnB = await login(b, 'dana', DEMO.dana.password);
    type Row = { user_id: string; parent_email: string; phone: string };
    const list = async () => (await call(b, PATHS.students, { AUTH_KEY: TEST_AUTH_KEY }, danaOnB)).body as Row[];
    const before = await list();
    await list(); // cached now

    const body = newStudentBody('shared');
    expect((await call(a, PATHS.createStudent, body, dana)).body).toBe('email_sent');
    const afterInsert = await list();
    expect(afterInsert).toHaveLength(before.length + 1);
    const created = afterInsert.find((r) => r.parent_email === String(body.ParentEmail).toLowerCase());
    expect(created).toBeDefined();

    // An update changes neither the count nor the highest id; a delete of the newest row both.
    await dbs[0]!.kysely.updateTable('students').set({ phone: '+972 50 444 4444' }).where('user_id', '=', Number(before[0]!.user_id)).execute();
    expect((await list()).find((r) => r.user_id === before[0]!.user_id)?.phone).toBe('+972 50 444 4444');
    await dbs[0]!.kysely.deleteFrom('users').where('id', '=', Number(created!.user_id)).execute();
    expect(await list()).toHaveLength(before.length);
  });
});
