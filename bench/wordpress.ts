/**
 * Side by side with WordPress: the portal imports the WordPress peer's content with the
 * content studio's importer (server/cli.ts import-wordpress), so both serve the same programs, models
 * and galleries; then the same three anonymous reads (the programs list, a program's models, one
 * lesson) run on both servers in alternation (WordPress, portal, portal with brotli, next read, ...)
 * with the same load generator (lib/httpLoad.ts, 50 connections), for 3 rounds. It prints requests/s,
 * p99 and bytes per answer for each, and the ratio portal / WordPress as medians of the rounds.
 *
 * Needs the peer as a whole site: `../shared/peers/wordpress/setup.sh 8089` then `portal-setup.sh 8089`
 * (as root; WP_PEER_PORT names another port). setup.sh alone serves no step images (every /progrmas/
 * URL is a redirect loop there, and the import refuses such pages); portal-setup.sh's nginx serves
 * them. Without a peer the bench says so and measures nothing. The imported portal is kept in
 * bench/results/wordpress-import-PORT/ (the first import takes long; later ones are quick). The portal runs with WORKERS=auto (one
 * process per core) on its embedded database, as `npm start` would on this machine.
 * Standalone: `npx tsx bench/wordpress.ts`; in `npm run bench` as 'wordpress'.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { CONTENT_IDS } from '../contract';
import { freePort, sleep, startBackend, waitServing } from './lib/backendProcess';
import { loadRound, type LoadRound } from './lib/httpLoad';
import { FigureSink, median, round } from './lib/results';

const ROOT = path.resolve(__dirname, '..');
const CONNECTIONS = 50;
const SECONDS = Number(process.env.WP_BENCH_SECONDS ?? 10);
const ROUNDS = 3;
/** The peer's seeded ids (../shared/peers/wordpress/README.md): Play Machines 1, and Lawn Mower with 51 images. */
const PEER_PROGRAM = 130;
const PEER_LESSON = 168;
const RATIO_GOAL = 30;
const P99_GOAL_MS = 50;

interface Read {
  name: string;
  path: string;
}

const READS: Read[] = [
  { name: 'programs list', path: `/wp-json/wp/v2/pages?parent=${CONTENT_IDS.programsRoot}&per_page=100` },
  { name: "a program's models", path: `/wp-json/wp/v2/pages?parent=${PEER_PROGRAM}&per_page=100` },
  { name: 'one lesson', path: `/wp-json/wp/v2/pages/${PEER_LESSON}` },
];

type Server = 'wordpress' | 'portal' | 'portal, brotli';
const SERVERS: Server[] = ['wordpress', 'portal', 'portal, brotli'];

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(3000) })).ok;
  } catch {
    return false;
  }
}

/**
 * Titles of a list read, to check that both servers serve the same content. A program hidden with
 * its `hide` meta is left out: WordPress lists every published page, the portal's backend keeps a
 * hidden program from those who may not see it (the app never shows it either).
 */
async function titles(url: string): Promise<string[]> {
  const res = await fetch(url, { signal: AbortSignal.timeout(30_000) });
  type Page = { title: { rendered: string }; metadata?: { hide?: unknown } };
  const body = (await res.json()) as Page[] | Page;
  const hidden = (p: Page) => JSON.stringify(p.metadata?.hide ?? null) === '["1"]';
  return (Array.isArray(body) ? body : [body]).filter((p) => !hidden(p)).map((p) => p.title.rendered);
}

/**
 * The import goes into a folder kept between runs: the peer's thousands of step images take a long
 * first import (about 20 minutes on 2 cores); later runs skip every unchanged page without a download.
 */
function importPeer(dataDir: string, peerUrl: string): void {
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join('server', 'cli.ts'), 'import-wordpress', '--url', peerUrl], {
    cwd: ROOT,
    // The peer runs on this machine: the operator's setting lets the import reach it.
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'error', IMPORT_ALLOW_ADDRESSES: process.env.IMPORT_ALLOW_ADDRESSES ?? 'loopback' },
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.status === 0) return;
  // The summary (stdout, JSON) says why pages failed: the first few reasons, each once.
  let reasons: string[] = [];
  try {
    const summary = JSON.parse(run.stdout.toString()) as { failed?: { reason?: string }[] };
    reasons = [...new Set((summary.failed ?? []).map((failure) => (failure.reason ?? '').split(':').slice(0, 3).join(':')))].slice(0, 3);
  } catch {
    // No summary: stderr above says what happened.
  }
  throw new Error(`the import of ${peerUrl} failed (exit ${run.status ?? run.signal})${reasons.length ? `: ${reasons.join(' | ')}` : '; its progress is above'}`);
}

