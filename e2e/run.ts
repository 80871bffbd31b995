/**
 * `npm run e2e [-- jest args]`: builds the app when dist/ is missing or older than its sources,
 * then runs the e2e Jest project (real chromium, real backend, production build).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { appBuildNeeded } from '../server/build';

const ROOT = path.resolve(__dirname, '..');

const run = (command: string, args: string[], env: NodeJS.ProcessEnv = process.env) =>
  spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env }).status ?? 1;

if (process.env.E2E_SKIP_BUILD !== '1' && appBuildNeeded(ROOT, path.join(ROOT, 'dist'))) {
  console.log('e2e: building the app (npx webpack --mode production)');
  const code = run('npx', ['webpack', '--mode', 'production']);
  if (code !== 0) process.exit(code);
}
// Arguments first: --selectProjects takes every word after it as a project name.
process.exit(run('npx', ['jest', ...process.argv.slice(2), '--selectProjects', 'e2e'], { ...process.env, E2E: '1' }));
