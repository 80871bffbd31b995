/**
 * Crash safety (claim 6 of server/HARDENING.md). `npm run harden:crash` (CRASH_CYCLES=100 by default).
 *
 * Starts the real backend (server/main.ts, embedded SQLite, demo data) as one process, and then,
 * CRASH_CYCLES times: sends a burst of concurrent sign-ups (create_student) and unlocks
 * (unlock_lesson with the right code), kills the backend with SIGKILL in the middle of the burst,
 * checks the database file (PRAGMA integrity_check, PRAGMA foreign_key_check, every student account
 * has its student record), checks that every write the backend answered with 2xx is stored, and
 * restarts it, timing how long until it serves again (must be under 5 s). Loopback only; bounded in
 * count and time. Exits non-zero on any failure and prints the figures.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { callJson, freePort, sleep, startBackend, waitServing, type Backend } from './lib/backendProcess';

const CYCLES = Number(process.env.CRASH_CYCLES ?? 100);
const WORKERS = Number(process.env.CRASH_WORKERS ?? 16);
const SERVE_LIMIT_MS = Number(process.env.CRASH_SERVE_LIMIT_MS ?? 5_000);
const DEMO = { dana: 'demo-owner-2026', mia: 'demo-student-2026' };

/** Cheap password hashing: the drill is about durability, not argon2's cost. */
const startServer = (port: number, dataDir: string, demo: boolean): Backend =>
  startBackend({ port, dataDir, demo, env: { ARGON2_MEMORY_KIB: '1024', ARGON2_TIME_COST: '1', OWNER_MAILS_PER_HOUR: '1000000' } });

const post = (base: string, urlPath: string, body: unknown, token?: string, ip?: string) =>
  callJson(base, 'POST', urlPath, { body, ...(token ? { token } : {}), ...(ip ? { ip } : {}) });

