/**
 * Load (claim 7 of server/HARDENING.md). `npm run harden:load` (LOAD_CLIENTS=200, LOAD_SECONDS=60 by
 * default).
 *
 * Starts the real backend (server/main.ts, embedded SQLite, demo data) as its own process on
 * loopback, then runs LOAD_CLIENTS concurrent clients for LOAD_SECONDS seconds, each looping over
 * a mix of reads and writes as the app makes them: program and lesson lists, a lesson, the terms
 * page, the owner's students and users (reads); sign-ups, unlocks and user meta (writes). Samples the
 * server's resident memory (RSS, /proc) every second. At the end: every answer must be 2xx, every
 * acknowledged sign-up must be in the database (read back through the API), and RSS must be flat
 * (the last 20 % of the run no more than LOAD_RSS_GROWTH, default 1.5x, of the level after warm-up).
 * Prints requests, errors, p50/p99 latency, requests per second and RSS start/end/max; exits
 * non-zero on any failure. Bounded: a fixed count of clients for a fixed time, loopback only.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { callJson, freePort, startBackend, waitServing, type Answer } from './lib/backendProcess';

const CLIENTS = Number(process.env.LOAD_CLIENTS ?? 200);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const RSS_GROWTH = Number(process.env.LOAD_RSS_GROWTH ?? 1.5);

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round((kb / 1024) * 10) / 10;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-load-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // Thousands of sign-ups by one owner a minute: far past the per-owner mail limit, which is not what this measures.
  const backend = startBackend({ port, dataDir, demo: true, env: { OWNER_MAILS_PER_HOUR: '1000000' } });
  const { child, exited } = backend;
  try {
    await waitServing(base, backend, 120_000);
    const pid = child.pid ?? 0;

    const call = (method: 'GET' | 'POST', urlPath: string, body?: unknown, token?: string, ip?: string): Promise<Answer> =>
      callJson(base, method, urlPath, { ...(body !== undefined ? { body } : {}), ...(token ? { token } : {}), ...(ip ? { ip } : {}), timeoutMs: 30_000 });

    const authKey = /"authKey":"([^"]+)"/.exec(await (await fetch(`${base}/portal-config.js`)).text())?.[1] ?? '';
    const login = async (username: string, password: string) => (await call('POST', '/wp-json/jwt-auth/v1/token', { username, password })).body as { token: string };
    const owners = [await login('dana', 'demo-owner-2026'), await login('lee', 'demo-owner-2026'), await login('maria', 'demo-owner-2026')];
    const mia = await login('mia', 'demo-student-2026');
    const admin = await login('admin', 'demo-admin-2026');
    const lessons = (await call('GET', '/wp-json/wp/v2/pages?parent=130&per_page=100', undefined, admin.token)).body as { id: number; metadata?: { lesson_password?: string[] } }[];
    const codes = lessons.flatMap((l) => (l.metadata?.lesson_password?.[0] ? [{ id: l.id, code: l.metadata.lesson_password[0] }] : []));

    const latencies: number[] = [];
    const errors: string[] = [];
    const acked = new Map<number, Set<string>>(); // owner index -> parent e-mails answered email_sent
    const counts = { reads: 0, writes: 0 };
    const rss: { t: number; mib: number }[] = [{ t: 0, mib: rssMiB(pid) }];
    const started = Date.now();
    const deadline = started + SECONDS * 1000;
    const sampler = setInterval(() => {
      try {
        rss.push({ t: (Date.now() - started) / 1000, mib: rssMiB(pid) });
      } catch {
        // process gone: reported below as errors
      }
    }, 1000);

    const client = async (c: number) => {
      let i = 0;
      const ownerIndex = c % owners.length;
      const owner = owners[ownerIndex]!;
      while (Date.now() < deadline) {
        i += 1;
        const kind = (c + i) % 10;
        const t0 = performance.now();
        let answer: Answer;
        let what = '';
        try {
          if (kind <= 5) {
            counts.reads += 1;
            const reads: [string, () => Promise<Answer>][] = [
              ['programs', () => call('GET', '/wp-json/wp/v2/pages?parent=127&per_page=100', undefined, mia.token)],
              ['lessons', () => call('GET', '/wp-json/wp/v2/pages?parent=130&per_page=100', undefined, mia.token)],
              ['lesson', () => call('GET', `/wp-json/wp/v2/pages/${codes[i % codes.length]?.id ?? 51}`, undefined, owner.token)],
              ['terms', () => call('GET', '/wp-json/wp/v2/pages/51')],
              ['students', () => call('POST', '/wp-json/wl/v1/get_all_students_data', { AUTH_KEY: authKey }, owner.token)],
              ['users', () => call('POST', '/wp-json/wl/v1/get_all_users_data', { AUTH_KEY: authKey }, owner.token)],
            ];
            const [name, run] = reads[kind]!;
            what = name;
            answer = await run();
          } else {
            counts.writes += 1;
            if (kind <= 7) {
              what = 'sign-up';
              const email = `load.${c}.${i}@example.test`;
              answer = await call(
                'POST',
                '/wp-json/wl/v1/create_student',
                { AUTH_KEY: authKey, ParentName: 'Load Parent', StudentFirstName: 'Load', StudentLastName: `C${c}I${i}`, ParentEmail: email, Phone: '050-1111111', Program: 'Play Machines 1', LessonStartDate: '2026-01-01', LessonEndDate: '2026-03-01', NumberOfLessons: 8 },
                owner.token,
              );
              if (answer.status === 200 && answer.body === 'email_sent') {
                const set = acked.get(ownerIndex) ?? new Set<string>();
                set.add(email);
                acked.set(ownerIndex, set);
              } else if (answer.status === 200) errors.push(`sign-up answered ${JSON.stringify(answer.body)}`);
            } else if (kind === 8) {
              what = 'unlock';
              const lesson = codes[i % codes.length]!;
              answer = await call('POST', '/wp-json/wl/v1/unlock_lesson', { AUTH_KEY: authKey, lesson_id: lesson.id, code: lesson.code }, mia.token, `10.1.${c % 250}.${i % 250}`);
            } else {
              what = 'user meta';
              answer = await call('POST', '/wp-json/wp/v2/users/me', { meta: { kit_on_header_clicked: i % 2 } }, mia.token);
            }
          }
          latencies.push(performance.now() - t0);
          if (answer.status < 200 || answer.status >= 300) errors.push(`${what}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
        } catch (err) {
          latencies.push(performance.now() - t0);
          errors.push(`${what}: ${err instanceof Error ? err.message : String(err)}`);
        }
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, (_, c) => client(c)));
    clearInterval(sampler);
    const elapsed = (Date.now() - started) / 1000;
    rss.push({ t: elapsed, mib: rssMiB(pid) });

    // Lost writes: every acknowledged sign-up must be in its owner's list.
    let lost = 0;
    let signUps = 0;
    for (const [ownerIndex, emails] of acked) {
      const list = (await call('POST', '/wp-json/wl/v1/get_all_students_data', { AUTH_KEY: authKey }, owners[ownerIndex]!.token)).body as { parent_email: string }[];
      const stored = new Set(list.map((s) => s.parent_email));
      for (const email of emails) {
        signUps += 1;
        if (!stored.has(email)) lost += 1;
      }
    }

    const sorted = [...latencies].sort((a, b) => a - b);
    const pct = (p: number) => Math.round((sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0) * 10) / 10;
    // Flat memory: compare the level after warm-up (first 20 %) with the last 20 % of the run.
    const warm = rss.filter((s) => s.t >= elapsed * 0.1 && s.t <= elapsed * 0.3).map((s) => s.mib);
    const late = rss.filter((s) => s.t >= elapsed * 0.8).map((s) => s.mib);
    const avg = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
    const growth = avg(warm) > 0 ? avg(late) / avg(warm) : 1;
    const report = {
      clients: CLIENTS,
      seconds: Math.round(elapsed),
      requests: latencies.length,
      reads: counts.reads,
      writes: counts.writes,
      requestsPerSecond: Math.round(latencies.length / elapsed),
      errors: errors.length,
      firstErrors: errors.slice(0, 5),
      latencyMs: { p50: pct(0.5), p90: pct(0.9), p99: pct(0.99), max: pct(1) },
      signUpsAcknowledged: signUps,
      signUpsLost: lost,
      rssMiB: { start: rss[0]?.mib, afterWarmUp: Math.round(avg(warm)), end: rss[rss.length - 1]?.mib, max: Math.max(...rss.map((s) => s.mib)), lateVsWarmUp: Math.round(growth * 100) / 100 },
    };
    console.log(JSON.stringify(report, null, 2));
    const failures = [
      ...(errors.length > 0 ? [`${errors.length} errors`] : []),
      ...(lost > 0 ? [`${lost} acknowledged sign-ups lost`] : []),
      ...(growth > RSS_GROWTH ? [`RSS grew ${growth.toFixed(2)}x after warm-up (limit ${RSS_GROWTH}x)`] : []),
      ...(child.exitCode !== null ? ['the backend exited during the run'] : []),
    ];
    if (failures.length > 0) throw new Error(failures.join('; '));
    console.log('harden:load ok');
  } finally {
    child.kill('SIGTERM');
    const forced = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(forced);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(`harden:load FAILED: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
