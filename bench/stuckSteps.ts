/**
 * Where children get stuck at franchise scale: 200 franchise owners with 100 students each
 * (20,000), each student through 25 steps of 4 models (2,000,000 step rows, one per child and step,
 * as the portal keeps them), written straight into the SQLite file (as monthly.ts does). Each child
 * stops at one step of each model for three weeks before going on, and presses "I'm stuck" there one
 * time in three. Then GET /yo/v1/insights/stuck-steps, 10 connections, as the office (every
 * student), as the office for one owner (?owner=) and as that owner. Goal: server p99 under 500 ms.
 */
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { INSIGHTS_PATHS, type StuckStepsAnswer } from '../contract';
import { DEMO_USERS } from '../e2e/support';
import { apiToken, type BenchContext } from './lib/context';
import { loadRound, type LoadRound } from './lib/httpLoad';
import { type FigureSink, median, round } from './lib/results';

const OWNERS = 200;
const STUDENTS_PER_OWNER = 100;
const MODELS = 4;
const STEPS = 25;
const CONNECTIONS = 10;
const SECONDS = 6;
const GOAL_MS = 500;
const DAY_MS = 86_400_000;

function seedSteps(dataDir: string): { ms: number; rows: number; lessons: number[] } {
  const started = Date.now();
  const db = new SqliteDatabase(path.join(dataDir, 'portal.sqlite'));
  db.pragma('busy_timeout = 10000');
  db.pragma('synchronous = NORMAL');
  const dana = db.prepare('SELECT password_hash FROM users WHERE username = ?').get(DEMO_USERS.dana.username) as { password_hash: string };
  // Play Machines 1's first models: real pages with galleries, so titles and pictures are looked up as for any child.
  const lessons = (db.prepare("SELECT id FROM pages WHERE parent = 130 AND status = 'publish' ORDER BY id LIMIT ?").all(MODELS) as { id: number }[]).map((p) => p.id);
  const now = new Date().toISOString();
  const insertUser = db.prepare(
    `INSERT INTO users (username, email, password_hash, display_name, nicename, first_name, last_name, role, country, state, territory, teacher_id, created_at)
     VALUES (@username, @email, @hash, @display, @username, @first, @last, @role, 'Israel', '', '', @teacher, @now)`,
  );
  const insertStudent = db.prepare(
    `INSERT INTO students (user_id, teacher_id, student_first_name, student_last_name, parent_name, parent_email, phone, program,
       lessons_start_date, lessons_end_date, number_of_lessons, created_at)
     VALUES (@userId, @teacher, 'Child', @last, 'Bench Parent', @email, '+972 50 000 0000', 'Play Machines 1', '2026-09-01', '2027-06-30', 30, @now)`,
  );
  const insertStep = db.prepare(
    `INSERT INTO step_visits (user_id, lesson_id, tab_index, step, tab_title, first_at, last_at, left_at, seconds, stuck_presses)
     VALUES (?, ?, 0, ?, 'Build', ?, ?, ?, ?, ?)`,
  );
  const start = Date.now() - 90 * DAY_MS;
  let rows = 0;
  db.transaction(() => {
    for (let o = 0; o < OWNERS; o += 1) {
      const username = `stuck_owner_${o}`;
      const ownerId = Number(insertUser.run({ username, email: `${username}@bench.test`, hash: dana.password_hash, display: `Stuck Owner ${o}`, first: 'Stuck', last: `Owner ${o}`, role: 'franchise_owner', teacher: null, now }).lastInsertRowid);
      for (let i = 0; i < STUDENTS_PER_OWNER; i += 1) {
        const email = `p${i}.${username}@bench.test`;
        const userId = Number(insertUser.run({ username: `${username}_${i}`, email, hash: '!', display: `Child ${i}`, first: 'Child', last: String(i), role: 'student', teacher: ownerId, now }).lastInsertRowid);
        insertStudent.run({ userId, teacher: ownerId, last: String(i), email, now });
        lessons.forEach((lessonId, m) => {
          // Where this child stops for three weeks in this model.
          const stop = 1 + ((i * 7 + o * 3 + m * 5) % (STEPS - 1));
          let at = start + m * 20 * DAY_MS + ((i + o) % 10) * 3_600_000;
          for (let step = 1; step <= STEPS; step += 1) {
            const seconds = 30 + ((i * 13 + step * 17 + m) % 240);
            const first = new Date(at).toISOString();
            at += seconds * 1000;
            if (step === stop) at += 21 * DAY_MS;
            const left = step < STEPS ? new Date(at).toISOString() : null;
            insertStep.run(userId, lessonId, step, first, first, left, seconds, step === stop && (i + m) % 3 === 0 ? 1 + (i % 2) : 0);
            rows += 1;
          }
        });
      }
    }
  })();
  db.pragma('optimize');
  db.close();
  return { ms: Date.now() - started, rows, lessons };
}

