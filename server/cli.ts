/**
 * Operator commands: `npm run admin -- <command> [--flag value ...]`
 *
 *   create-admin   --username U --email E [--password P]
 *   create-owner   --username U --email E --first F --last L [--country C --state S --territory T] [--password P]
 *   reset-password --login USERNAME_OR_EMAIL [--password P]
 *   import-wordpress --url https://site [--programs ID,ID] [--publish]   (only those programs with their models; progress on stderr, the summary as JSON on stdout; exit 1 when anything failed;
 *                    what it brings waits unpublished for review in the content studio, unless --publish publishes it all)
 *   anonymise-ended   (anonymises the students whose lessons ended more than PRIVACY_RETENTION_MONTHS ago, as the server's job does)
 *   backup  --out FILE    (the database and the media in one file, while the portal runs; docs/deployment.md, Backups)
 *   restore --from FILE   (into an empty data folder or database only)
 *
 * Without --password a password is generated and printed once. Uses the same configuration
 * (DATA_DIR or DATABASE_URL) as the server.
 */
import { hostname } from 'node:os';
import { parseArgs } from 'node:util';
import { loadConfig, type Config } from './config';
import { openDb, type Db } from './db/connection';
import { migrateToLatest } from './db/migrations';
import * as q from './db/queries';
import type { DomainContext } from './domain/context';
import { createPasswordHasher, generatePassword } from './domain/passwords';
import { anonymiseEndedStudents, retentionCutoff } from './domain/privacy';
import { createAccount, setPassword } from './domain/users';
import { createBackup } from './backup/backup';
import { BackupError } from './backup/manifest';
import { restoreBackup } from './backup/restore';
import { ApiError } from './errors';
import { createMailer } from './mail/mailer';
import { MailOutbox } from './mail/outbox';
import { checkImportUrl, ImportUrlError } from './import/http';
import { getImportReview, publishImport } from './domain/importReview';
import { createImportJob, ImportBusyError, runImportJob } from './import/jobs';
import { createMediaStorage } from './media/configuredStorage';

const USAGE = `Usage: npm run admin -- <command> [options]
  create-admin   --username U --email E [--password P]
  create-owner   --username U --email E --first F --last L [--country C] [--state S] [--territory T] [--password P]
  reset-password --login USERNAME_OR_EMAIL [--password P]
  import-wordpress --url https://site [--programs ID,ID] [--publish]
  anonymise-ended
  backup  --out FILE
  restore --from FILE`;

const OPTIONS = {
  username: { type: 'string' },
  email: { type: 'string' },
  password: { type: 'string' },
  first: { type: 'string' },
  last: { type: 'string' },
  country: { type: 'string' },
  state: { type: 'string' },
  territory: { type: 'string' },
  login: { type: 'string' },
  url: { type: 'string' },
  programs: { type: 'string' },
  out: { type: 'string' },
  from: { type: 'string' },
  publish: { type: 'boolean' },
} as const;

class UsageError extends Error {}

function need(value: string | undefined, name: string): string {
  if (value === undefined || value.trim() === '') throw new UsageError(`--${name} is required`);
  return value.trim();
}

export async function runCli(argv: readonly string[], out: (line: string) => void, progress: (line: string) => void = (line) => process.stderr.write(`${line}\n`)): Promise<number> {
  const [command, ...rest] = argv;
  let values: { [K in Exclude<keyof typeof OPTIONS, 'publish'>]?: string } & { publish?: boolean };
  try {
    ({ values } = parseArgs({ args: [...rest], options: OPTIONS, strict: true, allowPositionals: false }));
  } catch (err) {
    out(`${err instanceof Error ? err.message : String(err)}\n${USAGE}`);
    return 2;
  }
  const config = loadConfig();
  // These two never open the database through the portal's connection: a backup only reads it, and a
  // restore needs it as empty as it found it.
  if (command === 'backup' || command === 'restore') {
    try {
      return command === 'backup' ? await backupCommand(config, need(values.out, 'out'), out) : await restoreCommand(config, need(values.from, 'from'), out);
    } catch (err) {
      if (err instanceof UsageError || err instanceof BackupError) {
        out(`error: ${err.message}`);
        return 1;
      }
      throw err;
    }
  }
  const db = openDb(config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'sqlite', file: config.sqliteFile });
  const ctx: DomainContext = {
    db,
    hasher: createPasswordHasher(config.argon2),
    // No command mails today; one that does would queue in the outbox like the server does.
    mail: new MailOutbox(db, createMailer(config, { info: () => undefined }), () => new Date(), { info: () => undefined, warn: () => undefined }),
    clock: () => new Date(),
    siteUrl: config.publicUrl,
  };
  try {
    await migrateToLatest(db);
    if (command === 'import-wordpress') return await importCommand(db, config, need(values.url, 'url'), programIds(values.programs), values.publish === true, out, progress);
    if (command === 'anonymise-ended') {
      out(`anonymised ${await anonymiseEndedStudents(ctx, config.privacyRetentionMonths)} student(s) whose lessons ended before ${retentionCutoff(ctx.clock(), config.privacyRetentionMonths)}`);
      return 0;
    }
    const password = values.password ?? generatePassword();
    const generated = values.password === undefined;
    if (values.password !== undefined && values.password.length < 10) throw new UsageError('--password must be at least 10 characters');
    switch (command) {
      case 'create-admin':
      case 'create-owner': {
        const username = need(values.username, 'username').toLowerCase();
        const email = need(values.email, 'email').toLowerCase();
        if (await q.usernameExists(db.kysely, username)) throw new UsageError(`username ${username} is taken`);
        if (await q.findUserByEmail(db.kysely, email)) throw new UsageError(`an account with ${email} exists`);
        const owner = command === 'create-owner';
        const first = owner ? need(values.first, 'first') : (values.first ?? 'Site');
        const last = owner ? need(values.last, 'last') : (values.last ?? 'Administrator');
        const id = await createAccount(ctx, {
          username,
          email,
          password,
          displayName: `${first} ${last}`,
          firstName: first,
          lastName: last,
          role: owner ? 'franchise_owner' : 'administrator',
          country: values.country ?? '',
          state: values.state ?? '',
          territory: values.territory ?? '',
          teacherId: null,
        });
        out(`created ${owner ? 'franchise owner' : 'administrator'} ${username} (id ${id})`);
        break;
      }
      case 'reset-password': {
        const user = await setPassword(ctx, need(values.login, 'login'), password);
        out(`password of ${user.username} changed`);
        break;
      }
      default:
        out(USAGE);
        return 2;
    }
    if (generated) out(`password: ${password}`);
    return 0;
  } catch (err) {
    if (err instanceof UsageError || err instanceof ApiError) {
      out(`error: ${err.message}`);
      return 1;
    }
    throw err;
  } finally {
    await db.close();
  }
}

