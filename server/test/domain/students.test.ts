import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { openDb, type Db } from '../../db/connection';
import { migrateToLatest } from '../../db/migrations';
import { createOutboxMailer } from '../../mail/mailer';
import { MailOutbox } from '../../mail/outbox';
import { demoSource } from '../../seed/demoSource';
import { seedDemo } from '../../seed/seedDatabase';
import type { Actor, DomainContext } from '../../domain/context';
import { createPasswordHasher } from '../../domain/passwords';
import { lessonsUsed } from '../../domain/lessons';
import { createStudent, listStudentsFor, studentsJsonFor, toWireStudent } from '../../domain/students';

let dir: string;
let db: Db;
let ctx: DomainContext;

async function actor(username: string): Promise<Actor> {
  const user = await ctx.db.kysely.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirstOrThrow();
  return { id: user.id, role: user.role, user };
}

/** What the handler sent before the cache: the listing mapped and serialized on every request, with each student's lessons used and left. */
async function uncached(a: Actor): Promise<string> {
  const used = await lessonsUsed(ctx, a.role === 'administrator' ? 'all' : { ownerId: a.id });
  return JSON.stringify(
    (await listStudentsFor(ctx, a)).map((row) => ({ ...toWireStudent(row), lessons_used: String(used.get(row.user_id) ?? 0), lessons_left: String(row.number_of_lessons - (used.get(row.user_id) ?? 0)) })),
  );
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'students-cache-'));
  db = openDb({ kind: 'sqlite', file: path.join(dir, 'portal.sqlite') });
  await migrateToLatest(db);
  const hasher = createPasswordHasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 });
  const clock = () => new Date('2026-03-01T10:00:00Z');
  await seedDemo({ db, hasher, clock }, demoSource, null);
  const log = { info: () => undefined, warn: () => undefined };
  const mail = new MailOutbox(db, createOutboxMailer(path.join(dir, 'outbox'), 'portal@demo.test', log), clock, log);
  ctx = { db, hasher, clock, mail, siteUrl: 'http://localhost' };
});

