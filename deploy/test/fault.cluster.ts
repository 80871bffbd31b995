/**
 * The fault test of the reference deployment (docs/deployment.md): during a load through the
 * balancer, every connection of the portal database is ended (pg_terminate_backend), then
 * PostgreSQL is restarted, then one instance is killed (SIGKILL) and started again. No other
 * instance dies, no acknowledged write is lost or stored twice, errors come only for requests in
 * flight during a fault, every instance is ready again within 5 s of the database, and the balancer
 * takes the killed instance out within its health checks and back once it is ready.
 *
 * FAULT_LOAD_SECONDS sets the load's length (default 30); the load goes on until the killed
 * instance serves again.
 */
import { execFile } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import net from 'node:net';
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
const SCRIPT = path.resolve(__dirname, '../local-cluster.sh');
/** The instance killed, and its name in X-Instance and in HAProxy. */
const KILLED = 2;
const KILLED_NAME = `portal-${KILLED}`;
/**
 * HAProxy checks each instance every 1 s and takes it out after 2 failed checks (local-cluster.sh):
 * the first check after a kill comes within 1 s, the second 1 s later.
 */
const TAKEN_OUT_WITHIN_MS = 3000;
/**
 * It puts an instance back after 2 good checks 1 s apart: about 2 s on a quiet machine. CI runs this
 * beside two browser journeys on 2 cores, where a just-started instance answers its first checks
 * slowly (it was seen back 6.3 s after it was ready); the figure is printed with the test's others.
 */
const BACK_WITHIN_MS = 10_000;
/** A new instance process (node with tsx) on a busy 2-core machine. */
const RESTART_WITHIN_MS = 30_000;
/** Progress saves walk through places tab by tab: position n is tab (n - 1) / STEPS, step (n - 1) % STEPS + 1. */
const STEPS = 1000;
/** Sign-ups sent at once just before the kill. */
const BURST = 12;
const TABS = 30;

interface Outcome {
  kind: 'read' | 'write' | 'save';
  start: number;
  end: number;
  status: number;
  /** A connection error instead of an answer (ECONNRESET, ...). */
  error?: string;
  /** Answered by an instance (X-Instance), not by HAProxy itself. */
  instance: string;
  retryAfter: boolean;
  parentEmail?: string;
  /** A sign-up sent again after an attempt that failed. */
  retry?: boolean;
  body?: unknown;
}

interface ServerStat {
  /** UP, DOWN, or on the way ("UP 1/2", "DOWN 1/2"). */
  status: string;
  /** Requests the balancer has sent to it, and connections to it that failed. */
  sessions: number;
  connectionErrors: number;
}

/** The killed instance's line of HAProxy's `show stat` (its stats socket in CLUSTER_DIR). */
function balancerView(server: string): Promise<ServerStat> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(path.join(process.env.CLUSTER_DIR ?? '', 'haproxy.sock'), () => socket.write('show stat\n'));
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    socket.on('error', reject);
    socket.on('end', () => {
      const [header = '', ...lines] = text.split('\n');
      const columns = header.replace(/^# /, '').split(',');
      const row = lines.map((line) => line.split(',')).find((cells) => cells[0] === 'instances' && cells[1] === server);
      if (!row) return reject(new Error(`HAProxy has no server ${server}: ${text.slice(0, 300)}`));
      const cell = (name: string) => row[columns.indexOf(name)] ?? '';
      resolve({ status: cell('status'), sessions: Number(cell('stot')), connectionErrors: Number(cell('econ')) });
    });
  });
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

/** The process of each instance, by number (1 ..), as local-cluster.sh wrote it. */
function instancePids(): Map<number, number> {
  const dir = process.env.CLUSTER_DIR ?? '';
  return new Map(
    readdirSync(dir)
      .map((name) => /^instance-(\d+)\.pid$/.exec(name))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => [Number(m[1]), Number(readFileSync(path.join(dir, m[0]), 'utf8').trim())] as const),
  );
}

/** The process runs (a killed one may stay a zombie for a while until init reaps it: that is dead). */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

/** Until url answers /readyz 200 (polled directly, not through HAProxy), for at most limitMs. */
async function untilReady(url: string, limitMs: number, pollMs = 100): Promise<void> {
  const start = Date.now();
  const direct = client(url, FROM);
  while (Date.now() - start < limitMs) {
    const answer = await direct.get('/readyz').catch(() => undefined);
    if (answer?.status === 200) return;
    await sleep(pollMs);
  }
}

/** Milliseconds from now until every instance answers /readyz 200. */
async function untilAllReady(limitMs: number): Promise<number> {
  const start = Date.now();
  await Promise.all(instanceUrls.map((url) => untilReady(url, limitMs + 2000)));
  return Date.now() - start;
}

