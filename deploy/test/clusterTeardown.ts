/** Jest global teardown of the cluster project: stops what clusterSetup.ts started. */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

export default function teardown(): void {
  const dir = process.env.CLUSTER_DIR;
  if (!dir) return;
  execFileSync('bash', [path.resolve(__dirname, '../../deploy/local-cluster.sh'), 'stop'], { env: { ...process.env, CLUSTER_DIR: dir }, stdio: 'inherit' });
}
