/**
 * The content studio's uploads, administrators only, one file per multipart/form-data
 * request in the field "file":
 * - uploadImages: a step image (at most STUDIO_LIMITS.imageBytes) → StudioImage, or a .zip of
 *   images (at most STUDIO_LIMITS.fileBytes) → StudioImage[] in natural name order, all or nothing;
 * - uploadFile: a lesson plan (PDF) or a video (MP4, WebM), at most STUDIO_LIMITS.fileBytes,
 *   streamed to the media storage → StudioFile.
 * Multipart parsing exists only inside this plugin: every other route keeps its 1 MB JSON bodies.
 * A refused or failed upload leaves nothing stored.
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { STUDIO_LIMITS, STUDIO_PATHS, type StudioFile, type StudioImage } from '../../contract/studio';
import type { Actor } from '../domain/context';
import { importBusy, uploadLeaseKey, withUploadLease } from '../domain/uploadLeases';
import { ApiError, notAllowed } from '../errors';
import { sendJson } from '../http/reply';
import { sandboxed } from '../http/securityHeaders';
import type { AppServices } from '../http/services';
import { imageFolderKeys, newMediaFolder, processImage, removeAll, STUDIO_MEDIA_ROOT, storeImage, studioImageOf } from '../media/imagePipeline';
import type { MediaKey } from '../media/storage';
import { entryBaseName, extractZipImages } from '../media/zipImages';
import { answers } from '../http/answers';
import { studioFile, studioImages } from './answers/studio';

/**
 * Sockets carrying an admitted studio upload. REQUEST_TIMEOUT_MS (30 s) bounds how long any
 * request may take to arrive, which would cut off a 500 MB video on an ordinary connection:
 * these are exempt (an administrator's upload, still closed by CONNECTION_TIMEOUT_MS when it
 * stalls and refused past its byte limit).
 */
const longUploads = new WeakSet<Socket>();

/**
 * Fastify's client error handler (its default, reproduced) except that an admitted studio upload
 * is not cut off by the request timeout.
 */
export function uploadAwareClientErrorHandler(this: FastifyInstance, err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT' && longUploads.has(socket)) return;
  const [status, message] = err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? [408, 'Client Timeout'] : err.code === 'HPE_HEADER_OVERFLOW' ? [431, 'Exceeded maximum allowed HTTP header size'] : [400, 'Client Error'];
  const statusText = STATUS_CODES[status] ?? '';
  const body = JSON.stringify({ error: statusText, message, statusCode: status });
  this.log.trace({ err }, 'client error');
  if (socket.writable) socket.write(`HTTP/1.1 ${status} ${statusText}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json\r\n\r\n${body}`);
  socket.destroy(err);
}

/** Room for the multipart boundaries and part headers around the file. */
const MULTIPART_OVERHEAD = 64 * 1024;
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** A zip's lease outlasts unpacking it (ZIP_READ_LIMITS) and making its images. */
const ZIP_LEASE_MS = 10 * 60_000;

const megabytes = (bytes: number): string => `${Math.round(bytes / (1024 * 1024))} MB`;

const tooLarge = (what: string, limit: number) =>
  new ApiError(413, 'studio_upload_too_large', `${what} is larger than ${megabytes(limit)}, the most the studio takes. Nothing was stored.`);

function requireAdmin(request: FastifyRequest): Actor {
  const viewer = request.viewer;
  if (!viewer) throw notAllowed(false);
  if (viewer.role !== 'administrator') throw notAllowed(true);
  return viewer;
}

/** @fastify/multipart's and busboy's errors in the studio's words. */
function uploadError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  const code = (err as { code?: string }).code;
  switch (code) {
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new ApiError(415, 'studio_upload_not_multipart', 'Send the file as multipart/form-data, in a field named "file".');
    case 'FST_FILES_LIMIT':
      return new ApiError(400, 'studio_upload_one_file', 'Send one file per request.');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PROTO_VIOLATION':
      return new ApiError(400, 'studio_upload_invalid', 'The upload has unexpected fields. Send one file, in a field named "file".');
    default:
      break;
  }
  const message = (err as Error)?.message ?? '';
  if (/Unexpected end of (form|multipart data)|terminated early|Premature close|aborted/i.test(message) || code === 'FST_REQ_PREMATURE_CLOSE') {
    return new ApiError(400, 'studio_upload_incomplete', 'The upload stopped before the whole file arrived. Nothing was stored; please try again.');
  }
  throw err;
}

/**
 * Reads the request's one file part and hands it to `handle`, then checks that no other file
 * follows. `undo` removes what `handle` stored when anything after it fails.
 */
async function withOneFile<T>(request: FastifyRequest, maxBytes: number, handle: (part: MultipartFile) => Promise<{ result: T; undo: () => Promise<void> }>): Promise<T> {
  let outcome: { result: T; undo: () => Promise<void> } | null = null;
  try {
    const parts = request.parts({ limits: { files: 1, fields: 10, fieldSize: 1024, parts: 12, fileSize: maxBytes } });
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file') {
        part.file.resume();
        throw new ApiError(400, 'studio_upload_invalid', `Send the file in a field named "file" (this one came as "${part.fieldname}").`);
      }
      outcome = await handle(part);
    }
  } catch (err) {
    await outcome?.undo();
    throw uploadError(err);
  }
  if (!outcome) throw new ApiError(400, 'studio_upload_no_file', 'No file arrived. Send one file, in a field named "file".');
  return outcome.result;
}