/** Polls the balancer's view of server every 50 ms until done says so (or limitMs); the views seen, in order. */
async function watchBalancer(server: string, done: (view: ServerStat) => boolean, limitMs: number): Promise<ServerStat[]> {
  const start = Date.now();
  const seen: ServerStat[] = [];
  while (Date.now() - start < limitMs) {
    const view = await balancerView(server);
    seen.push(view);
    if (done(view)) break;
    await sleep(50);
  }
  return seen;
}

test('pg_terminate_backend on every connection, a PostgreSQL restart and an instance killed during a load: no acknowledged write is lost or doubled, the balancer takes the dead instance out and back', async () => {
  const balancer = client(balancerUrl, FROM);
  const admin = await balancer.login(DEMO.admin.username, DEMO.admin.password);
  const owner = await balancer.login(DEMO.dana.username, DEMO.dana.password);
  const student = await balancer.login(DEMO.mia.username, DEMO.mia.password);
  const programs = await balancer.get(`${PATHS.pages}?parent=127&per_page=100`, admin);
  const lessons = (await balancer.get(`${PATHS.pages}?parent=167&per_page=100`, admin)).body as { id: number; metadata?: { lesson_password?: string[] } }[];
  const lessonId = lessons[0]?.id;
  // The student's progress is saved in a model she has unlocked with its code.
  const unlocked = await balancer.post(PATHS.unlock, { AUTH_KEY: authKey, lesson_id: lessonId, code: lessons[0]?.metadata?.lesson_password?.[0] }, student);
  expect({ programs: programs.status, lesson: typeof lessonId, unlocked: unlocked.status }).toEqual({ programs: 200, lesson: 'number', unlocked: 200 });
  const pids = instancePids();
  expect(pids.size).toBe(instanceUrls.length);
  const killedPid = pids.get(KILLED) ?? 0;

  const run = Date.now().toString(36);
  const outcomes: Outcome[] = [];
  const loadStart = Date.now();
  let faultsDone = false;
  const loading = () => !faultsDone || Date.now() - loadStart < LOAD_MS;
  let next = 0;
  const ok = (o: Outcome) => o.status >= 200 && o.status < 300;
  const measure = async (kind: Outcome['kind'], send: () => Promise<Answer>, extra: Partial<Outcome> = {}): Promise<Outcome> => {
    const start = Date.now();
    let outcome: Outcome;
    try {
      const answer = await send();
      outcome = { kind, start, end: Date.now(), status: answer.status, instance: answer.instance, retryAfter: answer.headers['retry-after'] !== undefined, ...extra, body: answer.status >= 300 || kind === 'write' ? answer.body : undefined };
    } catch (err) {
      outcome = { kind, start, end: Date.now(), status: 0, error: (err as NodeJS.ErrnoException).code ?? String(err), instance: '', retryAfter: false, ...extra };
    }
    outcomes.push(outcome);
    // A client that is refused waits a little before trying again, as the portal's own does.
    if (!ok(outcome)) await sleep(100);
    return outcome;
  };
  const reader = async () => {
    while (loading()) {
      await measure('read', () => balancer.get(`${PATHS.pages}?parent=127&per_page=100`, admin));
      await measure('read', () => balancer.get(`${PATHS.pages}/${lessonId}`, admin));
    }
  };
  // A sign-up that fails is sent again until it is answered 2xx, as the portal's form lets the owner do:
  // 'already_exists' then says an earlier attempt was stored though its answer was lost.
  const signUp = async () => {
    next += 1;
    const parentEmail = `parent.fault.${run}.${next}@example.test`;
    for (let attempt = 0; ; attempt += 1) {
      const outcome = await measure('write', () => balancer.post(PATHS.createStudent, newStudentBody(authKey, 'Fault', parentEmail), owner), { parentEmail, retry: attempt > 0 });
      if (ok(outcome) || !loading()) break;
    }
  };
  const writer = async () => {
    while (loading()) await signUp();
  };
  // The student moves on through the model's steps, one save after another.
  let savesSent = 0;
  let lastSaveAcknowledged = 0;
  const saver = async () => {
    while (loading() && savesSent < STEPS * TABS) {
      savesSent += 1;
      const n = savesSent;
      const place = { lessonId, tabId: `tab-${Math.floor((n - 1) / STEPS)}`, tabIndex: Math.floor((n - 1) / STEPS), tabs: TABS, step: ((n - 1) % STEPS) + 1, steps: STEPS };
      if (ok(await measure('save', () => balancer.put(PATHS.myProgress, place, student)))) lastSaveAcknowledged = n;
    }
  };

  const windows: { name: string; from: number; to: number }[] = [];
  let terminated = 0;
  let recoveryMs = 0;
  const kill = { takenOutMs: 0, readyMs: 0, backMs: 0, firstServedMs: -1, outAt: 0, views: [] as ServerStat[], restartedPid: 0 };
  let burst: Promise<unknown> = Promise.resolve();
  const killAndRestart = async () => {
    const before = await balancerView(KILLED_NAME);
    expect(before.status).toBe('UP');
    // A burst of sign-ups, so that some are on the instance when it dies.
    burst = Promise.all(Array.from({ length: BURST }, signUp));
    await sleep(30);
    const killAt = Date.now();
    process.kill(killedPid, 'SIGKILL');
    const goingDown = await watchBalancer(KILLED_NAME, (v) => v.status === 'DOWN', 15_000);
    kill.outAt = Date.now();
    kill.takenOutMs = kill.outAt - killAt;
    windows.push({ name: 'kill', from: killAt, to: kill.outAt + SETTLE_MS });

    // Started again at once, as a supervisor (systemd's Restart=) would once the process is gone.
    while (alive(killedPid) && Date.now() - killAt < 10_000) await sleep(50);
    const restartAt = Date.now();
    const started = promisify(execFile)('bash', [SCRIPT, 'start-instance', String(KILLED)], { env: process.env });
    const ready = untilReady(instanceUrls[KILLED - 1] ?? '', RESTART_WITHIN_MS + 5000, 50).then(() => Date.now());
    const comingBack = watchBalancer(KILLED_NAME, (v) => v.status === 'UP', RESTART_WITHIN_MS + 10_000);
    const [, readyAt, views] = await Promise.all([started, ready, comingBack]);
    const backAt = Date.now();
    kill.readyMs = readyAt - restartAt;
    kill.backMs = backAt - readyAt;
    kill.views = [...goingDown, ...views];
    kill.restartedPid = instancePids().get(KILLED) ?? 0;
    // The first answer through the balancer from the instance started again.
    while (Date.now() - backAt < 10_000) {
      const first = outcomes.find((o) => o.instance === KILLED_NAME && o.start >= backAt);
      if (first) {
        kill.firstServedMs = first.end - backAt;
        break;
      }
      await sleep(50);
    }
  };
  const faults = async () => {
    await sleep(LOAD_MS * 0.25);
    const from = Date.now();
    terminated = await terminateEveryConnection();
    windows.push({ name: 'terminate', from, to: Date.now() + SETTLE_MS });

    await sleep(Math.max(0, loadStart + LOAD_MS * 0.45 - Date.now()));
    const stopAt = Date.now();
    await promisify(execFile)('bash', [SCRIPT, 'restart-db'], { env: { ...process.env, DB_DOWN_SECONDS: '2' } });
    // pg_ctl -w has returned: PostgreSQL accepts connections again.
    recoveryMs = await untilAllReady(READY_WITHIN_MS);
    const restartTo = Date.now() + BALANCER_RISE_MS;
    windows.push({ name: 'restart', from: stopAt, to: restartTo });

    await sleep(Math.max(0, loadStart + LOAD_MS * 0.7 - Date.now(), restartTo + 500 - Date.now()));
    await killAndRestart();
  };

  await Promise.all([reader(), reader(), writer(), writer(), saver(), faults().finally(() => (faultsDone = true))]);
  await burst;

  const inFlight = (o: Outcome, name?: string) => windows.some((w) => (name === undefined || w.name === name) && o.start <= w.to && o.end >= w.from);
  // What a request in flight during a fault may meet: the instance's 503 with Retry-After, the
  // balancer's own 502/503/504 (no X-Instance), or a connection the balancer closed.
  const allowedFailure = (o: Outcome) => (o.status === 503 && o.instance !== '' && o.retryAfter) || ([502, 503, 504].includes(o.status) && o.instance === '') || o.status === 0;
  const unexpected = outcomes.filter((o) => !ok(o) && !(inFlight(o) && allowedFailure(o)));

  const writes = outcomes.filter((o) => o.kind === 'write');
  const acknowledged = [...new Set(writes.filter(ok).map((o) => o.parentEmail ?? ''))];
  const foundStored = writes.filter((o) => ok(o) && o.body === 'already_exists');
  const pg = new PgClient({ connectionString: databaseUrl });
  await pg.connect();
  let stored: Set<string>;
  let doubled: { parent_email: string; n: string }[];
  let incomplete: { n: string }[];
  let savedPosition = 0;
  try {
    const like = `parent.fault.${run}.%`;
    const rows = await pg.query<{ parent_email: string }>('select parent_email from students where parent_email like $1', [like]);
    stored = new Set(rows.rows.map((r) => r.parent_email));
    doubled = (await pg.query<{ parent_email: string; n: string }>('select parent_email, count(*) as n from students where parent_email like $1 group by parent_email having count(*) > 1', [like])).rows;
    // A sign-up is a student account and its record, made together or not at all.
    incomplete = (
      await pg.query<{ n: string }>(
        `select count(*) as n from users u where u.role = 'student' and u.email like $1 and not exists (select 1 from students s where s.user_id = u.id)
         union all select count(*) from students s where s.parent_email like $1 and not exists (select 1 from users u where u.id = s.user_id)`,
        [like],
      )
    ).rows.filter((r) => Number(r.n) > 0);
    const place = await pg.query<{ tab_index: number; step: number }>("select p.tab_index, p.step from student_progress p join users u on u.id = p.user_id where u.username = $1 and p.lesson_id = $2", [DEMO.mia.username, lessonId]);
    const row = place.rows[0];
    savedPosition = row ? row.tab_index * STEPS + row.step : 0;
  } finally {
    await pg.end();
  }
  const lost = acknowledged.filter((email) => !stored.has(email));

  const count = (pred: (o: Outcome) => boolean) => outcomes.filter(pred).length;
  const duringKill = outcomes.filter((o) => inFlight(o, 'kill'));
  const downViews = kill.views.filter((v) => v.status.startsWith('DOWN'));
  const firstDown = downViews[0];
  const lastDown = downViews[downViews.length - 1];
  console.log(
    [
      `fault test: ${outcomes.length} requests in ${Math.round((Date.now() - loadStart) / 1000)} s (${writes.length} sign-ups incl. ${count((o) => o.retry === true)} sent again, ${savesSent} progress saves)`,
      `2xx ${count(ok)}, instance 503 ${count((o) => o.status === 503 && o.instance !== '')}, balancer 5xx ${count((o) => o.status >= 500 && o.instance === '')}, connection errors ${count((o) => o.status === 0)}, 500 ${count((o) => o.status === 500)}`,
      `connections terminated ${terminated}, all instances ready ${recoveryMs} ms after PostgreSQL was back`,
      `instance ${KILLED} killed: ${duringKill.length} requests in flight until it was out, ${duringKill.filter((o) => !ok(o)).length} failed (${duringKill.filter((o) => !ok(o)).map((o) => `${o.kind} ${o.status || o.error}`).join(', ')}); out of the balancer ${kill.takenOutMs} ms after the kill; started again: ready in ${kill.readyMs} ms, back in the balancer ${kill.backMs} ms later, first answer through it ${kill.firstServedMs} ms after that`,
      `acknowledged sign-ups ${acknowledged.length}, lost ${lost.length}, stored twice ${doubled.length}, sent again and found already stored ${foundStored.length}; progress: last acknowledged save ${lastSaveAcknowledged}, stored ${savedPosition}, last sent ${savesSent}; unexpected answers ${unexpected.length}`,
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
  // Only the killed instance died, and it runs again.
  expect([...pids].filter(([n, pid]) => n !== KILLED && !alive(pid))).toEqual([]);
  expect({ killedAlive: alive(killedPid), restarted: kill.restartedPid !== killedPid && alive(kill.restartedPid) }).toEqual({ killedAlive: false, restarted: true });
  expect(terminated).toBeGreaterThan(0);
  expect(recoveryMs).toBeLessThanOrEqual(READY_WITHIN_MS);
  expect(lost).toEqual([]);
  expect(doubled).toEqual([]);
  expect(incomplete).toEqual([]);
  // 'already_exists' only ever answers a sign-up sent again.
  expect(foundStored.filter((o) => o.retry !== true)).toEqual([]);
  expect(savedPosition).toBeGreaterThanOrEqual(lastSaveAcknowledged);
  expect(savedPosition).toBeLessThanOrEqual(savesSent);
  expect(unexpected.slice(0, 5).map((o) => ({ kind: o.kind, status: o.status, error: o.error, instance: o.instance, at: o.start - loadStart, body: o.body }))).toEqual([]);
  expect({ signUps: acknowledged.length > 0, saves: lastSaveAcknowledged > 0 }).toEqual({ signUps: true, saves: true });
  // The balancer took the dead instance out within its checks, sent it nothing while it was out, and
  // sent it requests again once it was back.
  expect(kill.takenOutMs).toBeLessThanOrEqual(TAKEN_OUT_WITHIN_MS);
  expect({ sessions: lastDown?.sessions, connectionErrors: lastDown?.connectionErrors }).toEqual({ sessions: firstDown?.sessions, connectionErrors: firstDown?.connectionErrors });
  expect(kill.readyMs).toBeLessThanOrEqual(RESTART_WITHIN_MS);
  expect(kill.backMs).toBeLessThanOrEqual(BACK_WITHIN_MS);
  expect(kill.firstServedMs).toBeGreaterThanOrEqual(0);
}, LOAD_MS + 90_000);
