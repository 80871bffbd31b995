/**
 * `npm start`: reads the configuration, opens and migrates the database, seeds it on first start,
 * builds the app if asked and needed, serves everything on one port, and shuts down gracefully.
 * With WORKERS > 1 (the default on PostgreSQL: one per core) this process prepares the database and
 * the build, then runs that many server processes on the port (node:cluster) and replaces any that
 * dies; they share all state through the database, as instances behind a load balancer do.
 */
import cluster from 'node:cluster';
import path from 'node:path';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { buildApp } from './app';
import { appBuildNeeded, runAppBuild } from './build';
import { ConfigError, loadConfig, type Config } from './config';
import { openDb, type Db } from './db/connection';
import { migrateToLatest } from './db/migrations';
import { withStartupLock } from './db/startupLock';
import { createPasswordHasher } from './domain/passwords';
import { createMailer } from './mail/mailer';
import { loggerOptions } from './http/logging';
import { createMediaStorage } from './media/configuredStorage';
import type { MediaStorage } from './media/storage';
import { ensureFirstAdmin, FirstAdminMissing, seedDemo, type DemoSource } from './seed/seedDatabase';

const ROOT = path.resolve(__dirname, '..');
const DEMO_SIGN_INS = ['admin', 'dana', 'lee', 'maria', 'mia'];

