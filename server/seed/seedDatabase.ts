/**
 * Fills a database on first start: the demo data (docs/spec/demo-data.md, from ./demoData) into an
 * empty embedded database, or only the first administrator into an empty production database.
 */
import type { Db } from '../db/connection';
import * as q from '../db/queries';
import type { PasswordHasher } from '../domain/passwords';
import { insertAccount } from '../domain/users';
import type { MediaStorage } from '../media/storage';
import type { SeedPage, SeedStudent, SeedUser } from './demoData';

export interface DemoSource {
  users(): SeedUser[];
  students(): SeedStudent[];
  pages(): SeedPage[];
  /** Writes the instruction images, lesson plans and videos to the media storage; idempotent. */
  generateAssets(storage: MediaStorage): Promise<void>;
}

export interface SeedContext {
  db: Db;
  hasher: PasswordHasher;
  clock: () => Date;
}

/** Content dates: a fixed day, one minute apart in id order, so lists sort the same on every install. */
function pageDate(id: number): string {
  return new Date(Date.UTC(2025, 7, 1, 9, 0, 0) + id * 60_000).toISOString();
}

/** Writes the content pages (insert or replace by id); a franchise can load any WordPress-like content this way. */
export async function writePages(db: q.Executor, pages: readonly SeedPage[]): Promise<void> {
  for (const p of pages) {
    const date = pageDate(p.id);
    await q.upsertPage(db, {
      id: p.id,
      parent: p.parent,
      title: p.title,
      slug: p.slug,
      status: 'publish',
      menu_order: p.menuOrder,
      content: p.contentHtml,
      excerpt: '',
      date,
      modified: date,
      meta_json: JSON.stringify(Object.fromEntries(Object.entries(p.meta).map(([k, v]) => [k, String(v)]))),
      fields_json: JSON.stringify(p.fields),
    });
  }
}

async function hashAll(hasher: PasswordHasher, users: readonly SeedUser[]): Promise<Map<string, string>> {
  const hashes = new Map<string, string>();
  // A few at a time: argon2 runs on libuv's thread pool.
  for (let i = 0; i < users.length; i += 4) {
    const batch = users.slice(i, i + 4);
    const done = await Promise.all(batch.map((u) => hasher.hash(u.password)));
    batch.forEach((u, j) => hashes.set(u.username, done[j] ?? ''));
  }
  return hashes;
}

/**
 * Seeds the demo data when the database has no user yet; returns whether it did. Users, student
 * records and pages go in one transaction; the asset files are generated afterwards.
 */
export async function seedDemo(ctx: SeedContext, source: DemoSource, media: MediaStorage | null): Promise<boolean> {
  if ((await q.countUsers(ctx.db.kysely)) > 0) return false;
  const users = source.users();
  const students = source.students();
  // Teachers before their students, so every teacher_id names an existing user.
  const ordered = [...users.filter((u) => !u.teacherUsername), ...users.filter((u) => u.teacherUsername)];
  const hashes = await hashAll(ctx.hasher, ordered);
  const now = ctx.clock();
  await q.inTransaction(ctx.db, async (trx) => {
    const ids = new Map<string, number>();
    const idOf = (username: string, what: string): number => {
      const id = ids.get(username);
      if (id === undefined) throw new Error(`demo data: ${what} names unknown user "${username}"`);
      return id;
    };
    for (const u of ordered) {
      const id = await insertAccount(
        trx,
        hashes.get(u.username) ?? '',
        {
          username: u.username,
          email: u.email,
          displayName: u.displayName,
          firstName: u.firstName,
          lastName: u.lastName,
          role: u.role,
          country: u.country,
          state: u.state,
          territory: u.territory,
          teacherId: u.teacherUsername ? idOf(u.teacherUsername, `user ${u.username}`) : null,
        },
        now,
      );
      ids.set(u.username, id);
    }
    for (const s of students) {
      await q.insertStudent(trx, {
        user_id: idOf(s.username, 'a student record'),
        teacher_id: idOf(s.teacherUsername, `student ${s.username}`),
        student_first_name: s.firstName,
        student_last_name: s.lastName,
        parent_name: s.parentName,
        parent_email: s.parentEmail.toLowerCase(),
        phone: s.phone,
        program: s.program,
        lessons_start_date: s.startDate,
        lessons_end_date: s.endDate,
        number_of_lessons: s.numberOfLessons,
        created_at: now.toISOString(),
      });
    }
    await writePages(trx, source.pages());
  });
  if (media !== null) await source.generateAssets(media);
  return true;
}

export class FirstAdminMissing extends Error {}

export interface FirstAdmin {
  username: string;
  email: string;
  password: string | null;
}

/** An empty production database gets its first administrator, with the password the operator supplies. */
export async function ensureFirstAdmin(ctx: SeedContext, admin: FirstAdmin): Promise<'exists' | 'created'> {
  if ((await q.countUsers(ctx.db.kysely)) > 0) return 'exists';
  if (admin.password === null || admin.password.length < 10) {
    throw new FirstAdminMissing(
      'The database has no user yet: set ADMIN_PASSWORD (at least 10 characters) and, if you like, ADMIN_USERNAME and ADMIN_EMAIL to create the first administrator.',
    );
  }
  await insertAccount(
    ctx.db.kysely,
    await ctx.hasher.hash(admin.password),
    {
      username: admin.username,
      email: admin.email,
      displayName: 'Administrator',
      firstName: 'Site',
      lastName: 'Administrator',
      role: 'administrator',
      country: '',
      state: '',
      territory: '',
      teacherId: null,
    },
    ctx.clock(),
  );
  return 'created';
}
