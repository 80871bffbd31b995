/**
 * The bulk student import's routes (contract/studentImport.ts): franchise owners (into
 * their own roster) and administrators (naming the owner). The upload is one multipart/form-data
 * file in the field "file" of at most STUDENT_IMPORT_LIMITS.fileBytes; a larger declared body is
 * refused before it is read, and a larger stream as soon as it passes the limit.
 */
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { STUDENT_IMPORT_LIMITS, STUDENT_IMPORT_PATHS } from '../../contract/studentImport';
import type { Actor } from '../domain/context';
import { importBusy, UPLOAD_LEASE_MS, uploadLeaseKey, withUploadLease } from '../domain/uploadLeases';
import { confirmImport, createImportPreview, readImportPreview, startMailingImportedStudents, stopMailingImportedStudents } from '../domain/studentImport';
import { ApiError, invalidParams, notAllowed } from '../errors';
import { readParams } from '../http/params';
import { sendJson } from '../http/reply';
import type { AppServices } from '../http/services';
import { answers } from '../http/answers';
import { studentImportPreview } from './answers/roster';

const MULTIPART_OVERHEAD = 64 * 1024;
/** How often each instance looks for imported accounts still waiting for their sign-in mail. */
const MAIL_JOB_INTERVAL_MS = 60_000;

const tooLarge = () =>
  new ApiError(413, 'student_import_too_large', `The file is larger than ${STUDENT_IMPORT_LIMITS.fileBytes / 1024 / 1024} MB, the most an import takes. Split it into smaller files. Nothing was stored.`);

function requireImporter(request: FastifyRequest): Actor {
  const viewer = request.viewer;
  if (!viewer) throw notAllowed(false);
  if (viewer.role !== 'administrator' && viewer.role !== 'franchise_owner') throw notAllowed(true);
  return viewer;
}

function importId(request: FastifyRequest): number {
  const raw = (request.params as { id?: string }).id ?? '';
  if (!/^\d{1,9}$/.test(raw)) throw new ApiError(404, 'student_import_not_found', 'There is no such import.');
  return Number(raw);
}

/** @fastify/multipart's errors in the import's words. */
function uploadError(err: unknown): unknown {
  const code = (err as { code?: string }).code;
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new ApiError(415, 'student_import_not_multipart', 'Send the file as multipart/form-data, in a field named "file".');
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PROTO_VIOLATION') {
    return new ApiError(400, 'student_import_invalid', 'Send one file, in a field named "file" (and "ownerId" for administrators).');
  }
  if (/Unexpected end of (form|multipart data)|terminated early|Premature close|aborted/i.test((err as Error)?.message ?? '')) {
    return new ApiError(400, 'student_import_incomplete', 'The upload stopped before the whole file arrived. Nothing was stored; please try again.');
  }
  return err;
}

interface Upload {
  bytes: Buffer;
  fileName: string;
  ownerId?: string;
}

async function readUpload(request: FastifyRequest): Promise<Upload> {
  let upload: Upload | null = null;
  let ownerId = (request.query as { ownerId?: string } | undefined)?.ownerId;
  try {
    const parts = request.parts({ limits: { files: 1, fields: 5, fieldSize: 1024, parts: 6, fileSize: STUDENT_IMPORT_LIMITS.fileBytes } });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname === 'ownerId') ownerId = String(part.value);
        continue;
      }
      if (part.fieldname !== 'file') {
        part.file.resume();
        throw new ApiError(400, 'student_import_invalid', 'Send the file in a field named "file".');
      }
      const chunks: Buffer[] = [];
      let total = 0;
      for await (const chunk of part.file) {
        total += (chunk as Buffer).length;
        if (total > STUDENT_IMPORT_LIMITS.fileBytes || part.file.truncated) throw tooLarge();
        chunks.push(chunk as Buffer);
      }
      if (part.file.truncated) throw tooLarge();
      upload = { bytes: Buffer.concat(chunks, total), fileName: (part.filename || 'students').replace(/^.*[/\\]/, '').slice(0, 200) };
    }
  } catch (err) {
    throw uploadError(err);
  }
  if (!upload) throw new ApiError(400, 'student_import_no_file', 'No file arrived. Send one CSV or Excel (.xlsx) file, in a field named "file". Nothing was stored.');
  return ownerId === undefined ? upload : { ...upload, ownerId };
}

const confirmParams = z.strictObject({ skipDuplicates: z.boolean({ error: 'Must be true or false.' }).optional() });

export async function studentImportRoutes(app: FastifyInstance, s: AppServices): Promise<void> {
  // Imported accounts waiting for their sign-in mail are finished by whichever instance runs.
  let timer: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    timer = setInterval(() => void startMailingImportedStudents(s.ctx, (err) => app.log.error({ err }, 'student import mails failed')), MAIL_JOB_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await stopMailingImportedStudents(s.ctx.db);
  });

  /** Owners and administrators only; a body declared over the limit is refused before it is read. */
  const admit = async (request: FastifyRequest, reply: FastifyReply) => {
    requireImporter(request);
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > STUDENT_IMPORT_LIMITS.fileBytes + MULTIPART_OVERHEAD) {
      reply.header('Connection', 'close');
      throw tooLarge();
    }
  };

  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { throwFileSizeLimit: false });
    scope.post(STUDENT_IMPORT_PATHS.previews, { preHandler: admit, ...answers(studentImportPreview) }, async (request, reply) => {
      const actor = requireImporter(request);
      // Taken before the body is read: however many instances, an account's files are read one at a time.
      const preview = await withUploadLease(s.ctx, { key: uploadLeaseKey(actor.id), ttlMs: UPLOAD_LEASE_MS, busy: () => importBusy('Another file of yours') }, async () => {
        const upload = await readUpload(request);
        let ownerId: number | undefined;
        if (upload.ownerId !== undefined && actor.role === 'administrator') {
          if (!/^\d{1,9}$/.test(upload.ownerId.trim())) throw invalidParams({ ownerId: 'Must be the id of a franchise owner.' });
          ownerId = Number(upload.ownerId.trim());
        }
        return createImportPreview(s.ctx, actor, { bytes: upload.bytes, fileName: upload.fileName, ...(ownerId === undefined ? {} : { ownerId }) });
      });
      return sendJson(reply, preview, 201);
    });
  });

  app.get(STUDENT_IMPORT_PATHS.preview(':id'), answers(studentImportPreview), async (request, reply) => {
    const actor = requireImporter(request);
    return sendJson(reply, await readImportPreview(s.ctx, actor, importId(request)));
  });

  app.post(STUDENT_IMPORT_PATHS.confirm(':id'), answers(studentImportPreview), async (request, reply) => {
    const actor = requireImporter(request);
    const p = readParams(request, confirmParams);
    return sendJson(reply, await confirmImport(s.ctx, actor, importId(request), p.skipDuplicates ?? false));
  });
}
