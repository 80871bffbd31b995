/**
 * `npm run admin -- restore --from FILE`: a backup back into an empty data folder or an empty
 * database. The whole file is read and checked against its manifest first; only then is anything
 * written: the media, then the database in one step (a file renamed into place; pg_restore in one
 * transaction). When any of it fails, what was written is removed again and the operator is told.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import type { Config } from '../config';
import { knownMigrations } from '../db/migrations';
import { createMediaStorage } from '../media/configuredStorage';
import { mediaKeyOf, type MediaKey, type MediaStorage } from '../media/storage';
import { postgresTables, RestoredDatabaseDiffers, restorePostgres, restoreSqlite, sqliteTables } from './databaseCopy';
import { BackupError, MANIFEST_NAME, MEDIA_PREFIX, parseManifest, SECRET_FILES, SECRET_PREFIX, type Manifest, type ManifestEntry } from './manifest';
import { tarEntries, TarFormatError, type TarEntry } from './tar';

export interface RestoreReport {
  manifest: Manifest;
  ms: number;
}

/** The entries of the backup file, in order. */
async function* entriesOf(file: string): AsyncGenerator<TarEntry> {
  const gunzip = createGunzip();
  const input = createReadStream(file);
  input.on('error', (err) => gunzip.destroy(err));
  try {
    yield* tarEntries(input.pipe(gunzip));
  } finally {
    input.destroy();
    gunzip.destroy();
  }
}

/** A damaged file (a gzip error, a broken tar header, bytes missing) in the operator's words; other errors as they are. */
function damaged(file: string, err: unknown): Error {
  const zlibError = typeof (err as NodeJS.ErrnoException | null)?.code === 'string' && (err as NodeJS.ErrnoException).code!.startsWith('Z_');
  if (!(err instanceof TarFormatError) && !zlibError) return err instanceof Error ? err : new Error(String(err));
  return new BackupError(`The backup file ${file} is damaged or incomplete (${(err as Error).message}): nothing was restored.`);
}

async function* hashing(body: AsyncIterable<Buffer>, hash: ReturnType<typeof createHash>): AsyncGenerator<Buffer> {
  for await (const chunk of body) {
    hash.update(chunk);
    yield chunk;
  }
}

/** Reads the whole file once: every entry the manifest names is there with its checksum, and nothing else is. */
async function verify(file: string): Promise<Manifest> {
  try {
    return await verifyEntries(file);
  } catch (err) {
    throw damaged(file, err);
  }
}

async function verifyEntries(file: string): Promise<Manifest> {
  const seen = new Map<string, ManifestEntry>();
  let manifestText: string | null = null;
  for await (const entry of entriesOf(file)) {
    if (entry.name === MANIFEST_NAME) {
      const parts: Buffer[] = [];
      for await (const chunk of entry.body) parts.push(chunk);
      manifestText = Buffer.concat(parts).toString('utf8');
      continue;
    }
    const hash = createHash('sha256');
    let size = 0;
    for await (const chunk of hashing(entry.body, hash)) size += chunk.length;
    seen.set(entry.name, { name: entry.name, size, sha256: hash.digest('hex') });
  }
  if (manifestText === null) throw new BackupError(`The backup file ${file} has no manifest: it is incomplete or not a portal backup. Nothing was restored.`);
  const manifest = parseManifest(manifestText);
  const listed = new Set(manifest.entries.map((e) => e.name));
  const mismatched = manifest.entries.filter((e) => {
    const found = seen.get(e.name);
    return !found || found.sha256 !== e.sha256 || found.size !== e.size;
  });
  const extra = [...seen.keys()].filter((name) => !listed.has(name));
  if (mismatched.length > 0 || extra.length > 0) {
    const count = mismatched.length + extra.length;
    const names = [...mismatched.map((e) => e.name), ...extra].slice(0, 5).join(', ');
    throw new BackupError(`The backup file ${file} is damaged: ${count} entr${count === 1 ? 'y does' : 'ies do'} not match the manifest's checksums (${names}). Nothing was restored.`);
  }
  if (!listed.has(manifest.database.entry)) throw new BackupError(`The backup file ${file} holds no database. Nothing was restored.`);
  return manifest;
}

/** Refuses a target that holds anything: a restore never mixes a backup with other data. */
async function assertEmpty(config: Config, media: MediaStorage): Promise<void> {
  const tables = config.databaseUrl ? await postgresTables(config.databaseUrl) : await sqliteTables(config.sqliteFile);
  const where = config.databaseUrl ? 'the database of DATABASE_URL' : `the data folder ${config.dataDir} (${path.basename(config.sqliteFile)})`;
  if (tables > 0) {
    throw new BackupError(
      `Refused: ${where} is not empty (${tables} table${tables === 1 ? '' : 's'}). A restore goes only into an empty ${config.databaseUrl ? 'database: create a new one (createdb) and point DATABASE_URL at it' : 'data folder: point DATA_DIR at a new folder'}. Nothing was changed.`,
    );
  }
  for await (const key of media.list()) {
    throw new BackupError(`Refused: the media storage (${media.driver === 's3' ? 'the S3 bucket and prefix' : config.publicDir}) is not empty (it holds ${key}). A restore goes only into empty storage. Nothing was changed.`);
  }
}

