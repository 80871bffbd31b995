/** The server as a real process (`node --import tsx server/main.ts`), for tests of start-up and shutdown. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');
// node with tsx's loader in-process (the tsx wrapper would run the server in a child process, and a kill -9 would miss it).
const NODE_ARGS = ['--import', 'tsx'];

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** Starts the server with only `env` (plus PATH, HOME, a cheap password hash and info logs). */
export function startServer(env: Record<string, string>, args: string[] = [], spawnOptions: { detached?: boolean } = {}): ServerProcess {
  let out = '';
  const child = spawn(process.execPath, [...NODE_ARGS, path.join(ROOT, 'server', 'main.ts'), ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ARGON2_MEMORY_KIB: '1024', ARGON2_TIME_COST: '1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...spawnOptions,
  });
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

export async function waitForOutput(p: ServerProcess, pattern: RegExp, ms = 20_000): Promise<void> {
  const until = Date.now() + ms;
  while (!pattern.test(p.output())) {
    if (p.child.exitCode !== null || Date.now() > until) throw new Error(`no ${String(pattern)} in:\n${p.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