const megabytes = (bytes: number): string => `${(bytes / 1_000_000).toFixed(1)} MB`;
const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
const rowCount = (rows: Record<string, number>): number => Object.values(rows).reduce((a, b) => a + b, 0);

async function backupCommand(config: Config, file: string, out: (line: string) => void): Promise<number> {
  const { file: written, bytes, ms, manifest } = await createBackup(config, file);
  out(
    `backup written to ${written}: ${megabytes(bytes)} in ${seconds(ms)} (database: ${manifest.database.tool}, ${Object.keys(manifest.database.rows).length} tables, ${rowCount(manifest.database.rows)} rows; media: ${manifest.media.files} files, ${megabytes(manifest.media.bytes)})`,
  );
  out('It holds personal data (children\'s names, parents\' contacts, password hashes): keep it readable by the operator only (it is written with mode 0600).');
  return 0;
}

async function restoreCommand(config: Config, file: string, out: (line: string) => void): Promise<number> {
  const { manifest, ms } = await restoreBackup(config, file);
  out(
    `restored ${file} (made ${manifest.createdAt} by portal ${manifest.portalVersion}) in ${seconds(ms)}: ${rowCount(manifest.database.rows)} rows, ${manifest.media.files} media files. Start the portal on it now.`,
  );
  return 0;
}

/** --programs 167,356: WordPress page ids of programs; undefined (every program) when not given. */
function programIds(value: string | undefined): number[] | undefined {
  if (value === undefined) return undefined;
  const ids = value.split(',').map((part) => part.trim());
  if (ids.length === 0 || ids.some((id) => !/^[1-9]\d{0,9}$/.test(id))) throw new UsageError('--programs takes WordPress page ids separated by commas, e.g. 167,356');
  return ids.map(Number);
}

async function importCommand(db: Db, config: Config, url: string, programs: number[] | undefined, publish: boolean, out: (line: string) => void, progress: (line: string) => void): Promise<number> {
  try {
    await checkImportUrl(url, config.importAllowAddresses);
  } catch (err) {
    if (err instanceof ImportUrlError) throw new UsageError(err.message);
    throw err;
  }
  let job;
  try {
    job = await createImportJob(db, url, `cli-${hostname()}-${process.pid}`, new Date());
  } catch (err) {
    if (err instanceof ImportBusyError) throw new UsageError(err.message);
    throw err;
  }
  const started = Date.now();
  let shownAt = 0;
  let shownPage = '';
  const finished = await runImportJob({
    db,
    media: await createMediaStorage(config),
    jobId: job.id,
    url,
    allowAddresses: config.importAllowAddresses,
    ...(programs ? { programs } : {}),
    onProgress: ({ progress: done, step }) => {
      const page = step.split(',')[0] ?? step;
      if (page === shownPage && Date.now() - shownAt < 2000) return;
      shownPage = page;
      shownAt = Date.now();
      progress(`[${String(Math.floor(done * 100)).padStart(3)}%] ${step}`);
    },
  });
  const { summary } = finished;
  progress(
    `${finished.status === 'failed' ? finished.step : 'Import finished'} in ${Math.round((Date.now() - started) / 1000)} s: ${summary.created} created, ${summary.updated} updated, ${summary.skipped} unchanged, ${summary.failed.length} failed`,
  );
  if (finished.status === 'finished') {
    if (publish) {
      const outcome = await publishImport(db, job.id, null, new Date());
      progress(`Published ${outcome.done} pages${outcome.failed.length > 0 ? `; not published: ${outcome.failed.map((f) => `${f.title} (${f.reason})`).join('; ')}` : ''}`);
      summary.failed.push(...outcome.failed.map((f) => ({ what: f.title, reason: `not published: ${f.reason}` })));
    } else {
      const { counts } = await getImportReview(db, job.id);
      progress(`${counts.pages} pages wait unpublished for review in the content studio (Import from WordPress), or run again with --publish`);
    }
  }
  out(JSON.stringify(finished.status === 'failed' ? { ...summary, error: finished.step } : summary, null, 2));
  return finished.status === 'finished' && summary.failed.length === 0 ? 0 : 1;
}

if (require.main === module) {
  runCli(process.argv.slice(2), (line) => process.stdout.write(`${line}\n`))
    .then((code) => process.exit(code))
    .catch((err: unknown) => {
      process.stderr.write(`Fatal: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exit(1);
    });
}
