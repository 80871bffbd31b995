/**
 * Where the instruction images, lesson plans and videos live: one interface, two drivers. The
 * local folder (<DATA_DIR>/public, here) is the embedded default; an S3-compatible object store lets
 * several instances behind a load balancer serve the same files (s3Storage.ts); configuredStorage.ts
 * picks the one the configuration names.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyReply } from 'fastify';

/** A file's key: its URL path without the leading slash ("progrmas/PlayMachines1/.../1.svg"). */
export type MediaKey = string;

export interface SendOptions {
  /** The request's Range header. */
  range: string | undefined;
  cacheControl: string;
}

export interface MediaStorage {
  readonly driver: 'local' | 's3';
  /** Stores a file; an identical file already there is left alone (seeding runs on every start). */
  put(key: MediaKey, content: string | Buffer): Promise<void>;
  /**
   * Stores a file as it streams in (uploads of up to hundreds of megabytes): either the whole file
   * ends up stored or, when the stream fails, nothing does. Replaces any file of that key.
   */
  putStream(key: MediaKey, content: Readable): Promise<void>;
  /** Removes a file (nothing happens when there is none). */
  remove(key: MediaKey): Promise<void>;
  /** The whole file, or null when there is none. */
  read(key: MediaKey): Promise<Buffer | null>;
  /** Whether the file is stored, without reading it (a lesson video may be hundreds of MB). */
  exists(key: MediaKey): Promise<boolean>;
  /** Every stored file's key (a backup's list), files still being uploaded left out. */
  list(): AsyncIterable<MediaKey>;
  /**
   * The file as stored at this moment, as a stream, and its size; null when there is none. A file
   * replaced meanwhile does not change what the stream gives.
   */
  openRead(key: MediaKey): Promise<{ size: number; body: Readable } | null>;
  /**
   * Answers a GET or HEAD for the file with its Content-Type, ETag, Last-Modified and byte ranges;
   * false when there is no such file (the caller answers 404).
   */
  send(key: MediaKey, reply: FastifyReply, options: SendOptions): Promise<boolean>;
}

/**
 * A URL path's key, or null for anything that could leave the media root: dot segments, empty
 * segments, backslashes, control characters or a broken escape.
 */
export function mediaKeyOf(urlPath: string): MediaKey | null {
  const segments = urlPath.split('/').slice(1);
  const decoded: string[] = [];
  for (const segment of segments) {
    let part: string;
    try {
      part = decodeURIComponent(segment);
    } catch {
      return null;
    }
    // eslint-disable-next-line no-control-regex -- a file name never holds control characters
    if (part === '' || part === '.' || part === '..' || /[\\/\u0000-\u001f\u007f]/.test(part)) return null;
    decoded.push(part);
  }
  return decoded.length > 1 ? decoded.join('/') : null;
}

export const mediaTypeOf = (key: MediaKey): string => {
  const ext = path.extname(key).toLowerCase();
  const types: Record<string, string> = {
    '.svg': 'image/svg+xml',
    '.png': 'image/png',
    '.jpg': 'image/jpeg',
    '.jpeg': 'image/jpeg',
    '.gif': 'image/gif',
    '.webp': 'image/webp',
    '.webm': 'video/webm',
    '.mp4': 'video/mp4',
    '.html': 'text/html; charset=utf-8',
    '.js': 'application/javascript; charset=utf-8',
    '.css': 'text/css; charset=utf-8',
    '.pdf': 'application/pdf',
    '.json': 'application/json; charset=utf-8',
    '.txt': 'text/plain; charset=utf-8',
  };
  return types[ext] ?? 'application/octet-stream';
};

export const asBuffer = (content: string | Buffer): Buffer => (Buffer.isBuffer(content) ? content : Buffer.from(content));

const SMALL_FILE_BYTES = 1024 * 1024;

/** The local folder: files at <root>/<key>, answered by @fastify/static's sendFile (ranges, ETag, Last-Modified). */
export function localStorage(root: string): MediaStorage {
  const fileOf = (key: MediaKey) => path.join(root, ...key.split('/'));
  return {
    driver: 'local',
    async put(key, content) {
      const file = fileOf(key);
      const body = asBuffer(content);
      const existing = await readFile(file).catch(() => null);
      if (existing && existing.equals(body)) return;
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, body);
    },
    async putStream(key, content) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written beside its final name, then renamed: a reader never sees half a file.
      const partial = `${file}.${randomBytes(6).toString('hex')}.partial`;
      try {
        await pipeline(content, createWriteStream(partial));
        await rename(partial, file);
      } catch (err) {
        await rm(partial, { force: true });
        throw err;
      }
    },
    async remove(key) {
      const file = fileOf(key);
      await rm(file, { force: true });
      // A folder an upload made and no longer holds anything goes too.
      await rmdir(path.dirname(file)).catch(() => undefined);
    },
    read: (key) => readFile(fileOf(key)).catch(() => null),
    async *list() {
      async function* walk(folder: string, prefix: string): AsyncGenerator<MediaKey> {
        const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
        entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
        for (const entry of entries) {
          if (entry.isDirectory()) yield* walk(path.join(folder, entry.name), `${prefix}${entry.name}/`);
          else if (entry.isFile() && !entry.name.endsWith('.partial')) yield `${prefix}${entry.name}`;
        }
      }
      yield* walk(root, '');
    },
    async openRead(key) {
      // The open descriptor keeps the file's bytes even when an upload renames a new file over it.
      const handle = await open(fileOf(key), 'r').catch(() => null);
      if (!handle) return null;
      const found = await handle.stat();
      if (!found.isFile()) {
        await handle.close();
        return null;
      }
      if (found.size > SMALL_FILE_BYTES) return { size: found.size, body: handle.createReadStream() };
      // A small file at once: a file stream per step image costs more than reading it.
      try {
        const content = await handle.readFile();
        return { size: content.length, body: Readable.from([content]) };
      } finally {
        await handle.close();
      }
    },
    exists: (key) =>
      stat(fileOf(key)).then(
        (found) => found.isFile(),
        () => false,
      ),
    async send(key, reply, options) {
      const isFile = await stat(fileOf(key)).then(
        (found) => found.isFile(),
        () => false,
      );
      if (!isFile) return false;
      reply.header('Cache-Control', options.cacheControl);
      await reply.sendFile(key.split('/').map(encodeURIComponent).join('/'), root, { cacheControl: false });
      return true;
    },
  };
}
