/** First start: the demo data the spec's demo data section fixes, in an empty embedded database, or only the first administrator. */
import { openDb } from '../../db/connection';
import { migrateTo, migrateToLatest } from '../../db/migrations';
import * as q from '../../db/queries';
import { createPasswordHasher } from '../../domain/passwords';
import { ensureFirstAdmin, FirstAdminMissing, seedDemo } from '../../seed/seedDatabase';
import type { WirePage, WireStudent, WireUser } from '../../../contract';
import { DEMO, PATHS, TEST_ARGON2, TEST_AUTH_KEY, demoSource, startTestServer, type TestServer } from '../harness';
import path from 'node:path';
import { tempDirEachTest } from '../tempDir';

describe('demo data as the demo data spec fixes it', () => {
  let s: TestServer;
  let users: WireUser[];
  let students: WireStudent[];
  beforeAll(async () => {
    s = await startTestServer({ dialect: 'sqlite' });
    const admin = await s.login('admin', DEMO.admin.password);
    users = (await s.post(PATHS.users, { AUTH_KEY: TEST_AUTH_KEY }, { token: admin })).body as WireUser[];
    students = (await s.post(PATHS.students, { AUTH_KEY: TEST_AUTH_KEY }, { token: admin })).body as WireStudent[];
  });
  afterAll(async () => {
    await s?.close();
  });

  test('the five accounts sign in with their demo passwords and roles', async () => {
    const expected = { admin: 'administrator', dana: 'franchise_owner', lee: 'franchise_owner', maria: 'franchise_owner', mia: 'student' } as const;
    for (const [name, role] of Object.entries(expected)) {
      const account = DEMO[name as keyof typeof DEMO];
      const res = await s.post(PATHS.token, { username: account.username, password: account.password });
      expect(res.body).toMatchObject({ user_email: account.email, user_roles: [role] });
    }
    const display = (await s.post(PATHS.token, { username: 'admin', password: DEMO.admin.password })).body as { user_display_name: string };
    expect(display.user_display_name).toBe('Office Admin');
  });

  test('owners have their students (Dana 8+, Lee 5+, Maria 12+), each record with a student user of that owner', () => {
    const idOf = (email: string) => users.find((u) => u.Email === email)?.user_id;
    const counts = { [DEMO.dana.email]: 8, [DEMO.lee.email]: 5, [DEMO.maria.email]: 12 };
    for (const [email, min] of Object.entries(counts)) {
      const ownerId = idOf(email);
      expect(students.filter((st) => st.teacher_id === ownerId).length).toBeGreaterThanOrEqual(min);
    }
    for (const st of students) {
      const user = users.find((u) => u.user_id === st.user_id);
      expect(user).toMatchObject({ role: 'student', teacher_id: st.teacher_id });
    }
    const mia = students.find((st) => st.user_id === users.find((u) => u.Email === DEMO.mia.email)?.user_id);
    expect(mia).toMatchObject({ student_first_name: 'Mia', student_last_name: 'Levi', program: 'Play Machines 1', teacher_id: idOf(DEMO.dana.email) });
    expect(new Set(students.map((st) => st.program)).size).toBeGreaterThan(2);
  });

  test('Mia has unlocked nothing', async () => {
    const token = await s.login('mia', DEMO.mia.password);
    for (const parent of [130, 167]) {
      const lessons = (await s.get(`${PATHS.pages}?parent=${parent}&per_page=100`, { token })).body as WirePage[];
      expect(lessons.filter((p) => p.unlocked === true)).toEqual([]);
    }
  });

  test('the fixed pages and codes', async () => {
    const admin = await s.login('admin', DEMO.admin.password);
    const page = async (id: number) => (await s.get(`${PATHS.pages}/${id}`, { token: admin })).body as WirePage;
    expect(await page(51)).toMatchObject({ parent: 0, title: { rendered: 'Terms of Use' } });
    expect(await page(127)).toMatchObject({ parent: 0 });
    expect(await page(130)).toMatchObject({ parent: 127, title: { rendered: 'Play Machines 1' }, metadata: { order: ['1'] } });
    expect(await page(167)).toMatchObject({ parent: 127, title: { rendered: 'Play Machines 2' }, metadata: { order: ['2'] } });
    expect(await page(7767)).toMatchObject({ parent: 127 });
    expect(await page(793)).toMatchObject({ parent: 130 });
    const programs = (await s.get(`${PATHS.pages}?parent=127&per_page=100`, { token: admin })).body as WirePage[];
    expect(programs.find((p) => p.title.rendered === 'Robotics 1')?.metadata?.hide).toEqual(['1']);
    const code = async (parent: number, title: string) =>
      ((await s.get(`${PATHS.pages}?parent=${parent}&per_page=100`, { token: admin })).body as WirePage[]).find((p) => p.title.rendered === title)?.metadata?.lesson_password;
    expect(await code(130, 'Catapult')).toEqual(['2468']);
    expect(await code(167, 'Lawn Mower')).toEqual(['1357']);
  });
});

describe('seeding rules', () => {
  const dir = tempDirEachTest('portal-seed-');

  test('demo data goes only into an empty database; the first administrator only into an empty one, with a password', async () => {
    const db = openDb({ kind: 'sqlite', file: path.join(dir(), 'p.sqlite') });
    try {
      await migrateToLatest(db);
      expect(await migrateToLatest(db)).toEqual([]);
      const ctx = { db, hasher: createPasswordHasher(TEST_ARGON2), clock: () => new Date() };
      await expect(ensureFirstAdmin(ctx, { username: 'root', email: 'root@x.test', password: null })).rejects.toBeInstanceOf(FirstAdminMissing);
      expect(await ensureFirstAdmin(ctx, { username: 'root', email: 'root@x.test', password: 'long-enough-pw' })).toBe('created');
      expect(await ensureFirstAdmin(ctx, { username: 'other', email: 'o@x.test', password: 'long-enough-pw' })).toBe('exists');
      expect(await seedDemo(ctx, demoSource, null)).toBe(false);
      expect(await q.countUsers(db.kysely)).toBe(1);
      expect(await q.listAllPages(db.kysely)).toEqual([]);
    } finally {
      await db.close();
    }
  });

  test('a database of the first schema is brought up to date without losing its users', async () => {
    const db = openDb({ kind: 'sqlite', file: path.join(dir(), 'older.sqlite') });
    try {
      await migrateTo(db, '001_initial');
      await db.kysely
        .insertInto('users')
        .values({
          username: 'older',
          email: 'older@x.test',
          password_hash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA',
          display_name: 'Older User',
          nicename: 'older',
          first_name: 'Older',
          last_name: 'User',
          role: 'franchise_owner',
          country: '',
          state: '',
          territory: '',
          teacher_id: null,
          created_at: '2026-01-01T00:00:00.000Z',
        })
        .execute();
      // Every later migration runs too; this one is the first.
      expect((await migrateToLatest(db))[0]).toBe('002_password_changed_at');
      const user = await q.findUserByUsername(db.kysely, 'older');
      expect(user).toMatchObject({ username: 'older', email: 'older@x.test', first_name: 'Older', password_changed_at: '' });
    } finally {
      await db.close();
    }
  });
});
