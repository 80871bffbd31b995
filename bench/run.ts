/**
 * `npm run bench [-- --only=bundle,tables --runs=5 --skip-build]`: every benchmark of BENCHMARKS.md on
 * the production build and the portal backend on loopback. Builds the app when dist/ is older than
 * its sources, starts the portal on a fresh demo database plus 60,000 bench students, runs each
 * benchmark under a time limit (a failing one prints its failure and the rest still run), prints
 * one table, and writes bench/results/latest.json. Exits 0 when every benchmark ran, whatever the
 * goals say (each goal shows PASS or MISS); 1 when a benchmark crashed or timed out.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_USERS, DIST_DIR, ROOT, startPortal, type Portal } from '../e2e/support';
import { appBuildNeeded } from '../server/build';
import { backendBench } from './backend';
import { studentImportBench } from './studentImport';
import { bundleBench } from './bundle';
import { clusterBench } from './cluster';
import { classNowBench } from './classNow';
import { exportBench } from './export';
import { galleryBench } from './gallery';
import { apiToken, findLawnMower, portalAuthKey, type BenchContext } from './lib/context';
import { FigureSink, formatFigure, markdownTable, type BenchOutcome } from './lib/results';
import { seedBenchStudents } from './lib/seed';
import { lighthouseBench } from './lighthouse';
import { mediaBench } from './media';
import { tablesBench } from './tables';
import { throttledLcpBench } from './throttledLcp';
import { pwaBench } from './pwa';
import { wordpressBench } from './wordpress';
import { weekBench } from './week';
import { monthlyBench } from './monthly';
import { stuckStepsBench } from './stuckSteps';

interface Benchmark {
  name: string;
  run: (ctx: BenchContext, sink: FigureSink) => Promise<void>;
  timeoutMs: number;
}

const BENCHMARKS: Benchmark[] = [
  { name: 'bundle', run: bundleBench, timeoutMs: 120_000 },
  { name: 'lighthouse', run: lighthouseBench, timeoutMs: 480_000 },
  { name: 'lcp', run: throttledLcpBench, timeoutMs: 240_000 },
  { name: 'pwa', run: pwaBench, timeoutMs: 240_000 },
  { name: 'tables', run: tablesBench, timeoutMs: 240_000 },
  { name: 'export', run: exportBench, timeoutMs: 240_000 },
  { name: 'gallery', run: galleryBench, timeoutMs: 240_000 },
  { name: 'backend', run: backendBench, timeoutMs: 180_000 },
  { name: 'media', run: mediaBench, timeoutMs: 240_000 },
  // On its own portal, with the WordPress peer's content imported.
  { name: 'wordpress', run: wordpressBench, timeoutMs: 2_400_000 },
  { name: 'cluster', run: clusterBench, timeoutMs: 600_000 },
  { name: 'classnow', run: classNowBench, timeoutMs: 120_000 },
  { name: 'week', run: weekBench, timeoutMs: 180_000 },
  { name: 'monthly', run: monthlyBench, timeoutMs: 300_000 },
  { name: 'stuck', run: stuckStepsBench, timeoutMs: 600_000 },
  // Last: it adds 2,000 students to the bench portal.
  { name: 'import', run: studentImportBench, timeoutMs: 120_000 },
];

function arg(name: string): string | undefined {
  const prefix = `--${name}=`;
  return process.argv.find((a) => a.startsWith(prefix))?.slice(prefix.length);
}


function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function git(args: string[]): string {
  try {
    return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
}

function chromiumVersion(): string {
  try {
    return execFileSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', ['--version'], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

async function main(): Promise<number> {
  const started = Date.now();
  const only = arg('only')?.split(',').map((s) => s.trim());
  const runs = Number(arg('runs') ?? 5);
  const selected = BENCHMARKS.filter((b) => !only || only.includes(b.name));
  const machine = {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryGb: Math.round(os.totalmem() / 1024 ** 3),
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    chromium: chromiumVersion(),
  };
  console.log(`bench: ${selected.map((b) => b.name).join(', ')}; ${runs} runs per measure; ${machine.cpus} CPUs (${machine.cpuModel}), Node ${machine.node}, ${machine.chromium}`);

  if (!process.argv.includes('--skip-build') && appBuildNeeded(ROOT, DIST_DIR, 'bundle-report.json')) {
    console.log('bench: building the app (npx webpack --mode production)');
    const build = spawnSync('npx', ['webpack', '--mode', 'production'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
    if (build.status !== 0) {
      console.error('bench: the production build failed (a budget exceeded?); run `npm run build` to see why');
      return 1;
    }
  }

  console.log('bench: starting the portal backend (demo data, argon2id at production cost)');
  let portal: Portal | null = null;
  const outcomes: BenchOutcome[] = [];
  let setupError: string | null = null;
  try {
    portal = await startPortal({ env: { ARGON2_MEMORY_KIB: '19456', ARGON2_TIME_COST: '2', LOG_LEVEL: 'error' }, timeoutMs: 180_000 });
    const seeded = seedBenchStudents(portal.dataDir);
    console.log(`bench: ${seeded.students.toLocaleString('en')} bench students written in ${seeded.ms} ms`);
    const token = await apiToken(portal.baseUrl, DEMO_USERS.dana.username, DEMO_USERS.dana.password);
    const ctx: BenchContext = {
      baseUrl: portal.baseUrl,
      dataDir: portal.dataDir,
      distDir: DIST_DIR,
      runs,
      lawnMowerId: await findLawnMower(portal.baseUrl, token),
      authKey: await portalAuthKey(portal.baseUrl),
    };
    for (const bench of selected) {
      console.log(`\n== ${bench.name}`);
      const sink = new FigureSink(bench.name);
      const t0 = Date.now();
      try {
        await withTimeout(bench.run(ctx, sink), bench.timeoutMs, bench.name);
        outcomes.push({ bench: bench.name, figures: sink.figures, ms: Date.now() - t0 });
      } catch (err) {
        const message = err instanceof Error ? err.message.split('\n').slice(0, 4).join(' ') : String(err);
        console.log(`  FAILED: ${message}`);
        outcomes.push({ bench: bench.name, figures: sink.figures, error: message, ms: Date.now() - t0 });
      }
      console.log(`  (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
    }
  } catch (err) {
    setupError = err instanceof Error ? err.message : String(err);
    console.error(`bench: setup failed: ${setupError}`);
  } finally {
    await portal?.stop();
  }

  const figures = outcomes.flatMap((o) => o.figures);
  const missed = figures.filter((f) => f.pass === false);
  const failed = outcomes.filter((o) => o.error);
  console.log(`\nBench table (${machine.cpus} CPUs, ${machine.cpuModel}; median of runs; loopback):\n`);
  for (const f of figures) console.log(`${f.bench.padEnd(10)} ${f.pass === undefined ? '    ' : f.pass ? 'PASS' : 'MISS'}  ${formatFigure(f)}`);
  for (const o of failed) console.log(`${o.bench.padEnd(10)} FAIL  ${o.error}`);
  const total = ((Date.now() - started) / 1000).toFixed(0);
  console.log(`\n${figures.filter((f) => f.pass).length} goals met, ${missed.length} missed, ${failed.length} benchmarks failed; ${total} s`);

  const out = path.join(ROOT, 'bench', 'results');
  mkdirSync(out, { recursive: true });
  const result = {
    date: new Date().toISOString(),
    commit: git(['rev-parse', '--short', 'HEAD']),
    dirty: git(['status', '--porcelain']) !== '',
    machine,
    runs,
    seconds: Number(total),
    setupError,
    benchmarks: outcomes,
    markdown: markdownTable(figures),
  };
  writeFileSync(path.join(out, 'latest.json'), `${JSON.stringify(result, null, 2)}\n`);
  writeFileSync(path.join(out, 'latest.md'), `${result.markdown}\n`);
  console.log(`bench: wrote bench/results/latest.json and latest.md`);
  return setupError || failed.length > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
