/**
 * The mail outbox, scaled out. Two instances on one database, a real SMTP server (smtp-server)
 * that is first down, then refuses with 451, then accepts: 20 sign-ups, every mail delivered
 * exactly once, and no sent mail's body (it holds a password) kept.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import type { Db } from '../../db/connection';
import { createPasswordHasher } from '../../domain/passwords';
import { seedDemo } from '../../seed/seedDatabase';
import { DEMO, PATHS, TEST_AUTH_KEY, TEST_ARGON2, demoSource, describeEachDb, newStudentBody, openTestDb, migrateTestDb } from '../harness';
import { createSmtpMailer } from '../../mail/mailer';

jest.setTimeout(120_000);

interface Received {
  to: string;
  raw: string;
}

/** A free port: listened on and let go (the SMTP server starts on it later). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** An SMTP server that refuses every mail with 451 until `accepting` is set. */
function startSmtp(port: number, received: Received[], state: { accepting: boolean; refused: number }): Promise<SMTPServer> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onMailFrom(_address, _session, callback) {
      if (state.accepting) return callback();
      state.refused += 1;
      return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const rcpt = session.envelope.rcptTo[0];
        received.push({ to: rcpt ? rcpt.address : '', raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  return new Promise((resolve, reject) => {
    server.on('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

async function waitFor(check: () => boolean | Promise<boolean>, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describeEachDb('mail outbox with SMTP down, then refusing, then accepting', (dialect) => {
  let dir: string;
  let dbs: Db[];
  let apps: FastifyInstance[];
  let drop: () => Promise<void>;
  let smtp: SMTPServer | null = null;

  afterAll(async () => {
    for (const app of apps ?? []) await app.close();
    for (const db of dbs ?? []) await db.close();
    if (smtp) await new Promise<void>((resolve) => smtp!.close(() => resolve()));
    await drop?.();
    rmSync(dir, { recursive: true, force: true });
  });

  test('20 sign-ups through two instances: every mail delivered exactly once, sent bodies scrubbed', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'outbox-'));
    const opened = await openTestDb(dialect, dir);
    drop = opened.drop;
    dbs = [opened.db, opened.reopen()];
    await migrateTestDb(opened.db, dialect);
    const port = await freePort();
    const base = loadConfig(
      { DATA_DIR: dir, DIST_DIR: path.join(dir, 'dist'), JWT_SECRET: 'test-secret-0123456789-abcdefghij', AUTH_KEY: TEST_AUTH_KEY, LOG_LEVEL: 'warn', SMTP_URL: `smtp://127.0.0.1:${port}` },
      [],
      dir,
    );
    const config = { ...base, argon2: TEST_ARGON2 };
    const hasher = createPasswordHasher(config.argon2);
    const clock = () => new Date();
    await seedDemo({ db: opened.db, hasher, clock }, demoSource, null);
    const logs: string[] = [];
    const logStream = { write: (line: string) => void logs.push(line) } as unknown as NodeJS.WritableStream;
    const timing = { pollMs: 150, retryBaseMs: 200, retryMaxMs: 800, leaseMs: 60_000, requestWaitMs: 2_000 };
    apps = await Promise.all(
      dbs.map((db) => buildApp({ db, config, hasher, clock, logStream, outboxTiming: timing, mailer: createSmtpMailer(config.smtp!.url, config.mailFrom, { info: () => undefined }) })),
    );
    await Promise.all(apps.map((app) => app.ready()));
    const tokens = await Promise.all(
      apps.map(async (app) => (await app.inject({ method: 'POST', url: PATHS.token, payload: { username: 'dana', password: DEMO.dana.password } })).json<{ token: string }>().token),
    );

    // SMTP down: the sign-ups succeed, their mails wait in the outbox.
    const emails: string[] = [];
    for (let i = 0; i < 10; i += 1) {
      const body = newStudentBody(`outbox${i}`);
      emails.push(String(body.ParentEmail).toLowerCase());
      const res = await apps[i % 2]!.inject({ method: 'POST', url: PATHS.createStudent, payload: body, headers: { authorization: `Bearer ${tokens[i % 2]}` } });
      expect(res.json()).toBe('email_sent');
    }
    const pending = () => dbs[0]!.kysely.selectFrom('mail_outbox').selectAll().where('status', '=', 'pending').execute();
    expect(await pending()).toHaveLength(10);

    // SMTP up but refusing (451): ten more sign-ups, nothing delivered, retries continue.
    const received: Received[] = [];
    const state = { accepting: false, refused: 0 };
    smtp = await startSmtp(port, received, state);
    for (let i = 10; i < 20; i += 1) {
      const body = newStudentBody(`outbox${i}`);
      emails.push(String(body.ParentEmail).toLowerCase());
      const res = await apps[i % 2]!.inject({ method: 'POST', url: PATHS.createStudent, payload: body, headers: { authorization: `Bearer ${tokens[i % 2]}` } });
      expect(res.json()).toBe('email_sent');
    }
    // Every mail tried again and refused (the first ten were tried while nothing listened).
    await waitFor(async () => (await pending()).every((row) => row.last_error === 'smtp 451'), 20_000);
    expect(received).toHaveLength(0);
    const waiting = await pending();
    expect(waiting).toHaveLength(20);
    expect(waiting.every((row) => row.body.includes('Password: ') && row.attempts >= 1)).toBe(true);
    expect(state.refused).toBeGreaterThanOrEqual(20);

    // SMTP accepts: every mail goes, once, though both instances' workers keep polling.
    state.accepting = true;
    await waitFor(async () => (await pending()).length === 0, 30_000);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(received.map((m) => m.to).sort()).toEqual([...emails].sort());
    for (const mail of received) expect(mail.raw).toMatch(/Password: \S+/);
    const sent = await dbs[1]!.kysely.selectFrom('mail_outbox').selectAll().execute();
    expect(sent).toHaveLength(20);
    for (const row of sent) {
      expect(row.status).toBe('sent');
      expect(row.body).toBe('');
      expect(row.sent_at).not.toBeNull();
    }
    // The log names no recipient.
    for (const email of emails) expect(logs.join('')).not.toContain(email);
  });
});
