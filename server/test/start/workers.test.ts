/**
 * WORKERS: one machine uses every core. The primary prepares the database, then runs that many
 * server processes on one port; every one serves, a worker that dies is replaced while the others
 * go on serving, and SIGTERM stops them all gracefully.
 */
import { get, type ClientRequest } from 'node:http';
import path from 'node:path';
import { freePort, startServer, waitForOutput, type ServerProcess } from '../serverProcess';
import { tempDirEachTest } from '../tempDir';

/** One request on its own connection (the cluster hands out connections, not requests). */
function status(port: number, urlPath: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port, path: urlPath, agent: false, timeout: 5000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    })
      .on('timeout', function (this: ClientRequest) {
        this.destroy(new Error('no answer in 5 s'));
      })
      .on('error', reject);
  });
}

/** The pids of the processes that logged "Server listening" (the workers), in order. */
function listeningPids(p: ServerProcess): number[] {
  return p
    .output()
    .split('\n')
    .filter((line) => line.includes('Server listening'))
    .map((line) => (JSON.parse(line) as { pid: number }).pid);
}

/** The pids of the processes that logged an answered request. */
function answeringPids(p: ServerProcess): Set<number> {
  const pids = new Set<number>();
  for (const line of p.output().split('\n')) {
    if (!line.startsWith('{') || !line.includes('"msg":"request"')) continue;
    pids.add((JSON.parse(line) as { pid: number }).pid);
  }
  return pids;
}

describe('WORKERS', () => {
  const dir = tempDirEachTest('portal-workers-');

  test('two workers share the port, a killed one is replaced without a failed request, SIGTERM stops all', async () => {
    const port = await freePort();
    const p = startServer({ DATA_DIR: dir(), DIST_DIR: path.join(dir(), 'dist'), PORT: String(port), HOST: '127.0.0.1', WORKERS: '2' }, ['--demo']);
    try {
      await waitForOutput(p, /is running at/, 60_000);
      expect(listeningPids(p)).toHaveLength(2);
      // The log line and the banner go out through different streams: either may come first.
      await waitForOutput(p, /"msg":"all workers listening"/, 10_000);
      expect(p.output()).toMatch(/"workers":2,"msg":"all workers listening"/);

      const statuses = await Promise.all(Array.from({ length: 20 }, () => status(port, '/wp-json/wp/v2/pages?per_page=1')));
      expect(new Set(statuses)).toEqual(new Set([200]));
      await new Promise((r) => setTimeout(r, 200));
      expect(answeringPids(p).size).toBe(2);
      const [victim] = listeningPids(p);
      process.kill(victim!, 'SIGKILL');
      // Once the primary knows (a connection handed over in the very moment of the kill is lost, as with
      // any process killed mid-request), and until the replacement listens, the other answers every request.
      await waitForOutput(p, /a worker stopped: starting another/);
      const during: number[] = [];
      const until = Date.now() + 30_000;
      while (listeningPids(p).length < 3 && Date.now() < until) {
        during.push(await status(port, '/wp-json/').catch(() => 0));
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(during.length).toBeGreaterThan(0);
      expect(listeningPids(p)).toHaveLength(3);
      expect(during.filter((s) => s !== 200)).toEqual([]);
      p.child.kill('SIGTERM');
      expect(await p.exited).toBe(0);
      for (const pid of listeningPids(p)) expect(() => process.kill(pid, 0)).toThrow();
    } finally {
      if (p.child.exitCode === null) p.child.kill('SIGKILL');
    }
  }, 120_000);

  test('WORKERS is a number or auto; the embedded database runs one process unless told otherwise', async () => {
    const { loadConfig } = await import('../../config');
    const base = { DATA_DIR: dir() };
    expect(loadConfig(base, []).workers).toBe(1);
    expect(loadConfig({ ...base, WORKERS: '3' }, []).workers).toBe(3);
    expect(loadConfig({ ...base, WORKERS: 'auto' }, []).workers).toBeGreaterThanOrEqual(1);
    expect(() => loadConfig({ ...base, WORKERS: 'many' }, [])).toThrow(/WORKERS must be an integer/);
    const production = { DATA_DIR: dir(), DATABASE_URL: 'postgres://x/y', PUBLIC_URL: 'https://p.example', JWT_SECRET: 'j'.repeat(40), AUTH_KEY: 'k'.repeat(20) };
    expect(loadConfig(production, []).workers).toBe((await import('node:os')).availableParallelism());
  });
});
