/**
 * The real backend (server/main.ts) as its own process on loopback, for the hardening drills
 * (crash.ts, load.ts): a free port, start-up, waiting until it serves, and JSON calls to it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export { freePort } from '../../e2e/support';

export interface Backend {
  child: ChildProcess;
  exited: Promise<void>;
  /** The last 200 chunks of its stdout and stderr, for error messages. */
  output: string[];
}

/**
 * One node process (tsx as a loader, not as a wrapper), so a SIGKILL hits the server itself.
 * `demo` seeds the demo data on the first start of a data directory.
 */
export function startBackend(options: { port: number; dataDir: string; demo: boolean; env?: NodeJS.ProcessEnv }): Backend {
  const output: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', path.join('server', 'main.ts'), ...(options.demo ? ['--demo'] : [])], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      DIST_DIR: path.join(options.dataDir, 'dist'),
      PORTAL_DEMO: options.demo ? '1' : '0',
      LOG_LEVEL: 'warn',
      // Many clients share one address here: behind a proxy each would have its own.
      TRUST_PROXY: '1',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return { child, exited, output };
}

/** Polls a public page until the backend answers; returns how long that took. */
export async function waitServing(base: string, backend: Backend, limitMs: number): Promise<number> {
  const t0 = performance.now();
  for (;;) {
    try {
      const res = await fetch(`${base}/wp-json/wp/v2/pages/51`, { signal: AbortSignal.timeout(1000) });
      if (res.ok) return performance.now() - t0;
    } catch {
      // not yet
    }
    if (backend.child.exitCode !== null) throw new Error(`the backend exited while starting:\n${backend.output.join('')}`);
    if (performance.now() - t0 > limitMs) throw new Error(`the backend did not serve within ${limitMs} ms:\n${backend.output.join('')}`);
    await sleep(20);
  }
}

export interface Answer {
  status: number;
  body: unknown;
}

/** One JSON call; `ip` is sent as X-Forwarded-For so per-address limits see many clients. */
export async function callJson(
  base: string,
  method: 'GET' | 'POST',
  urlPath: string,
  options: { body?: unknown; token?: string; ip?: string; timeoutMs?: number } = {},
): Promise<Answer> {
  const { body, token, ip, timeoutMs = 10_000 } = options;
  const res = await fetch(`${base}${urlPath}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(ip ? { 'x-forwarded-for': ip } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, body: parsed };
}
