/**
 * Jest global setup of the server project: every API test runs on SQLite and on PostgreSQL. With
 * TEST_DATABASE_URL set (CI, or a developer's own server) that database is used; without it a
 * throwaway cluster is started here (server/test/pgCluster.sh, Debian's postgresql package) and
 * stopped by pgTeardown.ts, so a plain `npm test` runs both halves too and skips nothing.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const SCRIPT = path.resolve(__dirname, '../server/test/pgCluster.sh');

export default function setup(): void {
  if (process.env.TEST_DATABASE_URL) return;
  const dir = mkdtempSync(path.join(tmpdir(), 'youngengineer-test-pg-'));
  let out: string;
  try {
    // No state file: this run's cluster is found by its folder, never another run's.
    out = execFileSync('bash', [SCRIPT, 'start', dir], { env: { ...process.env, PG_CLUSTER_STATE: '' }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  } catch {
    throw new Error(
      'The server tests run on PostgreSQL as well as SQLite, and none could be started: install PostgreSQL (apt-get install -y postgresql) or set TEST_DATABASE_URL to a database the tests may use.',
    );
  }
  // Test workers start after the global setup and inherit these.
  process.env.TEST_DATABASE_URL = out.trim().split('\n').at(-1);
  process.env.TEST_PG_CLUSTER_DIR = dir;
}
