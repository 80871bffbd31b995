/**
 * The bench database: the demo data (seeded by the portal on its first start), plus two franchise
 * owners with 10,000 and 50,000 students, written straight into the SQLite file in one
 * transaction (the running portal reads them on its next query: nothing is cached).
 */
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';

export interface BenchOwner {
  username: string;
  password: string;
  students: number;
}

/** Same password as the demo owners (the bench copies dana's argon2id hash). */
export const BENCH_OWNER_PASSWORD = 'demo-owner-2026';

export const BENCH_OWNERS: readonly BenchOwner[] = [
  { username: 'bench10k', password: BENCH_OWNER_PASSWORD, students: 10_000 },
  { username: 'bench50k', password: BENCH_OWNER_PASSWORD, students: 50_000 },
];

/**
 * Sign-ins are counted per account before the password is checked (server/routes/jwtAuth.ts), so
 * the login bench spreads its 50 connections over this many accounts, one request in flight each.
 */
export const BENCH_LOGIN_ACCOUNTS = 100;
/** The login name of bench login account n (0 .. BENCH_LOGIN_ACCOUNTS - 1), with dana's password. */
export const benchLoginName = (n: number): string => `${BENCH_OWNERS[0]!.username}_${n}`;

const FIRST = ['Noa', 'amir', 'Étienne', 'Mei', 'wei', 'Sofia', 'Lior', 'Zoë', 'ari', 'Maya', 'Ömer', 'José', 'li', 'Yael', 'Ben'];
const LAST = ['Levi', 'Katz', 'Tan', 'lim', 'Lopez', 'Åberg', 'Cohen', 'Wong', 'Garcia', 'Ben David', 'Müller', 'ng', "O'Brien"];
const PROGRAMS = ['Play Machines 1', 'Play Machines 2', 'Robotics 1', 'Robotics 2', 'Robotics 10', 'AlgoC', 'Big Builders 2'];

/** Deterministic, so every run sorts and exports the same data. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

export function seedBenchStudents(dataDir: string, owners: readonly BenchOwner[] = BENCH_OWNERS): { ms: number; students: number } {
  const started = Date.now();
  const db = new SqliteDatabase(path.join(dataDir, 'portal.sqlite'));
  db.pragma('busy_timeout = 10000');
  db.pragma('synchronous = NORMAL');
  const dana = db.prepare('SELECT password_hash, country, state, territory FROM users WHERE username = ?').get('dana') as
    | { password_hash: string; country: string; state: string; territory: string }
    | undefined;
  if (!dana) throw new Error('the demo data has no user "dana": was the portal seeded?');
  const now = new Date().toISOString();
  const insertUser = db.prepare(
    `INSERT INTO users (username, email, password_hash, display_name, nicename, first_name, last_name, role, country, state, territory, teacher_id, created_at)
     VALUES (@username, @email, @hash, @display, @username, @first, @last, @role, @country, @state, @territory, @teacher, @now)`,
  );
  const insertStudent = db.prepare(
    `INSERT INTO students (user_id, teacher_id, student_first_name, student_last_name, parent_name, parent_email, phone, program,
       lessons_start_date, lessons_end_date, number_of_lessons, created_at)
     VALUES (@userId, @teacher, @first, @last, @parent, @email, @phone, @program, @start, @end, @lessons, @now)`,
  );
  let total = 0;
  let firstOwnerId = -1;
  const run = db.transaction(() => {
    for (const owner of owners) {
      const place = { country: dana.country, state: dana.state, territory: dana.territory };
      const ownerId = Number(
        insertUser.run({
          username: owner.username,
          email: `${owner.username}@bench.test`,
          hash: dana.password_hash,
          display: `Bench ${owner.students}`,
          first: 'Bench',
          last: `Owner ${owner.students}`,
          role: 'franchise_owner',
          teacher: null,
          now,
          ...place,
        }).lastInsertRowid,
      );
      if (firstOwnerId === -1) firstOwnerId = ownerId;
      const rand = rng(owner.students);
      const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
      for (let i = 0; i < owner.students; i++) {
        const first = `${pick(FIRST)}${Math.floor(rand() * 1000)}`;
        const last = pick(LAST);
        const email = `p${i}.${owner.username}@bench.test`;
        const userId = Number(
          insertUser.run({
            username: `${owner.username}_${i}`,
            email,
            // The login bench signs in as the first students of the first owner (with dana's password);
            // the others never sign in: a hash that matches nothing.
            hash: ownerId === firstOwnerId && i < BENCH_LOGIN_ACCOUNTS ? dana.password_hash : '!',
            display: `${first} ${last}`,
            first,
            last,
            role: 'student',
            teacher: ownerId,
            now,
            ...place,
          }).lastInsertRowid,
        );
        const year = 2022 + Math.floor(rand() * 4);
        insertStudent.run({
          userId,
          teacher: ownerId,
          first,
          last,
          parent: `${pick(FIRST)} ${pick(LAST)}`,
          email,
          phone: `+972 5${Math.floor(rand() * 10)} ${Math.floor(rand() * 10_000_000)}`,
          program: pick(PROGRAMS),
          start: `${year}-${pad(1 + Math.floor(rand() * 12))}-${pad(1 + Math.floor(rand() * 28))}`,
          end: `${year + 1}-${pad(1 + Math.floor(rand() * 12))}-${pad(1 + Math.floor(rand() * 28))}`,
          lessons: 1 + Math.floor(rand() * 60),
          now,
        });
        total += 1;
      }
    }
  });
  run();
  db.close();
  return { ms: Date.now() - started, students: total };
}
