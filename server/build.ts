/** Whether the app's production build is stale, and running it: `--build-if-needed`, `npm run e2e` and `npm run bench` use these. */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** What the production build reads: a change to any of them makes dist/ stale. */
const BUILD_INPUTS = ['contract', 'src', 'public', 'config', 'webpack.config.ts', 'package-lock.json'];

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(entry).map((name) => newestMtime(path.join(entry, name))));
}

/** True when dist/ has no build, or `marker` (a file the build writes) is older than any build input. */
export function appBuildNeeded(rootDir: string, distDir: string, marker = 'index.html'): boolean {
  const built = path.join(distDir, marker);
  if (!existsSync(path.join(distDir, 'index.html')) || !existsSync(built)) return true;
  return Math.max(...BUILD_INPUTS.map((input) => newestMtime(path.join(rootDir, input)))) > statSync(built).mtimeMs;
}

/**
 * Runs the production build; resolves with its exit code. webpack runs as a direct child (not via
 * npx and a shell, which would leave it running when killed), so `signal` stops it.
 */
export function runAppBuild(rootDir: string, signal?: AbortSignal): Promise<number> {
  return new Promise((resolve) => {
    const webpackCli = path.join(rootDir, 'node_modules', 'webpack-cli', 'bin', 'cli.js');
    const child = spawn(process.execPath, [webpackCli, '--mode', 'production'], { cwd: rootDir, stdio: 'inherit', env: process.env, signal });
    child.on('error', () => resolve(1));
    child.on('exit', (code) => resolve(code ?? 1));
  });
}
