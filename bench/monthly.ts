/**
 * The office's monthly report: 200 franchise owners with 100 students each (20,000), each owner
 * with 5 classes of 20 meeting twice a week, every meeting of last month held with all its children
 * marked, and some renewals in the audit log, written straight into the SQLite file (as
 * bench/lib/seed.ts does); then GET /yo/v1/reports/monthly?month=<last month> by the administrator,
 * 20 connections for 3 rounds. Goal: server p99 under 2 s.
 */
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { LESSONS_PATHS, type MonthlyReport } from '../contract';
import { DEMO_USERS } from '../e2e/support';
import { apiToken, type BenchContext } from './lib/context';
import { loadRound } from './lib/httpLoad';
import { type FigureSink, median, round } from './lib/results';

const OWNERS = 200;
const STUDENTS_PER_OWNER = 100;
const CLASSES_PER_OWNER = 5;
const CONNECTIONS = 20;
const SECONDS = 8;
const GOAL_MS = 2000;

const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** Last calendar month (UTC): every meeting in it has ended. */
function lastMonth(now: Date): { month: string; days: string[] } {
  const first = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1);
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  const days: string[] = [];
  for (let t = first; t < next; t += 86_400_000) days.push(isoDay(t));
  return { month: days[0]!.slice(0, 7), days };
}

export function seedMonth(dataDir: string, days: string[]): { ms: number; meetings: number; marks: number } {
  const started = Date.now();
  const db = new SqliteDatabase(path.join(dataDir, 'portal.sqlite'));
  db.pragma('busy_timeout = 10000');
  db.pragma('synchronous = NORMAL');
  const dana = db.prepare('SELECT password_hash FROM users WHERE username = ?').get('dana') as { password_hash: string };
  const now = new Date().toISOString();
  const today = Date.now();
  const insertUser = db.prepare(
    `INSERT INTO users (username, email, password_hash, display_name, nicename, first_name, last_name, role, country, state, territory, teacher_id, created_at)
     VALUES (@username, @email, @hash, @display, @username, @first, @last, @role, @country, '', '', @teacher, @now)`,
  );
  const insertStudent = db.prepare(
    `INSERT INTO students (user_id, teacher_id, student_first_name, student_last_name, parent_name, parent_email, phone, program,
       lessons_start_date, lessons_end_date, number_of_lessons, created_at)
     VALUES (@userId, @teacher, @first, @last, 'Bench Parent', @email, '+972 50 000 0000', 'Play Machines 1', @start, @end, @lessons, @now)`,
  );
  const insertClass = db.prepare(
    `INSERT INTO classes (owner_id, name, name_key, program_id, place, weekdays, start_time, length_minutes, start_date, end_date, time_zone, created_at, updated_at)
     VALUES (@owner, @name, @key, 130, '', @weekdays, '16:00', 60, @start, @end, 'UTC', @created, @created)`,
  );
  const insertMember = db.prepare('INSERT INTO class_students (class_id, student_id, joined_at) VALUES (?, ?, ?)');
  const insertMeeting = db.prepare(
    `INSERT INTO class_meetings (class_id, kind, scheduled_date, scheduled_start, starts_at, starts_at_utc, length_minutes, status, created_at, updated_at)
     VALUES (?, 'regular', ?, ?, ?, ?, 60, 'scheduled', ?, ?)`,
  );
  const insertMark = db.prepare("INSERT INTO meeting_attendance (meeting_id, student_id, mark, marked_at) VALUES (?, ?, ?, ?)");
  const insertRenewal = db.prepare(
    `INSERT INTO audit_log (at, actor_id, actor_role, action, subject_type, subject_id, owner_id, before_json, after_json)
     VALUES (?, ?, 'franchise_owner', 'student.renew', 'student', ?, ?, '{}', '{}')`,
  );
  const created = `${days[0]}T00:00:00.000Z`;
  let meetings = 0;
  let marks = 0;
  db.transaction(() => {
    for (let o = 0; o < OWNERS; o += 1) {
      const username = `monthly_owner_${o}`;
      const country = ['Israel', 'Spain', 'Chile', 'Mexico'][o % 4]!;
      const ownerId = Number(insertUser.run({ username, email: `${username}@bench.test`, hash: dana.password_hash, display: `Monthly Owner ${o}`, first: 'Monthly', last: `Owner ${o}`, role: 'franchise_owner', country, teacher: null, now }).lastInsertRowid);
      const students: number[] = [];
      for (let i = 0; i < STUDENTS_PER_OWNER; i += 1) {
        const email = `p${i}.${username}@bench.test`;
        const userId = Number(insertUser.run({ username: `${username}_${i}`, email, hash: '!', display: `Child ${i}`, first: 'Child', last: String(i), role: 'student', country, teacher: ownerId, now }).lastInsertRowid);
        // Ends spread over the next four months: some within the renewal window.
        insertStudent.run({ userId, teacher: ownerId, first: 'Child', last: String(i), email, start: days[0], end: isoDay(today + ((i * 37) % 120) * 86_400_000), lessons: 10 + (i % 20), now });
        students.push(userId);
      }
      for (let c = 0; c < CLASSES_PER_OWNER; c += 1) {
        const weekdays = [1 + (c % 5), 1 + ((c + 2) % 5)].sort();
        const classId = Number(insertClass.run({ owner: ownerId, name: `Class ${c + 1}`, key: `class ${c + 1}`, weekdays: weekdays.join(','), start: days[0], end: isoDay(today + 120 * 86_400_000), created }).lastInsertRowid);
        const members = students.slice(c * 20, c * 20 + 20);
        for (const id of members) insertMember.run(classId, id, created);
        for (const day of days) {
          const iso = ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
          if (!weekdays.includes(iso)) continue;
          const meetingId = Number(insertMeeting.run(classId, day, `${day}T16:00`, `${day}T16:00`, `${day}T16:00:00.000Z`, created, created).lastInsertRowid);
          meetings += 1;
          members.forEach((id, n) => {
            insertMark.run(meetingId, id, (n + meetingId) % 7 === 0 ? 'absent' : (n + meetingId) % 11 === 0 ? 'late' : 'present', `${day}T17:00:00.000Z`);
            marks += 1;
          });
        }
      }
      for (let r = 0; r < 10; r += 1) insertRenewal.run(`${days[r * 2]}T09:00:00.000Z`, ownerId, students[r]!, ownerId);
    }
  })();
  db.close();
  return { ms: Date.now() - started, meetings, marks };
}