/** The part's bytes as they stream in, failing with 413 past `limit`. */
async function* limited(part: MultipartFile, limit: number, what: string): AsyncGenerator<Buffer> {
  let total = 0;
  for await (const chunk of part.file) {
    total += (chunk as Buffer).length;
    if (total > limit || part.file.truncated) throw tooLarge(what, limit);
    yield chunk as Buffer;
  }
  if (part.file.truncated) throw tooLarge(what, limit);
}

/** The first `count` bytes of a stream (fewer when it is shorter), and the stream of all its bytes. */
async function peek(source: AsyncIterator<Buffer>, count: number): Promise<{ head: Buffer; all: Readable }> {
  const seen: Buffer[] = [];
  let length = 0;
  let done = false;
  while (length < count) {
    const next = await source.next();
    if (next.done) {
      done = true;
      break;
    }
    seen.push(next.value);
    length += next.value.length;
  }
  const head = Buffer.concat(seen, length);
  async function* rest(): AsyncGenerator<Buffer> {
    yield head;
    if (done) return;
    for (let next = await source.next(); !next.done; next = await source.next()) yield next.value;
  }
  const all = new PassThrough();
  pipeline(rest(), all).catch((err: unknown) => all.destroy(err as Error));
  return { head, all };
}

/** A name safe in a URL path, from the uploaded one: "Lesson plan – Catapult (v2).PDF" → "lesson-plan-catapult-v2". */
export function slugOf(fileName: string): string {
  const base = path.basename(fileName, path.extname(fileName));
  const slug = base
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'file';
}

type FileKind = { type: 'application/pdf'; ext: '.pdf'; what: 'a PDF' } | { type: 'video/mp4'; ext: '.mp4'; what: 'an MP4 video' } | { type: 'video/webm'; ext: '.webm'; what: 'a WebM video' };

const MP4_BRANDS = new Set(['isom', 'iso2', 'iso3', 'iso4', 'iso5', 'iso6', 'iso7', 'iso8', 'iso9', 'mp41', 'mp42', 'avc1', 'M4V ', 'dash', 'mmp4', 'MSNV', 'f4v ']);

/** A lesson plan or video by its first bytes; a message for anything else. */
export function sniffFile(head: Buffer): FileKind | string {
  if (head.toString('latin1', 0, 5) === '%PDF-') return { type: 'application/pdf', ext: '.pdf', what: 'a PDF' };
  if (head.toString('latin1', 4, 8) === 'ftyp') {
    const brand = head.toString('latin1', 8, 12);
    if (MP4_BRANDS.has(brand)) return { type: 'video/mp4', ext: '.mp4', what: 'an MP4 video' };
    if (brand === 'qt  ') return 'is a QuickTime (.mov) video, which most browsers cannot play. Export it as MP4 (H.264) and upload that.';
    return 'is not a video the studio takes. Upload an MP4 or WebM video.';
  }
  if (head.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]))) {
    if (head.includes('webm', 0, 'latin1')) return { type: 'video/webm', ext: '.webm', what: 'a WebM video' };
    return 'is a Matroska (.mkv) video, which most browsers cannot play. Export it as MP4 or WebM and upload that.';
  }
  return 'is not a lesson plan or video the studio takes. Upload a PDF, an MP4 or a WebM file.';
}

const FILE_EXTENSIONS: Record<FileKind['ext'], readonly string[]> = { '.pdf': ['.pdf'], '.mp4': ['.mp4', '.m4v'], '.webm': ['.webm'] };

