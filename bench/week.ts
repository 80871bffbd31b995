/**
 * An owner's week: the bench owner with 10,000 students makes 30 classes of 400 of them (13 or 14
 * each, one to three weekdays, in two time zones) through the API, takes attendance at the meetings
 * already begun, then GET /yo/v1/meetings for this week (Monday to Sunday) is asked by 20
 * connections for 3 rounds. Goal: server p99 under 300 ms.
 */
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { CLASSES_PATHS, MEETINGS_PATHS, type ClassInput, type ClassRecord, type MeetingRecord, type Weekday } from '../contract';
import { apiToken, type BenchContext } from './lib/context';
import { loadRound } from './lib/httpLoad';
import { type FigureSink, median, round } from './lib/results';
import { BENCH_OWNERS } from './lib/seed';

const CLASSES = 30;
const STUDENTS = 400;
const CONNECTIONS = 20;
const SECONDS = 8;
const GOAL_MS = 300;

const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

async function call<T>(ctx: BenchContext, method: string, urlPath: string, token: string, body?: unknown): Promise<T> {
  const res = await fetch(ctx.baseUrl + urlPath, { method, headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  if (!res.ok) throw new Error(`${method} ${urlPath}: HTTP ${res.status} ${(await res.text()).slice(0, 200)}`);
  return (await res.json()) as T;
}

export async function weekBench(ctx: BenchContext, sink: FigureSink): Promise<void> {
  const owner = BENCH_OWNERS.find((o) => o.students === 10_000)!;
  const token = await apiToken(ctx.baseUrl, owner.username, owner.password);
  const db = new SqliteDatabase(path.join(ctx.dataDir, 'portal.sqlite'), { readonly: true });
  const studentIds = (
    db
      .prepare('SELECT s.user_id AS id FROM students s JOIN users u ON u.id = s.user_id WHERE s.teacher_id = (SELECT id FROM users WHERE username = ?) AND s.erased_at IS NULL AND u.sign_in_disabled_at IS NULL ORDER BY s.user_id LIMIT ?')
      .all(owner.username, STUDENTS) as { id: number }[]
  ).map((r) => r.id);
  db.close();
  if (studentIds.length < STUDENTS) throw new Error(`the bench owner has ${studentIds.length} active students, not ${STUDENTS}`);

  const today = Date.now();
  const weekday = (new Date(today).getUTCDay() + 6) % 7; // 0 Monday
  const monday = isoDay(today - weekday * 86_400_000);
  const sunday = isoDay(today + (6 - weekday) * 86_400_000);
  const t0 = Date.now();
  for (let i = 0; i < CLASSES; i += 1) {
    const mine = studentIds.filter((_, n) => n % CLASSES === i);
    const days = [1 + (i % 7), 1 + ((i + 2) % 7), 1 + ((i + 4) % 7)].slice(0, 1 + (i % 3)) as Weekday[];
    const body: ClassInput = {
      name: `Week bench ${i + 1}`,
      programId: 130,
      place: `Room ${i + 1}`,
      weekdays: [...new Set(days)],
      startTime: `${String(9 + (i % 10)).padStart(2, '0')}:${i % 2 === 0 ? '00' : '30'}`,
      lengthMinutes: 90,
      startDate: isoDay(today - 120 * 86_400_000),
      endDate: isoDay(today + 240 * 86_400_000),
      timeZone: i % 2 === 0 ? 'Asia/Jerusalem' : 'Europe/Madrid',
      studentIds: mine,
    };
    await call<ClassRecord>(ctx, 'POST', CLASSES_PATHS.classes, token, body);
  }
  const weekPath = `${MEETINGS_PATHS.meetings}?from=${monday}&to=${sunday}`;
  const week = await call<MeetingRecord[]>(ctx, 'GET', weekPath, token);
  let taken = 0;
  for (const meeting of week.filter((m) => Date.parse(m.startsAtUtc) < today)) {
    const roster = await call<{ students: { id: number }[] }>(ctx, 'GET', MEETINGS_PATHS.attendance(meeting.id), token);
    await call(ctx, 'PUT', MEETINGS_PATHS.attendance(meeting.id), token, { marks: roster.students.map((c, n) => ({ studentId: c.id, mark: n % 5 === 0 ? 'absent' : 'present' })) });
    taken += 1;
  }
  const children = week.reduce((sum, m) => sum + m.studentCount, 0);
  console.log(`  ${CLASSES} classes, ${week.length} meetings this week (${taken} with attendance), ${children} places, made in ${Date.now() - t0} ms`);

  const rounds = Math.min(3, ctx.runs);
  const results = [];
  for (let i = 0; i < rounds; i += 1) results.push(await loadRound({ method: 'GET', url: ctx.baseUrl + weekPath, headers: { authorization: `Bearer ${token}` } }, { connections: CONNECTIONS, seconds: SECONDS }));
  const note = `node:http, ${CONNECTIONS} connections, ${rounds} x ${SECONDS} s; ${week.length} meetings, ${CLASSES} classes, ${STUDENTS} students`;
  sink.add({ metric: "an owner's week (GET meetings): requests/s", value: round(median(results.map((r) => r.rps)), 0), unit: 'req/s', note });
  sink.add({ metric: "an owner's week (GET meetings): p50 latency", value: round(median(results.map((r) => r.p50)), 0), unit: 'ms' });
  sink.addGoal({ metric: "an owner's week (GET meetings): p99 latency", value: round(median(results.map((r) => r.p99)), 0), unit: 'ms' }, GOAL_MS);
  const errors = results.reduce((sum, r) => sum + r.errors, 0);
  sink.add({ metric: "an owner's week (GET meetings): errors (non-2xx)", value: errors, unit: `of ${results.reduce((sum, r) => sum + r.total, 0)}`, goal: '0', pass: errors === 0 });
}
