/**
 * Jest global setup of the cluster project (CLUSTER=1): starts deploy/local-cluster.sh on free
 * ports in a fresh folder, so it never meets another run's cluster; clusterTeardown.ts stops it.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A port p with p .. p + count - 1 all free. */
async function freePorts(count: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const base = 20_000 + Math.floor(Math.random() * 10_000);
    const free = await Promise.all(Array.from({ length: count }, (_, i) => portFree(base + i)));
    if (free.every(Boolean)) return base;
  }
  throw new Error('no free ports for the cluster');
}

export default async function setup(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'youngengineer-cluster-'));
  const port = await freePorts(5); // the balancer, 3 instances, the S3 test server
  const pgPort = await freePorts(1);
  const script = path.join(ROOT, 'deploy/local-cluster.sh');
  const env = {
    ...process.env,
    CLUSTER_DIR: dir,
    CLUSTER_PORT: String(port),
    CLUSTER_PG_PORT: String(pgPort),
    CLUSTER_INSTANCES: '3',
    // Cheap argon2id keeps many sign-ins fast on a shared CI machine; it is still argon2id.
    ARGON2_MEMORY_KIB: '1024',
    ARGON2_TIME_COST: '1',
    // The fault test signs up thousands of students as one owner: the per-owner mail limit is not what it measures.
    OWNER_MAILS_PER_HOUR: '1000000',
  };
  try {
    execFileSync('bash', [script, 'start'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  } catch (err) {
    // The script stopped what it had started; its folder goes too.
    execFileSync('bash', [script, 'stop'], { env, stdio: 'inherit' });
    throw err;
  }
  // Test workers start after the global setup and inherit this.
  process.env.CLUSTER_DIR = dir;
}
