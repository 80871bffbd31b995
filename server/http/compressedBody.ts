/**
 * A large answer that is the same Buffer object for many requests (the cached roster of
 * get_all_students_data, about 3 MB for 10,000 students) is compressed once per encoding and
 * kept for as long as that Buffer lives, instead of by @fastify/compress on every request
 * (brotli of 3 MB is about 30 ms of CPU each time).
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

type Encoding = 'br' | 'gzip';

const compressors: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  br: (body) =>
    promisify(brotliCompress)(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
  gzip: (body) => promisify(gzip)(body, { level: 6 }),
};

const encodedCopies = new WeakMap<Buffer, Map<Encoding, Promise<Buffer>>>();

/** The body in this encoding, compressed on first use (concurrent callers share one compression). */
export function encodedCopy(body: Buffer, encoding: Encoding): Promise<Buffer> {
  let copies = encodedCopies.get(body);
  if (!copies) {
    copies = new Map();
    encodedCopies.set(body, copies);
  }
  let copy = copies.get(encoding);
  if (!copy) {
    copy = compressors[encoding](body);
    copies.set(encoding, copy);
    copy.catch(() => copies.delete(encoding));
  }
  return copy;
}

const entityTags = new WeakMap<Buffer, string>();

/** A weak validator of the body's bytes (weak: its brotli, gzip and plain forms are one representation). */
export function entityTag(body: Buffer): string {
  let tag = entityTags.get(body);
  if (tag === undefined) {
    tag = `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    entityTags.set(body, tag);
  }
  return tag;
}

/** If-None-Match names this tag (or *): weak comparison, as RFC 9110 asks for GET. */
function notModified(request: FastifyRequest, tag: string): boolean {
  const header = request.headers['if-none-match'];
  if (typeof header !== 'string') return false;
  const opaque = (t: string) => t.trim().replace(/^W\//, '');
  return header.split(',').some((candidate) => candidate.trim() === '*' || opaque(candidate) === opaque(tag));
}

/**
 * Sends a shared body in the best encoding the client accepts (brotli, then gzip, else as it is).
 * `revalidate`: a GET answer the browser may keep but must check each time (Cache-Control:
 * private, no-cache): it carries an ETag, and a request naming that ETag gets 304 and no body.
 */
export async function sendSharedBody(request: FastifyRequest, reply: FastifyReply, body: Buffer, contentType: string, options: { revalidate?: boolean } = {}): Promise<FastifyReply> {
  reply.code(200).type(contentType).header('Vary', 'Accept-Encoding');
  if (options.revalidate && (request.method === 'GET' || request.method === 'HEAD')) {
    const tag = entityTag(body);
    // The answers depend on who asks (unlocks, codes, signed URLs): never kept by a shared cache.
    reply.header('ETag', tag).header('Cache-Control', 'private, no-cache').header('Vary', 'Accept-Encoding, Authorization');
    if (notModified(request, tag)) return reply.code(304).send();
  }
  const accepted = request.headers['accept-encoding'];
  const encoding = typeof accepted === 'string' ? negotiate<Encoding | 'identity'>(accepted, ['br', 'gzip', 'identity']) : null;
  if (encoding !== 'br' && encoding !== 'gzip') return reply.send(body);
  // With Content-Encoding set, @fastify/compress leaves the answer as it is.
  return reply.header('Content-Encoding', encoding).send(await encodedCopy(body, encoding));
}