export async function studioMediaRoutes(app: FastifyInstance, s: AppServices): Promise<void> {
  const sign = (actor: Actor) => (urlPath: string) => s.mediaSigner.sign(urlPath, actor.id, s.ctx.clock());

  /** Administrators only, and a body whose declared length is over the limit is refused before it is read. */
  const admit = async (request: FastifyRequest, reply: FastifyReply) => {
    requireAdmin(request);
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > STUDIO_LIMITS.fileBytes + MULTIPART_OVERHEAD) {
      reply.header('Connection', 'close');
      throw tooLarge('The upload', STUDIO_LIMITS.fileBytes);
    }
    const socket = request.raw.socket;
    longUploads.add(socket);
    reply.raw.once('close', () => longUploads.delete(socket));
  };

  async function storeZip(part: MultipartFile, source: Readable, actor: Actor): Promise<{ result: StudioImage[]; undo: () => Promise<void> }> {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'studio-zip-'));
    const stored: MediaKey[] = [];
    const undo = () => removeAll(s.media, stored);
    const zipName = path.basename(part.filename || 'upload.zip');
    try {
      const file = path.join(dir, 'upload.zip');
      await pipeline(source, createWriteStream(file));
      // One zip at a time per account on every instance; taken once the zip has arrived, for its unpacking and images.
      const images = await withUploadLease(s.ctx, { key: uploadLeaseKey(actor.id), ttlMs: ZIP_LEASE_MS, busy: () => importBusy('Another zip of yours') }, async () => {
        const entries = await extractZipImages(file, zipName, dir);
        if (entries.length === 0) throw new ApiError(400, 'studio_zip_no_images', `"${zipName}" holds no images (JPEG, PNG, WebP, AVIF or GIF).`);
        const made: StudioImage[] = [];
        for (const entry of entries) {
          const processed = await processImage(await readFile(entry.file), entryBaseName(entry.name));
          if (!processed.ok) {
            throw new ApiError(processed.status, processed.code, `Nothing from "${zipName}" was stored: "${entry.name}" was refused. ${processed.message}`);
          }
          const folder = await storeImage(s.media, processed);
          stored.push(...imageFolderKeys(folder));
          made.push(studioImageOf(folder, processed.width, processed.height, processed.name, sign(actor)));
        }
        return made;
      });
      return { result: images, undo };
    } catch (err) {
      await undo();
      throw err;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  async function storeOneImage(part: MultipartFile, all: Readable, actor: Actor) {
    const name = part.filename || 'image';
    const chunks: Buffer[] = [];
    let total = 0;
    for await (const chunk of all) {
      total += (chunk as Buffer).length;
      if (total > STUDIO_LIMITS.imageBytes) {
        all.destroy();
        throw new ApiError(
          413,
          'studio_image_too_large',
          `"${path.basename(name)}" is larger than ${megabytes(STUDIO_LIMITS.imageBytes)}, the most an image may be. Nothing was stored.`,
        );
      }
      chunks.push(chunk as Buffer);
    }
    const processed = await processImage(Buffer.concat(chunks, total), name);
    if (!processed.ok) throw new ApiError(processed.status, processed.code, `${processed.message} Nothing was stored.`);
    const folder = await storeImage(s.media, processed);
    return {
      result: studioImageOf(folder, processed.width, processed.height, processed.name, sign(actor)),
      undo: () => removeAll(s.media, imageFolderKeys(folder)),
    };
  }

  await app.register(async (scope) => {
    // Over-size files are answered by limited(), which knows which limit (image or zip) applies.
    await scope.register(fastifyMultipart, { throwFileSizeLimit: false });
    // Media answers, like the files they store, are sandboxed.
    scope.addHook('onRequest', async (_request, reply) => {
      sandboxed(reply);
    });

    scope.post(STUDIO_PATHS.uploadImages, { preHandler: admit, ...answers(studioImages) }, async (request, reply) => {
      const actor = requireAdmin(request);
      const result = await withOneFile<StudioImage | StudioImage[]>(request, STUDIO_LIMITS.fileBytes, async (part) => {
        const name = part.filename || 'upload';
        const { head, all } = await peek(limited(part, STUDIO_LIMITS.fileBytes, `"${path.basename(name)}"`)[Symbol.asyncIterator](), ZIP_MAGIC.length);
        if (head.subarray(0, 4).equals(ZIP_MAGIC)) return storeZip(part, all, actor);
        return storeOneImage(part, all, actor);
      });
      return sendJson(reply, result);
    });

    scope.post(STUDIO_PATHS.uploadFile, { preHandler: admit, ...answers(studioFile) }, async (request, reply) => {
      const actor = requireAdmin(request);
      const result = await withOneFile<StudioFile>(request, STUDIO_LIMITS.fileBytes, async (part) => {
        const name = path.basename(part.filename || 'file');
        const { head, all } = await peek(limited(part, STUDIO_LIMITS.fileBytes, `"${name}"`)[Symbol.asyncIterator](), 64);
        const kind = sniffFile(head);
        if (typeof kind === 'string') {
          all.destroy();
          throw new ApiError(415, 'studio_file_unsupported', `"${name}" ${kind}`);
        }
        const ext = path.extname(name).toLowerCase();
        if (ext !== '' && !FILE_EXTENSIONS[kind.ext].includes(ext)) {
          all.destroy();
          throw new ApiError(415, 'studio_file_wrong_extension', `"${name}" is really ${kind.what}, though its name ends in ${ext}. Rename it to ${kind.ext} and upload it again.`);
        }
        const urlPath = `${STUDIO_MEDIA_ROOT}/${newMediaFolder()}/${slugOf(name)}${kind.ext}`;
        const key = urlPath.slice(1);
        let bytes = 0;
        const counted = new Transform({
          transform(chunk: Buffer, _encoding, done) {
            bytes += chunk.length;
            done(null, chunk);
          },
        });
        all.on('error', (err) => counted.destroy(err));
        all.pipe(counted);
        await s.media.putStream(key, counted);
        return {
          result: { path: urlPath, url: sign(actor)(urlPath), name, type: kind.type, bytes },
          undo: () => s.media.remove(key),
        };
      });
      return sendJson(reply, result);
    });
  });
}
