/**
 * The server as `npm start` runs it, as a real process: the first administrator of a production
 * database, every acknowledged write surviving a kill -9, and graceful shutdown on SIGTERM, also
 * when the SIGTERM goes to the `npm start` that launched it.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { freePort, startServer as start, waitForOutput } from '../serverProcess';
import { tempDirEachTest } from '../tempDir';

const ROOT = path.resolve(__dirname, '..', '..', '..');
function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => socket.destroy() && resolve(true));
    socket.once('error', () => resolve(false));
  });
}

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

async function call(base: string, urlPath: string, body: unknown, token?: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(base + urlPath, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as unknown };
}

describe('server process', () => {
  const dir = tempDirEachTest('portal-main-');

  test('an empty production database without ADMIN_PASSWORD: refuses to start and says why', async () => {
    const p = start({ DATA_DIR: dir(), DIST_DIR: path.join(dir(), 'dist'), PORTAL_DEMO: '0', PORT: String(await freePort()) });
    expect(await p.exited).toBe(2);
    expect(p.output()).toMatch(/ADMIN_PASSWORD/);
  }, 30_000);

  test('first administrator; writes survive kill -9; SIGTERM shuts down cleanly', async () => {
    const port = await freePort();
    const env = { DATA_DIR: dir(), DIST_DIR: path.join(dir(), 'dist'), PORTAL_DEMO: '0', PORT: String(port), HOST: '127.0.0.1', ADMIN_USERNAME: 'boss', ADMIN_EMAIL: 'boss@x.test', ADMIN_PASSWORD: 'first-admin-password' };
    const base = `http://127.0.0.1:${port}`;
    const first = start(env);
    await waitForOutput(first, /is running at/);
    const login = await call(base, '/wp-json/jwt-auth/v1/token', { username: 'boss', password: 'first-admin-password' });
    expect(login.status).toBe(200);
    const token = (login.body as { token: string }).token;
    const config = await (await fetch(`${base}/portal-config.js`)).text();
    const authKey = /"authKey":"([^"]+)"/.exec(config)?.[1] ?? '';
    const created = await call(base, '/wp-json/wl/v1/create_franchise_owner', { AUTH_KEY: authKey, FirstName: 'Kai', LastName: 'Lee', Email: 'kai@x.test', Country: 'Korea', State: 'Seoul', Territory: 'Gangnam' }, token);
    expect(created).toMatchObject({ status: 200, body: { status: 'email_sent' } });
    const student = await call(base, '/wp-json/wl/v1/create_student', { AUTH_KEY: authKey, ParentName: 'P', StudentFirstName: 'S', StudentLastName: 'T', ParentEmail: 'p@x.test', Phone: '123', Program: 'AlgoC', LessonStartDate: '2026-01-01', LessonEndDate: '2026-02-01', NumberOfLessons: 4, TeacherId: (created.body as { user_id: number }).user_id }, token);
    expect(student.body).toBe('email_sent');
    expect(first.output()).toMatch(/mail written to the outbox/);
    expect(first.output()).not.toContain('first-admin-password');
    first.child.kill('SIGKILL');
    await first.exited;

    const second = start(env);
    await waitForOutput(second, /is running at/);
    const students = await call(base, '/wp-json/wl/v1/get_all_students_data', { AUTH_KEY: authKey }, token);
    expect(students.status).toBe(200);
    expect(students.body).toEqual([expect.objectContaining({ parent_email: 'p@x.test', program: 'AlgoC' })]);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(second.output()).toMatch(/shutting down/);
    expect(second.output()).toMatch(/"stopped"|stopped/);
  }, 60_000);

  test('npm start on a fresh machine: seeds the demo data, serves its images, lesson plans and videos, prints the sign-ins', async () => {
    const port = await freePort();
    const env = { DATA_DIR: dir(), DIST_DIR: path.join(dir(), 'dist'), PORT: String(port), HOST: '127.0.0.1' };
    const base = `http://127.0.0.1:${port}`;
    const p = start(env, ['--demo']);
    await waitForOutput(p, /is running at/, 40_000);
    for (const line of [/administrator\s+admin\s+demo-admin-2026/, /franchise_owner\s+dana\s+demo-owner-2026/, /student\s+mia\s+demo-student-2026/]) expect(p.output()).toMatch(line);
    // Lesson media go (signed) to who may open the lesson: the administrator here.
    const signIn = await fetch(`${base}/wp-json/jwt-auth/v1/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'demo-admin-2026' }) });
    const headers = { authorization: `Bearer ${((await signIn.json()) as { token: string }).token}` };
    const lessons = (await (await fetch(`${base}/wp-json/wp/v2/pages?parent=130&per_page=100`, { headers })).json()) as Record<string, unknown>[];
    const catapult = lessons.find((l) => (l.title as { rendered: string }).rendered === 'Catapult') ?? {};
    const page = (await (await fetch(`${base}/wp-json/wp/v2/pages/${String(catapult.id)}`, { headers })).json()) as Record<string, unknown>;
    const urls: string[] = [];
    const walk = (v: unknown): void => {
      if (typeof v === 'string' && v.startsWith(base)) urls.push(v);
      else if (Array.isArray(v)) v.forEach(walk);
      else if (typeof v === 'object' && v !== null) Object.values(v).forEach(walk);
    };
    walk(page);
    expect(urls.some((u) => u.includes('/progrmas/PlayMachines1/'))).toBe(true);
    expect(urls.some((u) => u.includes('/content/'))).toBe(true);
    for (const url of urls) {
      const res = await fetch(url);
      expect({ url, status: res.status }).toEqual({ url, status: 200 });
    }
    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);

    const again = start(env, ['--demo']);
    await waitForOutput(again, /is running at/, 40_000);
    expect(again.output()).toMatch(/seeded on an earlier start/);
    again.child.kill('SIGINT');
    expect(await again.exited).toBe(0);
  }, 90_000);

  test('SIGTERM to `npm start` stops the server: the port is freed and no process is left behind', async () => {
    const port = await freePort();
    const distDir = path.join(dir(), 'dist');
    mkdirSync(distDir);
    writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>built</title>');
    let out = '';
    // Its own process group, so that whatever npm leaves behind can be found and cleaned up.
    const npm = spawn('npm', ['start'], {
      cwd: ROOT,
      detached: true,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ARGON2_MEMORY_KIB: '1024', ARGON2_TIME_COST: '1', DATA_DIR: dir(), DIST_DIR: distDir, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const pgid = npm.pid ?? 0;
    npm.stdout.on('data', (d: Buffer) => (out += d.toString()));
    npm.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const exited = new Promise<number | null>((resolve) => npm.on('exit', (code) => resolve(code)));
    try {
      await waitForOutput({ child: npm, output: () => out, exited }, /is running at/, 40_000);
      expect(await portAnswers(port)).toBe(true);
      npm.kill('SIGTERM');
      await exited;
      const until = Date.now() + 5_000;
      while (groupAlive(pgid) && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
      expect(groupAlive(pgid)).toBe(false);
      expect(await portAnswers(port)).toBe(false);
    } finally {
      if (groupAlive(pgid)) process.kill(-pgid, 'SIGKILL');
    }
  }, 60_000);
});
