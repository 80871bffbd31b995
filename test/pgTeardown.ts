/** Jest global teardown of the server project: stops the cluster pgSetup.ts started (none when TEST_DATABASE_URL was given). */
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';

export default function teardown(): void {
  const dir = process.env.TEST_PG_CLUSTER_DIR;
  if (!dir) return;
  execFileSync('bash', [path.resolve(__dirname, '../server/test/pgCluster.sh'), 'stop', dir], { env: { ...process.env, PG_CLUSTER_STATE: '' }, stdio: 'inherit' });
  rmSync(dir, { recursive: true, force: true });
}