export async function stuckStepsBench(ctx: BenchContext, sink: FigureSink): Promise<void> {
  const seeded = seedSteps(ctx.dataDir);
  console.log(`  ${OWNERS} owners, ${(OWNERS * STUDENTS_PER_OWNER).toLocaleString('en')} students, ${seeded.rows.toLocaleString('en')} step rows (${MODELS} models x ${STEPS} steps each) written in ${seeded.ms} ms`);
  const admin = await apiToken(ctx.baseUrl, DEMO_USERS.admin.username, DEMO_USERS.admin.password);
  const owner = await apiToken(ctx.baseUrl, 'stuck_owner_0', DEMO_USERS.dana.password);
  const ownerId = ((await (await fetch(`${ctx.baseUrl}/wp-json/wp/v2/users/me`, { headers: { authorization: `Bearer ${owner}` } })).json()) as { id: number }).id;

  const views = [
    { name: 'the office, every student', token: admin, query: '' },
    { name: 'the office, one owner', token: admin, query: `?owner=${ownerId}` },
    { name: 'an owner, her students', token: owner, query: '' },
  ];
  for (const view of views) {
    const url = `${ctx.baseUrl}${INSIGHTS_PATHS.stuckSteps}${view.query}`;
    const t0 = Date.now();
    let answer: StuckStepsAnswer;
    try {
      const res = await fetch(url, { headers: { authorization: `Bearer ${view.token}` } });
      if (!res.ok) throw new Error(`HTTP ${res.status} ${(await res.text()).slice(0, 200)}`);
      answer = (await res.json()) as StuckStepsAnswer;
    } catch (err) {
      // No answer at all (the server ends a request after REQUEST_TIMEOUT_MS): a missed goal, and the next view is measured.
      const why = err instanceof Error ? err.message : String(err);
      console.log(`  ${view.name}: no answer after ${Date.now() - t0} ms (${why})`);
      sink.addGoal({ metric: `where children get stuck, ${view.name}: p99 latency`, value: null, unit: 'ms', note: `no answer after ${Date.now() - t0} ms` }, GOAL_MS);
      continue;
    }
    const worst = answer.steps[0];
    console.log(`  ${view.name}: one answer in ${Date.now() - t0} ms, ${answer.steps.length} steps, worst: ${worst ? `${worst.modelTitle} step ${worst.step} (${worst.stuckChildren} stuck, ${worst.stopped} stopped of ${worst.reached})` : 'none'}`);
    const rounds: LoadRound[] = [];
    for (let r = 0; r < Math.min(3, ctx.runs); r += 1) {
      rounds.push(await loadRound({ method: 'GET', url, headers: { authorization: `Bearer ${view.token}` } }, { connections: CONNECTIONS, seconds: SECONDS }));
    }
    const note = `node:http, ${CONNECTIONS} connections, ${rounds.length} x ${SECONDS} s; ${seeded.rows} step rows`;
    sink.add({ metric: `where children get stuck, ${view.name}: requests/s`, value: round(median(rounds.map((r) => r.rps)), 1), unit: 'req/s', note });
    sink.add({ metric: `where children get stuck, ${view.name}: p50 latency`, value: round(median(rounds.map((r) => r.p50)), 0), unit: 'ms' });
    sink.addGoal({ metric: `where children get stuck, ${view.name}: p99 latency`, value: round(median(rounds.map((r) => r.p99)), 0), unit: 'ms' }, GOAL_MS);
    const errors = rounds.reduce((sum, r) => sum + r.errors, 0);
    sink.add({ metric: `where children get stuck, ${view.name}: errors (non-2xx)`, value: errors, unit: `of ${rounds.reduce((sum, r) => sum + r.total, 0)}`, goal: '0', pass: errors === 0 });
  }
}