export async function wordpressBench(_ctx: unknown, sink: FigureSink): Promise<void> {
  const peerPort = Number(process.env.WP_PEER_PORT ?? 8089);
  const peer = `http://127.0.0.1:${peerPort}`;
  if (!(await answers(`${peer}/wp-json/wp/v2/pages/${CONTENT_IDS.programsRoot}`))) {
    sink.add({ metric: 'WordPress side by side', value: 'not run', unit: '', note: `no WordPress peer on ${peer}: run ../shared/peers/wordpress/setup.sh ${peerPort} (as root) first` });
    return;
  }
  const dataDir = path.join(ROOT, 'bench', 'results', `wordpress-import-${peerPort}`);
  mkdirSync(dataDir, { recursive: true });
  const port = await freePort();
  const portal = `http://127.0.0.1:${port}`;
  const backend = (() => {
    const t0 = Date.now();
    importPeer(dataDir, peer);
    console.log(`  imported ${peer} into the portal in ${Math.round((Date.now() - t0) / 1000)} s`);
    // An imported site has content and no user: the backend starts only with a first administrator.
    return startBackend({ port, dataDir, demo: false, env: { WORKERS: 'auto', LOG_LEVEL: 'error', ADMIN_PASSWORD: 'bench-admin-2026' } });
  })();
  try {
    await waitServing(portal, backend, 60_000);
    for (const read of READS) {
      const [theirs, ours] = [await titles(`${peer}${read.path}`), await titles(`${portal}${read.path}`)];
      if (JSON.stringify(theirs) !== JSON.stringify(ours)) throw new Error(`${read.name}: the two servers answer different pages (${theirs.length} vs ${ours.length})`);
    }
    console.log('  both servers answer the same pages for the three reads');

    const base: Record<Server, string> = { wordpress: peer, portal, 'portal, brotli': portal };
    const headers: Record<Server, Record<string, string>> = { wordpress: {}, portal: {}, 'portal, brotli': { 'accept-encoding': 'br, gzip' } };
    // Warm-up, not recorded: PHP's opcache, the portal's answer cache.
    for (const read of READS) for (const server of SERVERS) await loadRound({ method: 'GET', url: `${base[server]}${read.path}`, headers: headers[server] }, { connections: 10, seconds: 2 });

    const results = new Map<string, LoadRound[]>();
    for (let r = 0; r < ROUNDS; r++) {
      for (const read of READS) {
        for (const server of SERVERS) {
          // Requests a finished round left in php-fpm's queue would land in the next one's latencies.
          await sleep(2000);
          const key = `${read.name}|${server}`;
          const round = await loadRound({ method: 'GET', url: `${base[server]}${read.path}`, headers: headers[server] }, { connections: CONNECTIONS, seconds: SECONDS });
          results.set(key, [...(results.get(key) ?? []), round]);
        }
      }
      console.log(`  round ${r + 1} of ${ROUNDS} done`);
    }

    const note = `medians of ${ROUNDS} rounds x ${SECONDS} s, ${CONNECTIONS} connections, node:http load, alternating`;
    for (const read of READS) {
      const of = (server: Server) => results.get(`${read.name}|${server}`)!;
      const rps = (server: Server) => median(of(server).map((x) => x.rps));
      for (const server of SERVERS) {
        const rounds = of(server);
        const p99 = round(median(rounds.map((x) => x.p99)), 1);
        const bytes = median(rounds.map((x) => x.bytesPerAnswer));
        const errors = rounds.reduce((sum, x) => sum + x.errors, 0);
        sink.add({ metric: `${read.name}, ${server}: requests/s`, value: round(rps(server), 0), unit: 'req/s', note: `${note}; ${round(bytes / 1024, 1)} KB per answer` });
        if (server === 'wordpress') sink.add({ metric: `${read.name}, ${server}: p99`, value: p99, unit: 'ms' });
        else sink.addGoal({ metric: `${read.name}, ${server}: p99`, value: p99, unit: 'ms' }, P99_GOAL_MS);
        sink.add({ metric: `${read.name}, ${server}: errors`, value: errors, unit: `of ${rounds.reduce((sum, x) => sum + x.total, 0)}`, goal: '0', pass: errors === 0 });
      }
      for (const server of ['portal', 'portal, brotli'] as const) {
        sink.addGoal({ metric: `${read.name}: ${server} / WordPress requests/s`, value: round(rps(server) / rps('wordpress'), 1), unit: 'x' }, RATIO_GOAL, 'min');
      }
    }
  } finally {
    backend.child.kill('SIGTERM');
    await Promise.race([backend.exited, sleep(10_000)]);
  }
}

if (require.main === module) {
  const sink = new FigureSink('wordpress');
  wordpressBench(null, sink).then(
    () => process.exit(sink.figures.some((f) => f.pass === false) ? 1 : 0),
    (err: unknown) => {
      console.error(err);
      process.exit(2);
    },
  );
}