function banner(config: Config, demo: DemoSource | null, seededDemo: boolean): string {
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const url = config.publicUrlExplicit ? config.publicUrl : `http://${shownHost}:${config.port}`;
  const lines = ['', `  Youngengineer Online is running at ${url}/`, ''];
  if (demo) {
    const users = demo.users().filter((u) => DEMO_SIGN_INS.includes(u.username));
    lines.push('  Demo sign-ins (username / password):');
    for (const u of users) lines.push(`    ${u.role.padEnd(16)} ${u.username.padEnd(8)} ${u.password}`);
    if (!seededDemo) lines.push('  (demo data was seeded on an earlier start; passwords reset since then are not shown)');
    if (!config.smtp) lines.push('', `  Mail goes to ${config.outboxDir}/ (SMTP_URL is not set).`);
    lines.push('');
  }
  return lines.join('\n');
}

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`Configuration error: ${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
}

function openConfiguredDb(config: Config, log: () => FastifyBaseLogger): Db {
  return openDb(
    config.databaseUrl
      ? {
          kind: 'postgres',
          url: config.databaseUrl,
          pool: config.dbPool,
          onConnectionError: (err) => log().warn({ err: { message: err.message } }, 'database connection lost: it is replaced'),
        }
      : { kind: 'sqlite', file: config.sqliteFile },
  );
}

/** Migrates, and seeds the demo or the first administrator; true when the demo was seeded now. */
async function prepareDatabase(config: Config, db: Db, media: MediaStorage, demo: DemoSource | null, log: FastifyBaseLogger): Promise<boolean> {
  const hasher = createPasswordHasher(config.argon2);
  const clock = () => new Date();
  let seededDemo = false;
  await withStartupLock(db, async () => {
    const applied = await migrateToLatest(db);
    log.info({ database: db.dialect, applied }, 'database ready');
    if (demo) {
      seededDemo = await seedDemo({ db, hasher, clock }, demo, media);
      if (seededDemo) log.info('demo data seeded');
      else await demo.generateAssets(media);
    } else if ((await ensureFirstAdmin({ db, hasher, clock }, config.firstAdmin)) === 'created') {
      log.info({ username: config.firstAdmin.username }, 'first administrator created');
    }
  });
  return seededDemo;
}

/** Builds the app when asked and needed; false when stopped meanwhile. */
async function buildIfNeeded(config: Config, signal: AbortSignal, log: FastifyBaseLogger): Promise<boolean> {
  if (!config.buildIfNeeded || !appBuildNeeded(ROOT, config.distDir)) return true;
  // Plain lines like the banner's: the demo's quiet log level would hide a 20-second wait's reason.
  process.stdout.write('\n  Building the app (webpack --mode production): dist/ is missing or older than the sources.\n\n');
  const code = await runAppBuild(ROOT, signal);
  if (signal.aborted) return false;
  if (code === 0) process.stdout.write('  App built.\n');
  else log.error({ exitCode: code }, 'the app build failed: the API runs, pages show "not built"');
  return true;
}

/** The demo content is loaded only when it is used: a production server never reads it. */
const loadDemo = async (config: Config): Promise<DemoSource | null> => (config.demo ? (await import('./seed/demoSource')).demoSource : null);

/** What the primary sends a worker to stop it gracefully. */
const STOP_MESSAGE = 'portal:stop';

/** One server process: the whole portal alone, or one of the workers (the primary prepared the database). */
async function runServer(config: Config, role: 'alone' | 'worker'): Promise<void> {
  const db = openConfiguredDb(config, () => app.log);
  const hasher = createPasswordHasher(config.argon2);
  const clock = () => new Date();
  const mailerLog = { info: (obj: Record<string, unknown>, msg: string) => app.log.info(obj, msg), warn: (obj: Record<string, unknown>, msg: string) => app.log.warn(obj, msg) };
  const media = await createMediaStorage(config);
  const app = await buildApp({ db, config, mailer: createMailer(config, mailerLog), hasher, clock, media });
  const log = app.log;

  const demo = await loadDemo(config);
  let seededDemo = false;
  if (role === 'alone') {
    try {
      seededDemo = await prepareDatabase(config, db, media, demo, log);
    } catch (err) {
      if (err instanceof FirstAdminMissing) {
        log.fatal(err.message);
        await app.close();
        await db.close();
        process.exit(2);
      }
      throw err;
    }
  }

  let stopping = false;
  const build = new AbortController();
  const shutdown = (signal: string) => {
    if (stopping) {
      log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    build.abort();
    log.info({ signal }, 'shutting down: finishing open requests');
    const force = setTimeout(() => {
      log.error('shutdown took longer than 10 s: exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    void (async () => {
      await app.close();
      await db.close();
      log.info('stopped');
      process.exit(0);
    })();
  };
  // Before the build and the banner: a stop during the build ends webpack too, and whoever sees
  // "is running at" may stop the server at once.
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  if (role === 'worker') {
    // The primary asks by message (a Ctrl-C has already sent this process a SIGINT of its own), and a
    // primary that is gone takes its workers with it.
    process.on('message', (message) => message === STOP_MESSAGE && !stopping && shutdown('primary'));
    process.on('disconnect', () => !stopping && shutdown('primary gone'));
  }

  if (role === 'alone' && !(await buildIfNeeded(config, build.signal, log))) return;

  await app.listen({ port: config.port, host: config.host });
  if (role === 'alone') process.stdout.write(`${banner(config, demo, seededDemo)}\n`);
}

/** A worker that dies is replaced, but not in a tight loop when it dies at once every time. */
const RESTART_DELAY_MS = 1000;

/** WORKERS > 1: prepares the database and the build, then keeps config.workers server processes running. */
async function runPrimary(config: Config): Promise<void> {
  // The workers log through Fastify's logger; this process uses the same one, with the same redaction.
  const log = Fastify({ logger: loggerOptions(config.logLevel) }).log;
  const db = openConfiguredDb(config, () => log);
  const media = await createMediaStorage(config);
  const demo = await loadDemo(config);
  let seededDemo: boolean;
  try {
    seededDemo = await prepareDatabase(config, db, media, demo, log);
  } catch (err) {
    if (err instanceof FirstAdminMissing) {
      log.fatal(err.message);
      await db.close();
      process.exit(2);
    }
    throw err;
  } finally {
    await db.close();
  }

  let stopping = false;
  const build = new AbortController();
  const shutdown = (signal: string) => {
    if (stopping) {
      log.warn({ signal }, 'second signal: exiting now');
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
      process.exit(1);
    }
    stopping = true;
    build.abort();
    log.info({ signal }, 'shutting down the workers');
    for (const worker of Object.values(cluster.workers ?? {})) worker?.send(STOP_MESSAGE);
    const force = setTimeout(() => {
      log.error('the workers took longer than 12 s to stop: exiting');
      process.exit(1);
    }, 12_000);
    force.unref();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  if (!(await buildIfNeeded(config, build.signal, log))) return;

  let listening = 0;
  let announced = false;
  cluster.on('listening', () => {
    listening += 1;
    if (!announced && listening >= config.workers) {
      announced = true;
      log.info({ workers: config.workers }, 'all workers listening');
      process.stdout.write(`${banner(config, demo, seededDemo)}\n`);
    }
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        log.info('stopped');
        process.exit(0);
      }
      return;
    }
    log.error({ worker: worker.id, code, signal }, 'a worker stopped: starting another');
    setTimeout(() => {
      if (!stopping) cluster.fork();
    }, RESTART_DELAY_MS).unref();
  });
  for (let i = 0; i < config.workers; i += 1) cluster.fork();
}

async function main(): Promise<void> {
  const config = readConfig();
  if (cluster.isWorker) return runServer(config, 'worker');
  if (config.workers > 1) return runPrimary(config);
  return runServer(config, 'alone');
}

main().catch((err: unknown) => {
  process.stderr.write(`Fatal: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
