/** The media storage driver for any S3-compatible object store (AWS S3, MinIO, Ceph, Garage, ...). */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
  type CompletedPart,
} from '@aws-sdk/client-s3';
import type { S3MediaConfig } from '../config';
import { asBuffer, mediaTypeOf, type MediaKey, type MediaStorage } from './storage';

const missing = (err: unknown): boolean =>
  err instanceof S3ServiceException && (err.$metadata.httpStatusCode === 404 || err.name === 'NoSuchKey' || err.name === 'NotFound');

/** A single byte range ("bytes=0-99", "bytes=100-", "bytes=-500") passed on to the store; anything else is ignored. */
const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/;

/**
 * A streamed upload goes up in parts of this size (S3's least is 5 MiB): an upload in progress
 * holds one part in memory, whatever the file's size.
 */
export const S3_PART_BYTES = 8 * 1024 * 1024;

/** Objects up to this size are read whole when opened. */
const SMALL_OBJECT_BYTES = 1024 * 1024;

export function s3Storage(config: S3MediaConfig): MediaStorage {
  const client = new S3Client({
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
  });
  const Bucket = config.bucket;
  const objectKey = (key: MediaKey) => config.prefix + key;

  async function head(key: MediaKey): Promise<{ ETag?: string } | null> {
    try {
      return await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
  }

  return {
    driver: 's3',
    async put(key, content) {
      const body = asBuffer(content);
      // An identical object is left alone: a single-part upload's ETag is its MD5.
      const md5 = createHash('md5').update(body).digest('hex');
      if ((await head(key))?.ETag?.replace(/"/g, '') === md5) return;
      await client.send(new PutObjectCommand({ Bucket, Key: objectKey(key), Body: body, ContentType: mediaTypeOf(key) }));
    },
    async putStream(key, content) {
      const Key = objectKey(key);
      const ContentType = mediaTypeOf(key);
      let chunks: Buffer[] = [];
      let buffered = 0;
      let uploadId: string | undefined;
      const parts: CompletedPart[] = [];
      const sendPart = async () => {
        const Body = Buffer.concat(chunks, buffered);
        chunks = [];
        buffered = 0;
        if (uploadId === undefined) {
          uploadId = (await client.send(new CreateMultipartUploadCommand({ Bucket, Key, ContentType }))).UploadId;
          if (!uploadId) throw new Error('The object store started no multipart upload');
        }
        const PartNumber = parts.length + 1;
        const { ETag } = await client.send(new UploadPartCommand({ Bucket, Key, UploadId: uploadId, PartNumber, Body }));
        parts.push({ ETag, PartNumber });
      };
      try {
        for await (const chunk of content) {
          const piece = asBuffer(chunk as Buffer | string);
          chunks.push(piece);
          buffered += piece.length;
          if (buffered >= S3_PART_BYTES) await sendPart();
        }
        if (uploadId === undefined) {
          // Smaller than one part: a plain PUT.
          await client.send(new PutObjectCommand({ Bucket, Key, Body: Buffer.concat(chunks, buffered), ContentType }));
          return;
        }
        if (buffered > 0) await sendPart();
        await client.send(new CompleteMultipartUploadCommand({ Bucket, Key, UploadId: uploadId, MultipartUpload: { Parts: parts } }));
      } catch (err) {
        if (uploadId !== undefined) await client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId: uploadId })).catch(() => undefined);
        throw err;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },
    async read(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : Buffer.alloc(0);
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    exists: async (key) => (await head(key)) !== null,
    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: config.prefix || undefined, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          if (object.Key && object.Key.startsWith(config.prefix) && !object.Key.endsWith('/')) yield object.Key.slice(config.prefix.length);
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async openRead(key) {
      const Key = objectKey(key);
      let found;
      try {
        found = await client.send(new HeadObjectCommand({ Bucket, Key }));
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
      const size = found.ContentLength;
      if (size === undefined) throw new Error(`The object store told no length for ${key}`);
      // If-Match: the object read is the one whose size was told, or the read fails.
      const get = () => client.send(new GetObjectCommand({ Bucket, Key, ...(found.ETag ? { IfMatch: found.ETag } : {}) }));
      if (size <= SMALL_OBJECT_BYTES) {
        const object = await get();
        return { size, body: Readable.from([Buffer.from((await object.Body?.transformToByteArray()) ?? [])]) };
      }
      // A large object is fetched when it is read: a backup opens the next files early, and a download
      // left waiting may be cut.
      async function* later(): AsyncGenerator<Buffer> {
        for await (const chunk of (await get()).Body as Readable) yield chunk as Buffer;
      }
      return { size, body: Readable.from(later()) };
    },
    async send(key, reply, { range, cacheControl }) {
      const wanted = range !== undefined && SINGLE_RANGE.test(range.trim()) && range.trim() !== 'bytes=-' ? range.trim() : undefined;
      let object;
      try {
        object = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key), ...(wanted ? { Range: wanted } : {}) }));
      } catch (err) {
        if (missing(err)) return false;
        if (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 416) {
          reply.code(416).header('Content-Range', 'bytes */*').send();
          return true;
        }
        throw err;
      }
      reply.header('Content-Type', object.ContentType || mediaTypeOf(key));
      reply.header('Accept-Ranges', 'bytes');
      reply.header('Cache-Control', cacheControl);
      if (object.ETag) reply.header('ETag', object.ETag);
      if (object.LastModified) reply.header('Last-Modified', object.LastModified.toUTCString());
      if (object.ContentLength !== undefined) reply.header('Content-Length', String(object.ContentLength));
      if (wanted && object.ContentRange) reply.code(206).header('Content-Range', object.ContentRange);
      else if (object.ETag && reply.request.headers['if-none-match'] === object.ETag) {
        (object.Body as Readable | undefined)?.destroy();
        reply.code(304).removeHeader('Content-Length').send();
        return true;
      }
      reply.send(object.Body as Readable);
      return true;
    },
  };
}
