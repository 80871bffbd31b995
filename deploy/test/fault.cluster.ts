/**
 * The fault test of the reference deployment (docs/deployment.md): during a load through the
 * balancer, every connection of the portal database is ended (pg_terminate_backend) and then
 * PostgreSQL is restarted. No instance dies, no acknowledged write is lost, errors come only for
 * requests in flight during a fault, and every instance is ready again within 5 s of the database.
 *
 * FAULT_LOAD_SECONDS sets the load's length (default 30).
 */
import { execFile } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client as PgClient } from 'pg';
import { client, cluster, DEMO, newStudentBody, PATHS, type Answer } from './cluster';

const { balancerUrl, instanceUrls, databaseUrl, authKey } = cluster();
const LOAD_MS = Number(process.env.FAULT_LOAD_SECONDS ?? 30) * 1000;
const READY_WITHIN_MS = 5000;
/** How long after a fault a request still counts as in flight: the pool dropping dead connections. */
const SETTLE_MS = 1000;
/** HAProxy marks a server up after 2 good checks 1 s apart (local-cluster.sh): its own 503s last that long. */
const BALANCER_RISE_MS = 3000;
const FROM = '127.0.0.31';

interface Outcome {
  kind: 'read' | 'write';
  start: number;
  end: number;
  status: number;
  /** A connection error instead of an answer (ECONNRESET, ...). */
  error?: string;
  /** Answered by an instance (X-Instance), not by HAProxy itself. */
  instance: string;
  retryAfter: boolean;
  parentEmail?: string;
  body?: unknown;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function terminateEveryConnection(): Promise<number> {
  // From the postgres database, so this admin connection is none of the portal's.
  const admin = new PgClient({ connectionString: databaseUrl.replace(/\/portal$/, '/postgres') });
  await admin.connect();
  try {
    const ended = await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = 'portal' and pid <> pg_backend_pid()");
    return ended.rowCount ?? 0;
  } finally {
    await admin.end();
  }
}

function instancePids(): number[] {
  const dir = process.env.CLUSTER_DIR ?? '';
  return readdirSync(dir)
    .filter((name) => /^instance-\d+\.pid$/.test(name))
    .map((name) => Number(readFileSync(path.join(dir, name), 'utf8').trim()));
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Milliseconds from now until every instance answers /readyz 200 (polled directly, not through HAProxy). */
async function untilAllReady(limitMs: number): Promise<number> {
  const start = Date.now();
  await Promise.all(
    instanceUrls.map(async (url) => {
      const direct = client(url, FROM);
      while (Date.now() - start < limitMs + 2000) {
        const answer = await direct.get('/readyz').catch(() => undefined);
        if (answer?.status === 200) return;
        await sleep(100);
      }
    }),
  );
  return Date.now() - start;
}

test('pg_terminate_backend on every connection and a PostgreSQL restart during a load: no instance dies, no acknowledged write is lost', async () => {
  const balancer = client(balancerUrl, FROM);
  const admin = await balancer.login(DEMO.admin.username, DEMO.admin.password);
  const owner = await balancer.login(DEMO.dana.username, DEMO.dana.password);
  const programs = await balancer.get(`${PATHS.pages}?parent=127&per_page=100`, admin);
  const lessons = (await balancer.get(`${PATHS.pages}?parent=167&per_page=100`, admin)).body as { id: number }[];
  const lessonId = lessons[0]?.id;
  expect({ programs: programs.status, lesson: typeof lessonId }).toEqual({ programs: 200, lesson: 'number' });
  const pids = instancePids();
  expect(pids).toHaveLength(instanceUrls.length);

  const run = Date.now().toString(36);
  const outcomes: Outcome[] = [];
  const loadStart = Date.now();
  let next = 0;
  const measure = async (kind: Outcome['kind'], send: () => Promise<Answer>, parentEmail?: string) => {
    const start = Date.now();
    try {
      const answer = await send();
      outcomes.push({ kind, start, end: Date.now(), status: answer.status, instance: answer.instance, retryAfter: answer.headers['retry-after'] !== undefined, parentEmail, body: answer.status >= 300 ? answer.body : undefined });
    } catch (err) {
      outcomes.push({ kind, start, end: Date.now(), status: 0, error: (err as NodeJS.ErrnoException).code ?? String(err), instance: '', retryAfter: false, parentEmail });
    }
    // A client that is refused waits a little before trying again, as the portal's own does.
    const last = outcomes[outcomes.length - 1];
    if (last && last.status !== 0 && last.status < 300) return;
    await sleep(100);
  };
  const reader = async () => {
    while (Date.now() - loadStart < LOAD_MS) {
      await measure('read', () => balancer.get(`${PATHS.pages}?parent=127&per_page=100`, admin));
      await measure('read', () => balancer.get(`${PATHS.pages}/${lessonId}`, admin));
    }
  };
  const writer = async () => {
    while (Date.now() - loadStart < LOAD_MS) {
      next += 1;
      const parentEmail = `parent.fault.${run}.${next}@example.test`;
      await measure(
        'write',
        () =>
          balancer.post(
            PATHS.createStudent,
            newStudentBody(authKey, 'Fault', parentEmail),
            owner,
          ),
        parentEmail,
      );
    }
  };

  const windows: { name: string; from: number; to: number }[] = [];
  let terminated = 0;
  let recoveryMs = 0;
  const faults = async () => {
    await sleep(LOAD_MS * 0.25);
    const from = Date.now();
    terminated = await terminateEveryConnection();
    windows.push({ name: 'terminate', from, to: Date.now() + SETTLE_MS });

    await sleep(Math.max(0, loadStart + LOAD_MS * 0.45 - Date.now()));
    const stopAt = Date.now();
    await promisify(execFile)('bash', [path.resolve(__dirname, '../local-cluster.sh'), 'restart-db'], { env: { ...process.env, DB_DOWN_SECONDS: '2' } });
    // pg_ctl -w has returned: PostgreSQL accepts connections again.
    recoveryMs = await untilAllReady(READY_WITHIN_MS);
    windows.push({ name: 'restart', from: stopAt, to: Date.now() + BALANCER_RISE_MS });
  };

  await Promise.all([reader(), reader(), writer(), writer(), faults()]);

  const inFlight = (o: Outcome) => windows.some((w) => o.start <= w.to && o.end >= w.from);
  const ok = (o: Outcome) => o.status >= 200 && o.status < 300;
  // What a request in flight during a fault may meet: the instance's 503 with Retry-After, the
  // balancer's own 502/503/504 (no X-Instance), or a connection the balancer closed.
  const allowedFailure = (o: Outcome) => (o.status === 503 && o.instance !== '' && o.retryAfter) || ([502, 503, 504].includes(o.status) && o.instance === '') || o.status === 0;
  const unexpected = outcomes.filter((o) => !ok(o) && !(inFlight(o) && allowedFailure(o)));

  const acknowledged = outcomes.filter((o) => o.kind === 'write' && ok(o)).map((o) => o.parentEmail ?? '');
  const pg = new PgClient({ connectionString: databaseUrl });
  await pg.connect();
  let stored: Set<string>;
  try {
    const rows = await pg.query<{ parent_email: string }>('select parent_email from students where parent_email like $1', [`parent.fault.${run}.%`]);
    stored = new Set(rows.rows.map((r) => r.parent_email));
  } finally {
    await pg.end();
  }
  const lost = acknowledged.filter((email) => !stored.has(email));

  const count = (pred: (o: Outcome) => boolean) => outcomes.filter(pred).length;
  console.log(
    [
      `fault test: ${outcomes.length} requests in ${Math.round((Date.now() - loadStart) / 1000)} s (${count((o) => o.kind === 'write')} writes)`,
      `2xx ${count(ok)}, instance 503 ${count((o) => o.status === 503 && o.instance !== '')}, balancer 5xx ${count((o) => o.status >= 500 && o.instance === '')}, connection errors ${count((o) => o.status === 0)}, 500 ${count((o) => o.status === 500)}`,
      `connections terminated ${terminated}, all instances ready ${recoveryMs} ms after PostgreSQL was back`,
      `acknowledged writes ${acknowledged.length}, lost ${lost.length}; unexpected answers ${unexpected.length}`,
    ].join('\n'),
  );

  if (unexpected.length > 0) {
    // The instances' own account of what went wrong (their error lines), for the failure report.
    const dir = process.env.CLUSTER_DIR ?? '';
    for (const name of readdirSync(dir).filter((n) => /^instance-\d+\.log$/.test(n))) {
      const errors = readFileSync(path.join(dir, name), 'utf8').split('\n').filter((line) => /"level":(50|60)/.test(line));
      console.log(`${name}: ${errors.length} error lines\n${errors.slice(0, 3).join('\n').slice(0, 3000)}`);
    }
  }
  expect(pids.filter((pid) => !alive(pid))).toEqual([]);
  expect(terminated).toBeGreaterThan(0);
  expect(recoveryMs).toBeLessThanOrEqual(READY_WITHIN_MS);
  expect(lost).toEqual([]);
  expect(unexpected.slice(0, 5).map((o) => ({ kind: o.kind, status: o.status, error: o.error, instance: o.instance, at: o.start - loadStart, body: o.body }))).toEqual([]);
  expect(count((o) => o.kind === 'write' && ok(o))).toBeGreaterThan(0);
}, LOAD_MS + 40_000);
