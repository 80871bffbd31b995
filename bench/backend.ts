/**
 * Backend on loopback with autocannon, 50 connections: the programs list, a lesson page,
 * get_all_students_data with 10,000 students (as their franchise owner), and login. Each endpoint
 * runs several short rounds; the table shows the medians of requests/s, p50 and p99.
 *
 * Login: every sign-in is counted per account before its password is checked (server/routes/jwtAuth.ts),
 * and a right one gives its count back; the bench signs in as BENCH_LOGIN_ACCOUNTS accounts in turn,
 * so no account has more than one request in flight and no configuration change is needed. The
 * portal runs argon2id at its production cost (19 MiB, 2 passes): login is CPU-bound by design.
 */
import autocannon from 'autocannon';
import { CONTENT_IDS } from '../contract';
import { apiToken, type BenchContext } from './lib/context';
import { loadRound } from './lib/httpLoad';
import { type FigureSink, median, round } from './lib/results';
import { BENCH_LOGIN_ACCOUNTS, BENCH_OWNERS, benchLoginName } from './lib/seed';
import { DEMO_USERS } from '../e2e/support';

interface Target {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** A new body for each request (autocannon only). */
  nextBody?: () => string;
  p99Goal: number | null;
  seconds: number;
  /**
   * 'node-http': Node's own HTTP client (lib/httpLoad.ts) instead of autocannon, for answers of
   * hundreds of KB that autocannon's parser cannot keep up with.
   */
  client?: 'node-http';
}

interface Round {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  total: number;
  bytesPerSecond: number;
  /** Answers that were not 2xx, by status ("429": 12), so a MISS says what went wrong. */
  failedStatuses: Record<string, number>;
}

function runNodeHttp(baseUrl: string, target: Target): Promise<Round> {
  return loadRound({ method: target.method, url: `${baseUrl}${target.path}`, ...(target.headers ? { headers: target.headers } : {}), ...(target.body ? { body: target.body } : {}) }, { connections: 50, seconds: target.seconds });
}

async function runAutocannon(baseUrl: string, target: Target): Promise<Round> {
  const r = await run(baseUrl, target);
  const failedStatuses = Object.fromEntries(
    Object.entries(r.statusCodeStats as Record<string, { count: number }>)
      .filter(([status]) => !status.startsWith('2'))
      .map(([status, { count }]) => [status, Number(count)]),
  );
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.timeouts + r.non2xx, total: r.requests.total, bytesPerSecond: r.throughput.average, failedStatuses };
}

function run(baseUrl: string, target: Target): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `${baseUrl}${target.path}`,
        method: target.method,
        connections: 50,
        duration: target.seconds,
        headers: { ...(target.body !== undefined || target.nextBody ? { 'content-type': 'application/json' } : {}), ...target.headers },
        ...(target.body ? { body: target.body } : {}),
        ...(target.nextBody ? { requests: [{ setupRequest: (request: autocannon.Request) => ({ ...request, body: target.nextBody!() }) }] } : {}),
      },
      (err, result) => (err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve(result)),
    );
  });
}

export async function backendBench(ctx: BenchContext, sink: FigureSink): Promise<void> {
  const owner = BENCH_OWNERS.find((o) => o.students === 10_000)!;
  const ownerToken = await apiToken(ctx.baseUrl, owner.username, owner.password);
  const danaToken = await apiToken(ctx.baseUrl, DEMO_USERS.dana.username, DEMO_USERS.dana.password);
  const rounds = Math.min(3, ctx.runs);
  let nextLogin = 0;
  const targets: Target[] = [
    { name: 'programs list (GET pages?parent=127, signed in)', method: 'GET', path: `/wp-json/wp/v2/pages?parent=${CONTENT_IDS.programsRoot}&per_page=100`, headers: { authorization: `Bearer ${danaToken}` }, p99Goal: 50, seconds: 4 },
    { name: `lesson page (GET pages/${ctx.lawnMowerId}, Lawn Mower, signed in)`, method: 'GET', path: `/wp-json/wp/v2/pages/${ctx.lawnMowerId}`, headers: { authorization: `Bearer ${danaToken}` }, p99Goal: 50, seconds: 4 },
    {
      name: 'get_all_students_data, 10,000 students',
      method: 'POST',
      path: '/wp-json/wl/v1/get_all_students_data',
      // What chromium sends: the roster (about 3 MB of JSON) comes back brotli-compressed, as in the app.
      headers: { authorization: `Bearer ${ownerToken}`, 'accept-encoding': 'gzip, deflate, br, zstd' },
      body: JSON.stringify({ AUTH_KEY: ctx.authKey }),
      p99Goal: 50,
      seconds: 6,
      client: 'node-http',
    },
    {
      name: 'login (POST jwt-auth/v1/token, argon2id 19 MiB t=2)',
      method: 'POST',
      path: '/wp-json/jwt-auth/v1/token',
      nextBody: () => JSON.stringify({ username: benchLoginName(nextLogin++ % BENCH_LOGIN_ACCOUNTS), password: DEMO_USERS.dana.password }),
      p99Goal: null,
      seconds: 6,
    },
  ];
  for (const target of targets) {
    const results: Round[] = [];
    for (let i = 0; i < rounds; i++) {
      // autocannon ends a round by dropping the connections of requests still in flight, which the
      // server finishes anyway: the next round waits for them (sign-ins count per address while in flight).
      if (i > 0) await new Promise((resolve) => setTimeout(resolve, 2000));
      results.push(target.client === 'node-http' ? await runNodeHttp(ctx.baseUrl, target) : await runAutocannon(ctx.baseUrl, target));
    }
    const rps = median(results.map((r) => r.rps));
    const p50 = round(median(results.map((r) => r.p50)), 0);
    const p99 = round(median(results.map((r) => r.p99)), 0);
    const errors = results.reduce((sum, r) => sum + r.errors, 0);
    const total = results.reduce((sum, r) => sum + r.total, 0);
    const bytes = median(results.map((r) => r.bytesPerSecond));
    const note = `${target.client === 'node-http' ? 'node:http' : 'autocannon'}, 50 connections, ${rounds} x ${target.seconds} s`;
    sink.add({ metric: `${target.name}: requests/s`, value: round(rps, 0), unit: 'req/s', note: `${note}; ${round(bytes / 1024 / 1024, 1)} MB/s` });
    sink.add({ metric: `${target.name}: p50 latency`, value: p50, unit: 'ms' });
    if (target.p99Goal !== null) sink.addGoal({ metric: `${target.name}: p99 latency`, value: p99, unit: 'ms' }, target.p99Goal);
    else sink.add({ metric: `${target.name}: p99 latency`, value: p99, unit: 'ms', note: 'no latency goal: CPU-bound password hashing' });
    const statuses = new Map<string, number>();
    for (const r of results) for (const [status, count] of Object.entries(r.failedStatuses)) statuses.set(status, (statuses.get(status) ?? 0) + count);
    const which = [...statuses].map(([status, count]) => `${count} x ${status}`).join(', ');
    sink.add({ metric: `${target.name}: errors (non-2xx, timeouts)`, value: errors, unit: `of ${total}`, goal: '0', pass: errors === 0, ...(which ? { note: which } : {}) });
  }
}
