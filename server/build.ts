/** `--build-if-needed`: builds the app when dist/index.html is missing or older than anything in src/. */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    const t = entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs;
    if (t > newest) newest = t;
  }
  return newest;
}

export function appBuildNeeded(rootDir: string, distDir: string): boolean {
  const index = path.join(distDir, 'index.html');
  if (!existsSync(index)) return true;
  const src = path.join(rootDir, 'src');
  return existsSync(src) && newestMtime(src) > statSync(index).mtimeMs;
}

/** Runs the production build; resolves with its exit code. */
export function runAppBuild(rootDir: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('npx', ['webpack', '--mode', 'production'], { cwd: rootDir, stdio: 'inherit', env: process.env });
    child.on('error', () => resolve(1));
    child.on('exit', (code) => resolve(code ?? 1));
  });
}
