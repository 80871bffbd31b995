/**
 * Starts the real portal backend (server/main.ts) as a child process on a free port, on a fresh
 * temporary data directory seeded with the demo data, serving the production build from dist/.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '..', '..');
export const DIST_DIR = path.join(ROOT, 'dist');
export const ARTIFACTS_DIR = path.join(ROOT, 'e2e', 'artifacts');

export interface Portal {
  /** e.g. http://127.0.0.1:41234 (no trailing slash) */
  baseUrl: string;
  dataDir: string;
  /** The server's output (stdout and stderr) goes here. */
  logFile: string;
  stop(): Promise<void>;
}

export interface StartPortalOptions {
  /** Extra environment for the server (e.g. { QA_PANEL: '1' }). */
  env?: Record<string, string>;
  /** How long to wait for the server to answer; seeding the demo data and images takes a while. */
  timeoutMs?: number;
}

/** A TCP port nobody is listening on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let started = 0;

/**
 * Starts a portal for a test file. With E2E_BASE_URL set, uses the portal already running there
 * instead (a dev machine, a staging site) and stops nothing.
 */
export async function startPortal(options: StartPortalOptions = {}): Promise<Portal> {
  const external = process.env.E2E_BASE_URL;
  if (external) return { baseUrl: external.replace(/\/+$/, ''), dataDir: '', logFile: '', stop: async () => {} };
  if (!existsSync(path.join(DIST_DIR, 'index.html'))) {
    throw new Error('dist/index.html is missing: run `npm run e2e` (it builds first) or `npx webpack --mode production`.');
  }
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  started += 1;
  const logFile = path.join(ARTIFACTS_DIR, `portal-${process.pid}-${started}.log`);
  const log = createWriteStream(logFile);

  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join('server', 'main.ts'), '--demo'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DIST_DIR,
      PORTAL_DEMO: '1',
      LOG_LEVEL: 'warn',
      // Fast password hashing keeps the journeys quick; still argon2id.
      ARGON2_MEMORY_KIB: '1024',
      ARGON2_TIME_COST: '1',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  let exited: number | null = null;
  const exitPromise = new Promise<void>((resolve) => {
    child.on('exit', (code) => {
      exited = code ?? 1;
      resolve();
    });
  });

  const stop = async () => {
    if (exited === null) {
      child.kill('SIGTERM');
      const forced = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exitPromise;
      clearTimeout(forced);
    }
    log.end();
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + (options.timeoutMs ?? 90_000);
  for (;;) {
    if (exited !== null) {
      await stop();
      throw new Error(`the portal backend exited with code ${exited} before it was ready; see ${logFile}`);
    }
    try {
      const res = await fetch(`${baseUrl}/portal-config.js`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the portal backend did not answer within ${options.timeoutMs ?? 90_000} ms; see ${logFile}`);
    }
    await sleep(250);
  }
  return { baseUrl, dataDir, logFile, stop };
}