function checkCompatible(manifest: Manifest, config: Config): void {
  const dialect = config.databaseUrl ? 'postgres' : 'sqlite';
  if (manifest.dialect !== dialect) {
    const names = { sqlite: 'the embedded SQLite database', postgres: 'PostgreSQL' };
    throw new BackupError(`This backup is of ${names[manifest.dialect]}, and this portal is configured for ${names[dialect]}: ${manifest.dialect === 'postgres' ? 'set DATABASE_URL to an empty PostgreSQL database' : 'unset DATABASE_URL'} to restore it. Nothing was restored.`);
  }
  const known = new Set(knownMigrations(dialect));
  const unknown = manifest.database.migrations.filter((m) => !known.has(m));
  if (unknown.length > 0) {
    throw new BackupError(`This backup was made by a newer portal (${manifest.portalVersion}; its database has changes this version does not know: ${unknown.join(', ')}). Update this portal first. Nothing was restored.`);
  }
}

export async function restoreBackup(config: Config, file: string): Promise<RestoreReport> {
  const started = Date.now();
  const found = await stat(file).catch(() => null);
  if (!found?.isFile()) throw new BackupError(`There is no backup file at ${file}.`);
  const media = await createMediaStorage(config);
  await assertEmpty(config, media);
  const manifest = await verify(file);
  checkCompatible(manifest, config);

  const expected = new Map(manifest.entries.map((e) => [e.name, e]));
  const written: MediaKey[] = [];
  const secrets = new Map<string, Buffer>();
  // The SQLite copy is renamed into place, so it is written in the data folder itself.
  const workRoot = config.databaseUrl ? tmpdir() : config.dataDir;
  await mkdir(workRoot, { recursive: true });
  const work = await mkdtemp(path.join(workRoot, '.portal-restore-'));
  const databaseCopy = path.join(work, path.basename(manifest.database.entry));
  try {
    for await (const entry of entriesOf(file)) {
      if (entry.name === MANIFEST_NAME) continue;
      const hash = createHash('sha256');
      const body = hashing(entry.body, hash);
      if (entry.name === manifest.database.entry) {
        await pipeline(Readable.from(body), createWriteStream(databaseCopy, { mode: 0o600 }));
      } else if (entry.name.startsWith(MEDIA_PREFIX)) {
        const key = mediaKeyOf(`/${entry.name.slice(MEDIA_PREFIX.length)}`);
        if (key === null) throw new BackupError(`The backup names a media file outside the media folder (${entry.name}).`);
        written.push(key);
        await media.putStream(key, Readable.from(body));
      } else if (entry.name.startsWith(SECRET_PREFIX) && (SECRET_FILES as readonly string[]).includes(entry.name.slice(SECRET_PREFIX.length))) {
        const parts: Buffer[] = [];
        for await (const chunk of body) parts.push(chunk);
        secrets.set(entry.name.slice(SECRET_PREFIX.length), Buffer.concat(parts));
      } else {
        throw new BackupError(`The backup holds an entry this portal does not know (${entry.name}).`);
      }
      if (hash.digest('hex') !== expected.get(entry.name)?.sha256) throw new BackupError(`The backup file changed while it was being restored (${entry.name}).`);
    }
    // Production instances take their secrets from the environment; an embedded portal reads these files.
    if (!config.production) {
      for (const [name, content] of secrets) {
        const target = path.join(config.dataDir, name);
        await writeFile(target, content, { mode: 0o600 });
        await chmod(target, 0o600);
      }
    }
    if (config.databaseUrl) await restorePostgres(databaseCopy, config.databaseUrl, manifest.database.rows);
    else await restoreSqlite(databaseCopy, config.sqliteFile, manifest.database.rows);
    return { manifest, ms: Date.now() - started };
  } catch (err) {
    const left: string[] = [];
    for (const key of written) await media.remove(key).catch(() => left.push(key));
    const reason = damaged(file, err).message.replace(/[:.]?\s*nothing was (restored|changed)\.$/i, '').replace(/\.$/, '');
    const undone = left.length === 0 ? 'the media files it had written were removed again' : `${left.length} media file(s) it wrote could not be removed (${left.slice(0, 3).join(', ')}): empty the media storage before trying again`;
    throw new BackupError(`The restore failed${err instanceof RestoredDatabaseDiffers ? '' : ' and was undone'}: ${reason}; ${undone}.`);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
