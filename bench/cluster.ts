/**
 * The content reads through the many-machines reference deployment: deploy/local-cluster.sh
 * on free ports (3 instances on one PostgreSQL behind HAProxy, demo content), the programs list, a
 * program's models and one lesson at 50 connections, with and without Accept-Encoding, 3 rounds;
 * p99 at most 50 ms for each. Needs Debian's postgresql and haproxy (as the cluster tests do).
 * Standalone: `npx tsx bench/cluster.ts`; in `npm run bench` as 'cluster'.
 */
import { CONTENT_IDS } from '../contract';
import { cluster } from '../deploy/test/cluster';
import startCluster from '../deploy/test/clusterSetup';
import stopCluster from '../deploy/test/clusterTeardown';
import { sleep } from './lib/backendProcess';
import { loadRound, type LoadRound } from './lib/httpLoad';
import { FigureSink, median, round } from './lib/results';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.CLUSTER_BENCH_SECONDS ?? 8);
const ROUNDS = 3;
const P99_GOAL_MS = 50;
const PROGRAM = 167;

export async function clusterBench(_ctx: unknown, sink: FigureSink): Promise<void> {
  await startCluster();
  try {
    const { balancerUrl } = cluster();
    const models = (await (await fetch(`${balancerUrl}/wp-json/wp/v2/pages?parent=${PROGRAM}&per_page=100`)).json()) as { id: number; title: { rendered: string } }[];
    const lesson = models.find((m) => m.title.rendered === 'Lawn Mower') ?? models[0];
    if (!lesson) throw new Error(`program ${PROGRAM} has no models on the cluster`);
    const reads = [
      { name: 'programs list', path: `/wp-json/wp/v2/pages?parent=${CONTENT_IDS.programsRoot}&per_page=100` },
      { name: "a program's models", path: `/wp-json/wp/v2/pages?parent=${PROGRAM}&per_page=100` },
      { name: `one lesson (${lesson.title.rendered})`, path: `/wp-json/wp/v2/pages/${lesson.id}` },
    ];
    const encodings: { name: string; headers: Record<string, string> }[] = [
      { name: 'identity', headers: {} },
      { name: 'brotli', headers: { 'accept-encoding': 'br, gzip' } },
    ];
    for (const read of reads) for (const e of encodings) await loadRound({ method: 'GET', url: `${balancerUrl}${read.path}`, headers: e.headers }, { connections: 10, seconds: 2 });
    const results = new Map<string, LoadRound[]>();
    for (let r = 0; r < ROUNDS; r++) {
      for (const read of reads) {
        for (const e of encodings) {
          await sleep(1000);
          const key = `${read.name}, ${e.name}`;
          results.set(key, [...(results.get(key) ?? []), await loadRound({ method: 'GET', url: `${balancerUrl}${read.path}`, headers: e.headers }, { connections: CONNECTIONS, seconds: SECONDS })]);
        }
      }
    }
    const note = `3 instances behind HAProxy, medians of ${ROUNDS} rounds x ${SECONDS} s, ${CONNECTIONS} connections`;
    for (const [key, rounds] of results) {
      const errors = rounds.reduce((sum, x) => sum + x.errors, 0);
      sink.add({ metric: `${key} through the balancer: requests/s`, value: round(median(rounds.map((x) => x.rps)), 0), unit: 'req/s', note: `${note}; ${round(median(rounds.map((x) => x.bytesPerAnswer)) / 1024, 1)} KB per answer` });
      sink.addGoal({ metric: `${key} through the balancer: p99`, value: round(median(rounds.map((x) => x.p99)), 1), unit: 'ms' }, P99_GOAL_MS);
      sink.add({ metric: `${key} through the balancer: errors`, value: errors, unit: `of ${rounds.reduce((sum, x) => sum + x.total, 0)}`, goal: '0', pass: errors === 0 });
    }
  } finally {
    stopCluster();
  }
}

if (require.main === module) {
  const sink = new FigureSink('cluster');
  clusterBench(null, sink).then(
    () => process.exit(sink.figures.some((f) => f.pass === false) ? 1 : 0),
    (err: unknown) => {
      console.error(err);
      process.exit(2);
    },
  );
}