interface Acked {
  students: Set<string>;
  unlocks: Set<number>;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-crash-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dbFile = path.join(dataDir, 'portal.sqlite');
  const figures = { cycles: 0, serveMs: [] as number[], answered2xx: 0, failedOrCut: 0, signups: 0, unlocks: 0, refused: 0 };
  let server = startServer(port, dataDir, true);
  try {
    // First start seeds the demo data (slower); later starts use PORTAL_DEMO=0 on the same database.
    await waitServing(base, server, 120_000);
    const login = async (username: string, password: string) => ((await post(base, '/wp-json/jwt-auth/v1/token', { username, password })).body as { token: string; user_id: number });
    const dana = await login('dana', DEMO.dana);
    const mia = await login('mia', DEMO.mia);
    const admin = await login('admin', 'demo-admin-2026');
    const authKey = /"authKey":"([^"]+)"/.exec(await (await fetch(`${base}/portal-config.js`)).text())?.[1] ?? '';
    // Every lesson with a code, and its code (administrators see codes).
    const codes: { id: number; code: string }[] = [];
    for (const parent of [130, 167]) {
      const res = await fetch(`${base}/wp-json/wp/v2/pages?parent=${parent}&per_page=100`, { headers: { authorization: `Bearer ${admin.token}` } });
      for (const p of (await res.json()) as { id: number; metadata?: { lesson_password?: string[] } }[]) {
        const code = p.metadata?.lesson_password?.[0];
        if (code) codes.push({ id: p.id, code });
      }
    }
    if (codes.length === 0) throw new Error('no lesson with a code');
    const acked: Acked = { students: new Set(), unlocks: new Set() };
    let serial = 0;
    // Unlocks are kept per student and lesson: clear mia's so each cycle writes new rows.
    const clearUnlocks = () => {
      const db = new Database(dbFile);
      try {
        db.prepare('delete from unlocks where user_id = ?').run(mia.user_id);
      } finally {
        db.close();
      }
      acked.unlocks.clear();
    };

    for (let cycle = 1; cycle <= CYCLES; cycle += 1) {
      let stop = false;
      const worker = async (w: number) => {
        while (!stop) {
          serial += 1;
          const n = serial;
          try {
            if (n % 2 === 0) {
              const email = `crash.${cycle}.${n}@example.test`;
              const res = await post(base, '/wp-json/wl/v1/create_student', {
                AUTH_KEY: authKey,
                ParentName: 'Crash Parent',
                StudentFirstName: 'Crash',
                StudentLastName: `Test${n}`,
                ParentEmail: email,
                Phone: '050-0000000',
                Program: 'Play Machines 1',
                LessonStartDate: '2026-01-01',
                LessonEndDate: '2026-02-01',
                NumberOfLessons: 4,
              }, dana.token);
              if (res.status === 200 && res.body === 'email_sent') {
                acked.students.add(email);
                figures.signups += 1;
                figures.answered2xx += 1;
              } else figures.refused += 1;
            } else {
              const lesson = codes[n % codes.length]!;
              const res = await post(base, '/wp-json/wl/v1/unlock_lesson', { AUTH_KEY: authKey, lesson_id: lesson.id, code: lesson.code }, mia.token, `10.${w}.${cycle % 250}.${n % 250}`);
              if (res.status === 200) {
                acked.unlocks.add(lesson.id);
                figures.unlocks += 1;
                figures.answered2xx += 1;
              } else figures.refused += 1;
            }
          } catch {
            figures.failedOrCut += 1; // cut by the kill: not acknowledged, so nothing is owed
            if (stop) return;
            await sleep(5);
          }
        }
      };
      const workers = Array.from({ length: WORKERS }, (_, w) => worker(w));
      await sleep(150 + Math.floor(Math.random() * 600));
      server.child.kill('SIGKILL');
      await server.exited;
      stop = true;
      await Promise.all(workers);

      // The database after the crash: intact, consistent, and holding every acknowledged write.
      const db = new Database(dbFile);
      try {
        const integrity = db.pragma('integrity_check', { simple: true });
        if (integrity !== 'ok') throw new Error(`cycle ${cycle}: integrity_check says ${String(integrity)}`);
        const fk = db.pragma('foreign_key_check') as unknown[];
        if (fk.length > 0) throw new Error(`cycle ${cycle}: foreign_key_check: ${JSON.stringify(fk).slice(0, 500)}`);
        const orphans = db.prepare("select count(*) as n from users u where u.role = 'student' and not exists (select 1 from students s where s.user_id = u.id)").get() as { n: number };
        if (orphans.n > 0) throw new Error(`cycle ${cycle}: ${orphans.n} student accounts without a student record`);
        const stored = new Set((db.prepare("select parent_email from students where parent_email like 'crash.%'").all() as { parent_email: string }[]).map((r) => r.parent_email));
        const lost = [...acked.students].filter((e) => !stored.has(e));
        if (lost.length > 0) throw new Error(`cycle ${cycle}: ${lost.length} acknowledged sign-ups lost, e.g. ${lost.slice(0, 3).join(', ')}`);
        const unlocked = new Set((db.prepare('select page_id from unlocks where user_id = ?').all(mia.user_id) as { page_id: number }[]).map((r) => r.page_id));
        const lostUnlocks = [...acked.unlocks].filter((id) => !unlocked.has(id));
        if (lostUnlocks.length > 0) throw new Error(`cycle ${cycle}: acknowledged unlocks lost: ${lostUnlocks.join(', ')}`);
      } finally {
        db.close();
      }
      clearUnlocks();

      server = startServer(port, dataDir, false);
      const ms = await waitServing(base, server, SERVE_LIMIT_MS);
      figures.serveMs.push(ms);
      figures.cycles = cycle;
      if (cycle % 10 === 0 || cycle === CYCLES) {
        console.log(`cycle ${cycle}/${CYCLES}: ${acked.students.size} sign-ups verified so far, serving again after ${Math.round(ms)} ms`);
      }
    }
    const sorted = [...figures.serveMs].sort((a, b) => a - b);
    const stored = new Database(dbFile, { readonly: true });
    const verified = (stored.prepare("select count(*) as n from students where parent_email like 'crash.%'").get() as { n: number }).n;
    stored.close();
    console.log(
      JSON.stringify(
        {
          result: 'ok',
          kills: figures.cycles,
          restarts: figures.serveMs.length,
          timeToServeMs: { max: Math.round(sorted[sorted.length - 1] ?? 0), median: Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0) },
          writesAnswered2xx: figures.answered2xx,
          signUpsAnswered2xx: figures.signups,
          unlocksAnswered2xx: figures.unlocks,
          signUpsStoredAtEnd: verified,
          requestsCutByKill: figures.failedOrCut,
          refusedNon2xx: figures.refused,
        },
        null,
        2,
      ),
    );
  } finally {
    server.child.kill('SIGKILL');
    await server.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(`harden:crash FAILED: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