export async function monthlyBench(ctx: BenchContext, sink: FigureSink): Promise<void> {
  const { month, days } = lastMonth(new Date());
  const seeded = seedMonth(ctx.dataDir, days);
  console.log(`  ${OWNERS} owners, ${(OWNERS * STUDENTS_PER_OWNER).toLocaleString('en')} students, ${seeded.meetings.toLocaleString('en')} meetings and ${seeded.marks.toLocaleString('en')} marks in ${month}, written in ${seeded.ms} ms`);
  const token = await apiToken(ctx.baseUrl, DEMO_USERS.admin.username, DEMO_USERS.admin.password);
  const reportPath = `${LESSONS_PATHS.monthlyReport}?month=${month}`;
  const t0 = Date.now();
  const res = await fetch(ctx.baseUrl + reportPath, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`GET ${reportPath}: HTTP ${res.status} ${(await res.text()).slice(0, 200)}`);
  const report = (await res.json()) as MonthlyReport;
  console.log(`  one report: ${Date.now() - t0} ms, ${report.rows.length} owners, ${report.totals.meetingsHeld} meetings held, ${report.totals.activeStudents} active students`);
  if (report.totals.meetingsHeld < seeded.meetings) throw new Error(`the report counts ${report.totals.meetingsHeld} meetings held, not ${seeded.meetings}`);

  const rounds = Math.min(3, ctx.runs);
  const results = [];
  for (let i = 0; i < rounds; i += 1) results.push(await loadRound({ method: 'GET', url: ctx.baseUrl + reportPath, headers: { authorization: `Bearer ${token}` } }, { connections: CONNECTIONS, seconds: SECONDS }));
  const note = `node:http, ${CONNECTIONS} connections, ${rounds} x ${SECONDS} s; ${OWNERS} owners, ${OWNERS * STUDENTS_PER_OWNER} students, ${seeded.meetings} meetings, ${seeded.marks} marks`;
  sink.add({ metric: 'the monthly report (GET reports/monthly): requests/s', value: round(median(results.map((r) => r.rps)), 1), unit: 'req/s', note });
  sink.add({ metric: 'the monthly report (GET reports/monthly): p50 latency', value: round(median(results.map((r) => r.p50)), 0), unit: 'ms' });
  sink.addGoal({ metric: 'the monthly report (GET reports/monthly): p99 latency', value: round(median(results.map((r) => r.p99)), 0), unit: 'ms' }, GOAL_MS);
  // The same load while attendance is being taken: a mark changes every 2 s (another connection, as
  // another instance writes), so the kept figures go stale and are computed again under load.
  const writer = new SqliteDatabase(path.join(ctx.dataDir, 'portal.sqlite'));
  writer.pragma('busy_timeout = 10000');
  const someMarks = writer.prepare("SELECT meeting_id, student_id FROM meeting_attendance WHERE marked_at >= ? LIMIT 1000").all(`${days[0]}T`) as { meeting_id: number; student_id: number }[];
  const remark = writer.prepare("UPDATE meeting_attendance SET mark = CASE mark WHEN 'absent' THEN 'present' ELSE 'absent' END WHERE meeting_id = ? AND student_id = ?");
  let writes = 0;
  const timer = setInterval(() => {
    const m = someMarks[writes % someMarks.length]!;
    remark.run(m.meeting_id, m.student_id);
    writes += 1;
  }, 2000);
  const busy = [];
  try {
    for (let i = 0; i < rounds; i += 1) busy.push(await loadRound({ method: 'GET', url: ctx.baseUrl + reportPath, headers: { authorization: `Bearer ${token}` } }, { connections: CONNECTIONS, seconds: SECONDS }));
  } finally {
    clearInterval(timer);
    writer.close();
  }
  sink.add({ metric: 'the monthly report, a mark changing every 2 s: requests/s', value: round(median(busy.map((r) => r.rps)), 1), unit: 'req/s', note: `${writes} marks changed` });
  sink.add({ metric: 'the monthly report, a mark changing every 2 s: p50 latency', value: round(median(busy.map((r) => r.p50)), 0), unit: 'ms' });
  sink.addGoal({ metric: 'the monthly report, a mark changing every 2 s: p99 latency', value: round(median(busy.map((r) => r.p99)), 0), unit: 'ms' }, GOAL_MS);
  results.push(...busy);
  const errors = results.reduce((sum, r) => sum + r.errors, 0);
  sink.add({ metric: 'the monthly report (GET reports/monthly): errors (non-2xx)', value: errors, unit: `of ${results.reduce((sum, r) => sum + r.total, 0)}`, goal: '0', pass: errors === 0 });
}

