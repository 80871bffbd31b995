/**
 * Limits that must hold across the instances behind the balancer: counted in
 * the database, atomically, so no instance lets more through.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client as PgClient } from 'pg';
import { DEMO, PATHS, client, cluster, errorCode } from './cluster';

const { balancerUrl, instanceUrls, databaseUrl, authKey } = cluster();
const KEY = { AUTH_KEY: authKey };

/** One of many loopback addresses, so that the per-address limit (50) never stops the guesses first. */
const guesser = (i: number) => `127.0.${10 + Math.floor(i / 250)}.${(i % 250) + 1}`;

test('login limits hold across instances: 100 wrong passwords (a day, NIST 800-63B) through the balancer, then 429 from every instance', async () => {
  const wrong = [];
  for (let i = 0; i < 100; i += 1) wrong.push(await client(balancerUrl, guesser(i)).post(PATHS.token, { username: DEMO.lee.username, password: 'not-the-password' }));
  expect(wrong.map((a) => a.status)).toEqual(Array(100).fill(403));
  expect(new Set(wrong.map((a) => a.instance)).size).toBe(3);
  for (const url of instanceUrls) {
    // The right password from another address: the account's limit, not the address's.
    const blocked = await client(url, '127.0.0.22').post(PATHS.token, { username: DEMO.lee.username, password: DEMO.lee.password });
    expect({ instance: blocked.instance, status: blocked.status, code: errorCode(blocked) }).toEqual({ instance: blocked.instance, status: 429, code: 'too_many_attempts' });
  }
});

test('500 concurrent wrong passwords for one account from 500 addresses through the balancer: no more than 100 checked, the rest 429', async () => {
  // An account name nobody has is counted the same way (the answer does not tell which exist).
  const answers = await Promise.all(Array.from({ length: 500 }, (_, i) => client(balancerUrl, guesser(i)).post(PATHS.token, { username: 'burst.target', password: `guess-${i}` })));
  const statuses = answers.map((a) => a.status);
  expect({ checked: statuses.filter((s) => s === 403).length, refused: statuses.filter((s) => s === 429).length }).toEqual({ checked: 100, refused: 400 });
  expect(new Set(answers.map((a) => a.instance)).size).toBe(3);
});

/** A demo student of maria's with a password set by the operator command (npm run admin). */
async function studentWithPassword(): Promise<{ username: string; password: string }> {
  const pg = new PgClient({ connectionString: databaseUrl });
  await pg.connect();
  try {
    const row = await pg.query<{ username: string }>(
      "select u.username from users u join users t on t.id = u.teacher_id where t.username = 'maria' and u.role = 'student' and u.username <> 'mia' order by u.id limit 1",
    );
    const username = row.rows[0]?.username;
    if (!username) throw new Error('no student of maria');
    const password = 'scale-out-guess-2026';
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cluster-cli-'));
    try {
      execFileSync(process.execPath, ['--import', 'tsx', 'server/cli.ts', 'reset-password', '--login', username, '--password', password], {
        cwd: path.resolve(__dirname, '../..'),
        env: { ...process.env, DATABASE_URL: databaseUrl, PUBLIC_URL: balancerUrl, DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(32), AUTH_KEY: authKey, ARGON2_MEMORY_KIB: '1024', ARGON2_TIME_COST: '1' },
        stdio: 'ignore',
      });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    return { username, password };
  } finally {
    await pg.end();
  }
}

test('500 concurrent wrong codes through the balancer: no more than 10 checked, the rest 429', async () => {
  const balancer = client(balancerUrl, '127.0.0.23');
  const admin = await balancer.login(DEMO.admin.username, DEMO.admin.password);
  const lessons = (await balancer.get(`${PATHS.pages}?parent=167&per_page=100`, admin)).body as { id: number; title: { rendered: string } }[];
  const lesson = lessons.find((p) => p.title.rendered === 'Lawn Mower');
  if (!lesson) throw new Error('no lesson Lawn Mower');
  const student = await studentWithPassword();
  const token = await balancer.login(student.username, student.password);
  const answers = await Promise.all(
    Array.from({ length: 500 }, (_, i) => balancer.post(PATHS.unlock, { ...KEY, lesson_id: lesson.id, code: String(5000 + i) }, token)),
  );
  const checked = answers.filter((a) => a.status === 403 && errorCode(a) === 'wrong_code').length;
  const refused = answers.filter((a) => a.status === 429 && errorCode(a) === 'too_many_attempts').length;
  // Lawn Mower's code is 1357: none of the guesses is right.
  expect(checked).toBeLessThanOrEqual(10);
  expect(refused).toBe(500 - checked);
  const pg = new PgClient({ connectionString: databaseUrl });
  await pg.connect();
  try {
    const failures = await pg.query<{ n: string }>('select count(*) as n from unlock_failures f join users u on u.id = f.user_id where u.username = $1', [student.username]);
    expect(Number(failures.rows[0]?.n)).toBeLessThanOrEqual(10);
  } finally {
    await pg.end();
  }
});
