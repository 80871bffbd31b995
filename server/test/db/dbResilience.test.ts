/**
 * A dropped PostgreSQL connection (failover, idle kill, pg_terminate_backend) between and during
 * requests: the process survives, reads are retried on a fresh connection, and a write in flight is
 * either acknowledged and stored or answered 503 with Retry-After, never lost silently.
 */
import { sql } from 'kysely';
import { Client, type Pool } from 'pg';
import { isConnectionLost, isDatabaseUnavailable, resilientPool } from '../../db/resilience';
import { DEMO, PATHS, PG_URL, TEST_AUTH_KEY, newStudentBody, startTestServer, type Answer, type TestServer } from '../harness';

test('connection errors are told apart from a statement\'s own errors', () => {
  const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });
  expect(isConnectionLost(withCode('57P01', 'terminating connection due to administrator command'))).toBe(true);
  expect(isConnectionLost(new Error('Connection terminated unexpectedly'))).toBe(true);
  expect(isConnectionLost(withCode('ECONNREFUSED'))).toBe(true);
  expect(isConnectionLost(withCode('08006'))).toBe(true);
  expect(isConnectionLost(withCode('23505'))).toBe(false);
  expect(isDatabaseUnavailable(withCode('57014', 'canceling statement due to statement timeout'))).toBe(true);
  expect(isDatabaseUnavailable(withCode('22P02'))).toBe(false);
});

test('a read whose retry finds the database down fails as unavailable, and its connection is released once', async () => {
  const withCode = (code: string) => Object.assign(new Error(code), { code });
  let releases = 0;
  const dying = {
    on: () => dying,
    query: () => Promise.reject(withCode('57P01')),
    // pg-pool throws on a second release of the same client.
    release: () => {
      releases += 1;
      if (releases > 1) throw new Error('Release called on client which has already been released to the pool.');
    },
  };
  let connects = 0;
  const pool = {
    on: () => pool,
    connect: () => (connects++ === 0 ? Promise.resolve(dying) : Promise.reject(withCode('ECONNREFUSED'))),
    end: () => Promise.resolve(),
  } as unknown as Pool;
  const connection = await resilientPool(pool, () => {}).connect();
  const failure = await connection.query('select 1', []).catch((err: unknown) => err);
  expect(isDatabaseUnavailable(failure)).toBe(true);
  expect(() => connection.release()).not.toThrow();
  expect(releases).toBe(1);
});


describe('PostgreSQL connections killed by pg_terminate_backend', () => {
  let s: TestServer;
  let killer: Client;
  let appName: string;
  let token: string;

  beforeAll(async () => {
    s = await startTestServer({ dialect: 'postgres' });
    const row = await sql<{ name: string }>`select current_setting('application_name') as name`.execute(s.db.kysely);
    appName = row.rows[0]?.name ?? '';
    expect(appName).toMatch(/^t_/);
    killer = new Client({ connectionString: PG_URL });
    await killer.connect();
    token = await s.login(DEMO.dana.username, DEMO.dana.password);
  }, 60_000);

  afterAll(async () => {
    await killer?.end();
    await s?.close();
  }, 30_000);

  /** Ends every connection of this app's pool (only this suite's: other suites share the database). */
  async function terminateAll(): Promise<number> {
    const res = await killer.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND application_name = $1',
      [appName],
    );
    return res.rowCount ?? 0;
  }

  // A POST, but its statements are plain SELECTs outside a transaction: those are retried for any request.
  const listStudents = () => s.post(PATHS.students, { AUTH_KEY: TEST_AUTH_KEY }, { token });
  const me = () => s.get(PATHS.usersMe, { token });

  test('between requests: the process lives on and the next reads succeed', async () => {
    // Fill the pool with several connections, then kill them all while idle.
    await Promise.all(Array.from({ length: 6 }, () => listStudents()));
    expect(await terminateAll()).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 100));
    for (let i = 0; i < 3; i += 1) {
      expect((await listStudents()).status).toBe(200);
      expect((await me()).status).toBe(200);
    }
    expect((await s.get('/readyz')).status).toBe(200);
  }, 30_000);

  test('during requests: reads are retried; each write is acknowledged and stored, or 503 with Retry-After', async () => {
    const writes: { body: Record<string, unknown>; answer: Promise<Answer> }[] = [];
    const reads: Promise<Answer>[] = [];
    for (let round = 0; round < 5; round += 1) {
      for (let i = 0; i < 6; i += 1) {
        reads.push(listStudents());
        reads.push(me());
        reads.push(s.get(`${PATHS.pages}?parent=0`));
        const body = newStudentBody(`pgkill${round}`);
        writes.push({ body, answer: s.post(PATHS.createStudent, body, { token }) });
      }
      await new Promise((r) => setTimeout(r, 5 + round * 5));
      await terminateAll();
    }
    const readAnswers = await Promise.all(reads);
    // A read is retried once on a fresh connection; a second kill of that one inside the same burst can still make it a 503.
    for (const res of readAnswers) {
      expect([200, 503]).toContain(res.status);
      if (res.status === 503) expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    }
    expect(readAnswers.filter((r) => r.status === 200).length).toBeGreaterThan(readAnswers.length / 2);
    let acknowledged = 0;
    for (const w of writes) {
      const res = await w.answer;
      expect([200, 503]).toContain(res.status);
      if (res.status === 503) {
        expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
        expect(res.body).toMatchObject({ code: 'database_unavailable', data: { status: 503 } });
        expect(res.text).not.toMatch(/at .*\.ts:\d+/);
      } else {
        acknowledged += 1;
        const stored = await s.db.kysely.selectFrom('students').select('user_id').where('parent_email', '=', String(w.body.ParentEmail)).execute();
        expect(stored).toHaveLength(1);
      }
    }
    expect(acknowledged).toBeGreaterThan(0);
    // Afterwards everything works again at once.
    expect((await listStudents()).status).toBe(200);
    expect((await s.post(PATHS.createStudent, newStudentBody('after'), { token })).status).toBe(200);
  }, 60_000);
});
