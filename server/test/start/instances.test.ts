/**
 * Production start-up as real processes: the configuration an instance refuses to start without,
 * and several instances starting at once on one fresh PostgreSQL (one migration, one first administrator).
 */
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { PG_URL } from '../harness';
import { freePort, startServer as start, waitForOutput, type ServerProcess } from '../serverProcess';
import { tempDirEachTest } from '../tempDir';

const SECRETS = { JWT_SECRET: 'j'.repeat(40), AUTH_KEY: 'k'.repeat(24), PUBLIC_URL: 'https://portal.example' };

describe('production configuration refused at start, with one clear line', () => {
  const dir = tempDirEachTest('portal-instances-');
  const cases: [string, Record<string, string>, RegExp][] = [
    ['no PUBLIC_URL with DATABASE_URL', { DATABASE_URL: 'postgres://127.0.0.1:1/none', JWT_SECRET: SECRETS.JWT_SECRET, AUTH_KEY: SECRETS.AUTH_KEY }, /^Configuration error: PUBLIC_URL must be set in production/],
    ['no JWT_SECRET with NODE_ENV=production', { NODE_ENV: 'production', PUBLIC_URL: SECRETS.PUBLIC_URL, AUTH_KEY: SECRETS.AUTH_KEY }, /^Configuration error: JWT_SECRET must be set in production/],
    ['TRUST_PROXY=true', { TRUST_PROXY: 'true' }, /^Configuration error: TRUST_PROXY must be a hop count/],
  ];
  test.each(cases)('%s', async (_name, env, message) => {
    const p = start({ DATA_DIR: dir(), PORT: String(await freePort()), ...env });
    expect(await p.exited).toBe(2);
    expect(p.output().trim().split('\n')).toHaveLength(1);
    expect(p.output()).toMatch(message);
  }, 30_000);
});


describe('three instances starting at once on one fresh PostgreSQL', () => {
  const dir = tempDirEachTest('portal-instances-');
  const database = `h14_start_${randomBytes(4).toString('hex')}`;
  const procs: ServerProcess[] = [];

  const admin = async <T>(fn: (c: Client) => Promise<T>, url = PG_URL): Promise<T> => {
    const c = new Client({ connectionString: url });
    await c.connect();
    try {
      return await fn(c);
    } finally {
      await c.end();
    }
  };

  beforeAll(() => admin((c) => c.query(`create database ${database}`)));
  afterAll(async () => {
    for (const p of procs) if (p.child.exitCode === null) p.child.kill('SIGKILL');
    await Promise.all(procs.map((p) => p.exited));
    await admin((c) => c.query(`drop database if exists ${database} with (force)`));
  }, 30_000);

  test('the schema is migrated once and the first administrator created once; every instance is ready', async () => {
    const url = new URL(PG_URL);
    url.pathname = `/${database}`;
    const ports = [await freePort(), await freePort(), await freePort()];
    for (const port of ports) {
      procs.push(
        // The production argon2 cost: hashing the first administrator's password takes a while, as it does in production.
        start({ ...SECRETS, WORKERS: '1', ARGON2_MEMORY_KIB: '19456', ARGON2_TIME_COST: '2', DATABASE_URL: url.toString(), DATA_DIR: dir(), PORT: String(port), HOST: '127.0.0.1', ADMIN_USERNAME: 'boss', ADMIN_EMAIL: 'boss@x.test', ADMIN_PASSWORD: 'first-admin-password' }),
      );
    }
    await Promise.all(procs.map((p) => waitForOutput(p, /is running at/, 40_000)));
    for (const port of ports) {
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
      expect(ready.status).toBe(200);
    }
    const created = procs.filter((p) => p.output().includes('first administrator created'));
    expect(created).toHaveLength(1);
    const counts = await admin(async (c) => ({
      users: (await c.query('select count(*)::int as n from users')).rows[0] as { n: number },
      migrations: (await c.query('select count(*)::int as n from kysely_migration')).rows[0] as { n: number },
    }), url.toString());
    expect(counts.users.n).toBe(1);
    const appliedByEach = procs.map((p) => /"applied":\[([^\]]*)\]/.exec(p.output())?.[1] ?? '');
    expect(appliedByEach.filter((a) => a !== '')).toHaveLength(1);
    expect(counts.migrations.n).toBeGreaterThan(0);
    for (const p of procs) expect(p.child.exitCode).toBeNull();
  }, 90_000);
});
