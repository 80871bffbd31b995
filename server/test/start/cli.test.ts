import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runCli } from '../../cli';
import { openDb } from '../../db/connection';
import { createPasswordHasher } from '../../domain/passwords';

describe('npm run admin', () => {
  let dir: string;
  const saved = { ...process.env };
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'portal-cli-'));
    Object.assign(process.env, { DATA_DIR: dir, ARGON2_MEMORY_KIB: '1024', ARGON2_TIME_COST: '1' });
    delete process.env.DATABASE_URL;
  });
  afterEach(() => {
    process.env = { ...saved };
    rmSync(dir, { recursive: true, force: true });
  });

  async function run(...args: string[]): Promise<{ code: number; out: string }> {
    const lines: string[] = [];
    const code = await runCli(args, (l) => lines.push(l));
    return { code, out: lines.join('\n') };
  }

  test('create-admin, create-owner and reset-password write argon2id hashes; generated passwords are printed once', async () => {
    expect(await run('create-admin', '--username', 'Boss', '--email', 'boss@x.test', '--password', 'a-long-password')).toEqual({ code: 0, out: 'created administrator boss (id 1)' });
    const owner = await run('create-owner', '--username', 'ola', '--email', 'ola@x.test', '--first', 'Ola', '--last', 'Nordmann', '--country', 'Norway');
    expect(owner.code).toBe(0);
    const generated = /password: (\S+)/.exec(owner.out)?.[1] ?? '';
    expect(generated).toHaveLength(14);
    expect((await run('reset-password', '--login', 'ola@x.test', '--password', 'another-long-one')).code).toBe(0);

    const db = openDb({ kind: 'sqlite', file: path.join(dir, 'portal.sqlite') });
    try {
      const rows = await db.kysely.selectFrom('users').select(['username', 'role', 'password_hash', 'country']).orderBy('id').execute();
      expect(rows.map((r) => [r.username, r.role, r.country])).toEqual([['boss', 'administrator', ''], ['ola', 'franchise_owner', 'Norway']]);
      const hasher = createPasswordHasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 });
      expect(rows[0]?.password_hash).toMatch(/^\$argon2id\$/);
      expect(await hasher.verify(rows[1]?.password_hash ?? '', 'another-long-one')).toBe(true);
    } finally {
      await db.close();
    }
  });

  test('refusals: duplicates, unknown accounts, short passwords, unknown commands and flags', async () => {
    await run('create-admin', '--username', 'boss', '--email', 'boss@x.test', '--password', 'a-long-password');
    expect((await run('create-admin', '--username', 'boss', '--email', 'other@x.test')).code).toBe(1);
    expect((await run('create-owner', '--username', 'o2', '--email', 'BOSS@x.test', '--first', 'A', '--last', 'B')).code).toBe(1);
    expect((await run('create-owner', '--username', 'o3', '--email', 'o3@x.test')).out).toMatch(/--first is required/);
    expect((await run('reset-password', '--login', 'ghost')).code).toBe(1);
    expect((await run('create-admin', '--username', 'x', '--email', 'x@x.test', '--password', 'short')).out).toMatch(/at least 10/);
    expect((await run('frobnicate')).code).toBe(2);
    expect((await run('create-admin', '--bogus', '1')).code).toBe(2);
  });

  test('anonymise-ended runs the retention job once', async () => {
    await run('create-owner', '--username', 'ola', '--email', 'ola@x.test', '--first', 'Ola', '--last', 'Nordmann');
    const db = openDb({ kind: 'sqlite', file: path.join(dir, 'portal.sqlite') });
    try {
      const user = { email: 'kid@x.test', password_hash: '', display_name: 'Kid One', nicename: 'kid', first_name: 'Kid', last_name: 'One', role: 'student' as const, country: '', state: '', territory: '', teacher_id: 1, created_at: '2020-01-01T00:00:00Z' };
      const kid = await db.kysely.insertInto('users').values({ ...user, username: 'kid' }).returning('id').executeTakeFirstOrThrow();
      const student = { teacher_id: 1, student_first_name: 'Kid', student_last_name: 'One', parent_name: 'Pa', parent_email: 'kid@x.test', phone: '1', program: 'AlgoC', lessons_start_date: '2020-01-01', number_of_lessons: 4, created_at: '2020-01-01T00:00:00Z' };
      await db.kysely.insertInto('students').values({ ...student, user_id: kid.id, lessons_end_date: '2020-02-01' }).execute();
      expect(await run('anonymise-ended')).toEqual({ code: 0, out: expect.stringMatching(/^anonymised 1 student\(s\) whose lessons ended before \d{4}-\d{2}-\d{2}$/) });
      expect(await db.kysely.selectFrom('students').select(['student_first_name', 'parent_email']).execute()).toEqual([{ student_first_name: 'Erased', parent_email: '' }]);
      expect((await run('anonymise-ended')).out).toMatch(/^anonymised 0 /);
    } finally {
      await db.close();
    }
  });
});