afterAll(async () => {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

test('the cached roster answer is byte for byte the uncached one, per role and owner', async () => {
  const dana = await actor('dana');
  const body = await studentsJsonFor(ctx, dana, JSON.stringify);
  expect(body.toString('utf8')).toBe(await uncached(dana));
  expect(JSON.parse(body.toString('utf8')).length).toBeGreaterThan(0);
  // A second request is served from the cache (the same bytes object).
  expect(await studentsJsonFor(ctx, dana, JSON.stringify)).toBe(body);

  const admin = await ctx.db.kysely.selectFrom('users').select('username').where('role', '=', 'administrator').executeTakeFirstOrThrow();
  const adminActor = await actor(admin.username);
  const all = (await studentsJsonFor(ctx, adminActor, JSON.stringify)).toString('utf8');
  expect(all).toBe(await uncached(adminActor));
  expect(JSON.parse(all).length).toBeGreaterThan(JSON.parse(body.toString('utf8')).length);

  const student = await ctx.db.kysely.selectFrom('users').select('username').where('role', '=', 'student').executeTakeFirstOrThrow();
  await expect(studentsJsonFor(ctx, await actor(student.username), JSON.stringify)).rejects.toMatchObject({ status: 403 });
});

test('a student signed up in this process shows in the next answer', async () => {
  const dana = await actor('dana');
  const before = await studentsJsonFor(ctx, dana, JSON.stringify);
  await createStudent(ctx, dana, {
    studentFirstName: 'Cache',
    studentLastName: 'Tester',
    parentName: 'Parent Tester',
    parentEmail: 'cache.tester@example.test',
    phone: '+972 50 000 0000',
    program: 'Robotics 1',
    lessonStartDate: '2026-03-01',
    lessonEndDate: '2026-06-30',
    numberOfLessons: 12,
  });
  const after = (await studentsJsonFor(ctx, dana, JSON.stringify)).toString('utf8');
  expect(after).not.toBe(before.toString('utf8'));
  expect(after).toBe(await uncached(dana));
  expect(after).toContain('cache.tester@example.test');
});

/** Dana's cached answer, a write by a second connection to the file (as another instance or a script makes it), and her next answer. */
async function answerAfterAnotherProcessWrites(write: (other: SqliteDatabase.Database, danaId: number) => void): Promise<string> {
  const dana = await actor('dana');
  const cached = (await studentsJsonFor(ctx, dana, JSON.stringify)).toString('utf8');
  const other = new SqliteDatabase(path.join(dir, 'portal.sqlite'));
  try {
    other.pragma('busy_timeout = 5000');
    write(other, dana.id);
  } finally {
    other.close();
  }
  const after = (await studentsJsonFor(ctx, dana, JSON.stringify)).toString('utf8');
  expect(after).not.toBe(cached);
  expect(after).toBe(await uncached(dana));
  return after;
}

test('a student written by another process (another instance, a script) shows in the next answer', async () => {
  const after = await answerAfterAnotherProcessWrites((other, danaId) => {
    const userId = Number(
      other
        .prepare(
          `INSERT INTO users (username, email, password_hash, display_name, nicename, first_name, last_name, role, teacher_id, created_at)
           VALUES ('other.proc', 'other.proc@example.test', 'x', 'Other Proc', 'other.proc', 'Other', 'Proc', 'student', ?, '2026-03-01T10:00:00Z')`,
        )
        .run(danaId).lastInsertRowid,
    );
    other
      .prepare(
        `INSERT INTO students (user_id, teacher_id, student_first_name, student_last_name, parent_name, parent_email, phone, program,
           lessons_start_date, lessons_end_date, number_of_lessons, created_at)
         VALUES (?, ?, 'Other', 'Proc', 'Parent Proc', 'other.proc@example.test', '+972 50 111 1111', 'AlgoC', '2026-03-01', '2026-04-01', 4, '2026-03-01T10:00:00Z')`,
      )
      .run(userId, danaId);
  });
  expect(after).toContain('other.proc@example.test');
});

test('a change another process makes to a stored student (not only a new one) shows in the next answer', async () => {
  const after = await answerAfterAnotherProcessWrites((other, danaId) => {
    other.prepare(`UPDATE students SET phone = '+972 50 333 3333' WHERE user_id = (SELECT MIN(user_id) FROM students WHERE teacher_id = ?)`).run(danaId);
  });
  expect(after).toContain('+972 50 333 3333');
});

test('a mark another process gives at a meeting shows in the next answer as a lesson used', async () => {
  const after = await answerAfterAnotherProcessWrites((other, danaId) => {
    const studentId = Number((other.prepare('SELECT MIN(user_id) AS id FROM students WHERE teacher_id = ?').get(danaId) as { id: number }).id);
    const at = '2026-03-01T10:00:00.000Z';
    const classId = Number(
      other
        .prepare(
          `INSERT INTO classes (owner_id, name, name_key, program_id, place, weekdays, start_time, length_minutes, start_date, end_date, time_zone, created_at, updated_at)
           VALUES (?, 'Cache Class', 'cache class', 130, '', '1', '16:00', 60, '2026-03-01', '2026-06-30', 'UTC', ?, ?)`,
        )
        .run(danaId, at, at).lastInsertRowid,
    );
    const meetingId = Number(
      other
        .prepare(
          `INSERT INTO class_meetings (class_id, kind, starts_at, starts_at_utc, length_minutes, status, created_at, updated_at)
           VALUES (?, 'extra', '2026-03-01T08:00', '2026-03-01T08:00:00.000Z', 60, 'scheduled', ?, ?)`,
        )
        .run(classId, at, at).lastInsertRowid,
    );
    other.prepare(`INSERT INTO meeting_attendance (meeting_id, student_id, mark, marked_at) VALUES (?, ?, 'present', ?)`).run(meetingId, studentId, at);
  });
  expect(after).toContain('"lessons_used":"1"');
});

test('concurrent first requests share one computation', async () => {
  const dana = await actor('dana');
  // A write makes the cached answer stale; the concurrent requests after it compute it once.
  await createStudent(ctx, dana, {
    studentFirstName: 'Twin',
    studentLastName: 'Request',
    parentName: 'Parent Twin',
    parentEmail: 'twin.request@example.test',
    phone: '+972 50 222 2222',
    program: 'Robotics 1',
    lessonStartDate: '2026-03-01',
    lessonEndDate: '2026-06-30',
    numberOfLessons: 12,
  });
  const bodies = await Promise.all(Array.from({ length: 5 }, () => studentsJsonFor(ctx, dana, JSON.stringify)));
  // One Buffer for all five: separate computations would each have made their own.
  expect(new Set(bodies).size).toBe(1);
  expect(bodies[0]!.toString('utf8')).toContain('twin.request@example.test');
});
