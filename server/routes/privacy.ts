/** A child's data (contract/privacy.ts): the download, the erasure, and the terms acceptances. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { PRIVACY_PATHS } from '../../contract';
import { acceptTerms, checkStudentAccess, eraseStudent, noSuchStudent, studentDataFor, termsStateFor } from '../domain/privacy';
import { invalidParams } from '../errors';
import { MAX_ID, readParams, secretText } from '../http/params';
import { requireActor, sendJson } from '../http/reply';
import type { AppServices } from '../http/services';

type IdRequest = FastifyRequest<{ Params: { id: string } }>;

function studentId(request: IdRequest): number {
  const raw = request.params.id;
  if (!/^\d{1,10}$/.test(raw) || Number(raw) > MAX_ID || Number(raw) < 1) throw noSuchStudent();
  return Number(raw);
}

const noParams = z.strictObject({});

/** Erasing cannot be undone: the caller says so explicitly (the app asks for the child's name first). */
const eraseParams = z.strictObject({
  confirm: z.union([z.literal(true), z.literal('true')], { error: 'Must be true: erasing cannot be undone.' }),
});

const acceptParams = z.strictObject({ version: secretText(64) });

export function privacyRoutes(app: FastifyInstance, s: AppServices): void {
  app.get(PRIVACY_PATHS.studentData(':id'), async (request: IdRequest, reply) => {
    const actor = requireActor(request);
    readParams(request, noParams);
    const id = studentId(request);
    const data = await studentDataFor(s.ctx, actor, id);
    reply.header('content-disposition', `attachment; filename="student-${id}-data.json"`);
    reply.header('cache-control', 'no-store');
    return sendJson(reply, data);
  });

  app.delete(PRIVACY_PATHS.studentErase(':id'), async (request: IdRequest, reply) => {
    const actor = requireActor(request);
    const id = studentId(request);
    await checkStudentAccess(s.ctx, actor, id);
    const p = readParams(request, eraseParams.partial());
    if (p.confirm === undefined) throw invalidParams({ confirm: 'Missing parameter: erasing needs { "confirm": true }.' });
    return sendJson(reply, await eraseStudent(s.ctx, actor, id));
  });

  app.get(PRIVACY_PATHS.termsAcceptance, async (request, reply) => {
    const actor = requireActor(request);
    readParams(request, noParams);
    return sendJson(reply, await termsStateFor(s.ctx, actor));
  });

  app.post(PRIVACY_PATHS.termsAcceptance, async (request, reply) => {
    const actor = requireActor(request);
    const p = readParams(request, acceptParams);
    return sendJson(reply, await acceptTerms(s.ctx, actor, p.version));
  });
}
