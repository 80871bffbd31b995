/**
 * `npm run admin -- backup --out FILE`: one file (a gzip-compressed tar) with the database, every
 * media file as stored, the secrets an embedded portal generated, and a manifest. The portal keeps
 * running: the database is copied at one moment, then the media are read. A media file removed after
 * that moment is left out; one added is kept although nothing may name it yet.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { chmod, mkdtemp, open, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { Config } from '../config';
import { createMediaStorage } from '../media/configuredStorage';
import type { MediaKey, MediaStorage } from '../media/storage';
import { copySqlite, dumpPostgres } from './databaseCopy';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BackupError,
  DATABASE_ENTRY,
  MANIFEST_NAME,
  MEDIA_PREFIX,
  portalVersion,
  SECRET_FILES,
  SECRET_PREFIX,
  type Manifest,
  type ManifestEntry,
} from './manifest';
import { tarStream, type TarSource } from './tar';

export interface BackupReport {
  file: string;
  bytes: number;
  ms: number;
  manifest: Manifest;
}

/** The source with its bytes' SHA-256 recorded in `entries` once they have all gone by. */
function hashed(source: TarSource, entries: ManifestEntry[]): TarSource {
  const hash = createHash('sha256');
  const chunks = Buffer.isBuffer(source.body) ? [source.body] : source.body;
  async function* body(): AsyncGenerator<Buffer> {
    for await (const chunk of chunks as AsyncIterable<Buffer>) {
      hash.update(chunk);
      yield chunk;
    }
    entries.push({ name: source.name, size: source.size, sha256: hash.digest('hex') });
  }
  return { ...source, body: body() };
}

/** Opens the next files while one is archived: thousands of small step images go several times faster. */
async function* readAhead(media: MediaStorage, depth = 8): AsyncGenerator<{ key: MediaKey; opened: Awaited<ReturnType<MediaStorage['openRead']>> }> {
  const keys = media.list()[Symbol.asyncIterator]();
  const next = () => {
    const opening = (async () => {
      const item = await keys.next();
      return item.done ? null : { key: item.value, opened: await media.openRead(item.value) };
    })();
    // A failure is reported when its turn comes, not as an unhandled rejection meanwhile.
    opening.catch(() => undefined);
    return opening;
  };
  const pending = Array.from({ length: depth }, next);
  try {
    for (;;) {
      const item = await pending.shift()!;
      if (!item) break;
      pending.push(next());
      yield item;
    }
  } finally {
    // Files opened ahead of a failure are closed.
    for (const rest of await Promise.allSettled(pending)) if (rest.status === 'fulfilled') rest.value?.opened?.body.destroy();
  }
}

export async function createBackup(config: Config, outFile: string): Promise<BackupReport> {
  const started = Date.now();
  const target = path.resolve(outFile);
  if (config.media.driver === 'local' && !path.relative(config.publicDir, target).startsWith('..')) {
    throw new BackupError(`Write the backup outside the media folder (${config.publicDir}): the portal would serve it, and the next backup would hold it.`);
  }
  const work = await mkdtemp(path.join(path.dirname(target), '.portal-backup-')).catch((err: unknown) => {
    throw new BackupError(`Cannot write in ${path.dirname(target)}: ${err instanceof Error ? err.message : String(err)}`);
  });
  const partial = `${target}.${randomBytes(4).toString('hex')}.partial`;
  try {
    const dialect = config.databaseUrl ? 'postgres' : 'sqlite';
    const copy = config.databaseUrl ? await dumpPostgres(config.databaseUrl, work) : await copySqlite(config.sqliteFile, work);
    const media = await createMediaStorage(config);
    const entries: ManifestEntry[] = [];
    const counted = { files: 0, bytes: 0 };
    const createdAt = new Date().toISOString();
    const result: { manifest: Manifest | null } = { manifest: null };

    async function* sources(): AsyncGenerator<TarSource> {
      yield hashed({ name: DATABASE_ENTRY[dialect], size: (await stat(copy.file)).size, body: createReadStream(copy.file) }, entries);
      for await (const { key, opened } of readAhead(media)) {
        if (!opened) continue;
        counted.files += 1;
        counted.bytes += opened.size;
        yield hashed({ name: `${MEDIA_PREFIX}${key}`, ...opened }, entries);
      }
      for (const name of SECRET_FILES) {
        const content = await readFile(path.join(config.dataDir, name)).catch(() => null);
        if (content) yield hashed({ name: `${SECRET_PREFIX}${name}`, size: content.length, body: content }, entries);
      }
      const manifest: Manifest = {
        format: BACKUP_FORMAT,
        formatVersion: BACKUP_FORMAT_VERSION,
        portalVersion: portalVersion(),
        dialect,
        createdAt,
        database: { entry: DATABASE_ENTRY[dialect], tool: copy.tool, serverVersion: copy.serverVersion, migrations: copy.migrations, rows: copy.rows },
        media: { driver: media.driver, files: counted.files, bytes: counted.bytes },
        entries,
      };
      result.manifest = manifest;
      const text = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
      yield { name: MANIFEST_NAME, size: text.length, body: text };
    }

    // The file holds children's personal data: readable by its owner only, from its first byte.
    await pipeline(Readable.from(tarStream(sources())), createGzip(), createWriteStream(partial, { mode: 0o600 }));
    await chmod(partial, 0o600);
    const handle = await open(partial, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    if (!result.manifest) throw new BackupError('The backup ended without its manifest.');
    await rename(partial, target);
    return { file: target, bytes: (await stat(target)).size, ms: Date.now() - started, manifest: result.manifest };
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
