/**
 * `npm start`: reads the configuration, opens and migrates the database, seeds it on first start,
 * builds the app if asked and needed, serves everything on one port, and shuts down gracefully.
 */
import path from 'node:path';
import { buildApp } from './app';
import { appBuildNeeded, runAppBuild } from './build';
import { ConfigError, loadConfig, type Config } from './config';
import { openDb } from './db/connection';
import { migrateToLatest } from './db/migrations';
import { withStartupLock } from './db/startupLock';
import { createPasswordHasher } from './domain/passwords';
import { createMailer } from './mail/mailer';
import { createMediaStorage } from './media/storage';
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

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`Configuration error: ${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
  const db = openDb(
    config.databaseUrl
      ? {
          kind: 'postgres',
          url: config.databaseUrl,
          pool: config.dbPool,
          onConnectionError: (err) => app.log.warn({ err: { message: err.message } }, 'database connection lost: it is replaced'),
        }
      : { kind: 'sqlite', file: config.sqliteFile },
  );
  const hasher = createPasswordHasher(config.argon2);
  const clock = () => new Date();
  const mailerLog = { info: (obj: Record<string, unknown>, msg: string) => app.log.info(obj, msg) };
  const media = await createMediaStorage(config);
  const app = await buildApp({ db, config, mailer: createMailer(config, mailerLog), hasher, clock, media });
  const log = app.log;

  let seededDemo = false;
  // The demo content is loaded only when it is used: a production server never reads it.
  const demo = config.demo ? (await import('./seed/demoSource')).demoSource : null;
  try {
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
  } catch (err) {
    if (err instanceof FirstAdminMissing) {
      log.fatal(err.message);
      await app.close();
      await db.close();
      process.exit(2);
    }
    throw err;
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

  if (config.buildIfNeeded && appBuildNeeded(ROOT, config.distDir)) {
    // Plain lines like the banner's: the demo's quiet log level would hide a 20-second wait's reason.
    process.stdout.write('\n  Building the app (webpack --mode production): dist/ is missing or older than the sources.\n\n');
    const code = await runAppBuild(ROOT, build.signal);
    if (stopping) return;
    if (code === 0) process.stdout.write('  App built.\n');
    else log.error({ exitCode: code }, 'the app build failed: the API runs, pages show "not built"');
  }

  await app.listen({ port: config.port, host: config.host });
  process.stdout.write(`${banner(config, demo, seededDemo)}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`Fatal: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
