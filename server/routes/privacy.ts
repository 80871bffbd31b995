/** A child's data (contract/privacy.ts): the download, the erasure, and the terms acceptances. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PRIVACY_PATHS } from '../../contract';
import { acceptTerms, checkStudentAccess, eraseStudent, studentDataFor, termsStateFor } from '../domain/privacy';
import { invalidParams } from '../errors';
import { secretText } from '../domain/fieldRules';
import { readParams, studentIdParam, type StudentIdRequest } from '../http/params';
import { requireActor, sendJson } from '../http/reply';
import type { AppServices } from '../http/services';
import { answers } from '../http/answers';
import { studentDataExport, studentEraseResult, termsAcceptanceState } from './answers/roster';

const noParams = z.strictObject({});

/** Erasing cannot be undone: the caller says so explicitly (the app asks for the child's name first). */
const eraseParams = z.strictObject({
  confirm: z.union([z.literal(true), z.literal('true')], { error: 'Must be true: erasing cannot be undone.' }),
});

const acceptParams = z.strictObject({ version: secretText(64) });

export function privacyRoutes(app: FastifyInstance, s: AppServices): void {
  app.get(PRIVACY_PATHS.studentData(':id'), answers(studentDataExport), async (request: StudentIdRequest, reply) => {
    const actor = requireActor(request);
    readParams(request, noParams);
    const id = studentIdParam(request);
    const data = await studentDataFor(s.ctx, actor, id);
    reply.header('content-disposition', `attachment; filename="student-${id}-data.json"`);
    reply.header('cache-control', 'no-store');
    return sendJson(reply, data);
  });

  app.delete(PRIVACY_PATHS.studentErase(':id'), answers(studentEraseResult), async (request: StudentIdRequest, reply) => {
    const actor = requireActor(request);
    const id = studentIdParam(request);
    await checkStudentAccess(s.ctx, actor, id);
    const p = readParams(request, eraseParams.partial());
    if (p.confirm === undefined) throw invalidParams({ confirm: 'Missing parameter: erasing needs { "confirm": true }.' });
    return sendJson(reply, await eraseStudent(s.ctx, actor, id));
  });

  app.get(PRIVACY_PATHS.termsAcceptance, answers(termsAcceptanceState), async (request, reply) => {
    const actor = requireActor(request);
    readParams(request, noParams);
    return sendJson(reply, await termsStateFor(s.ctx, actor));
  });

  app.post(PRIVACY_PATHS.termsAcceptance, answers(termsAcceptanceState), async (request, reply) => {
    const actor = requireActor(request);
    const p = readParams(request, acceptParams);
    return sendJson(reply, await acceptTerms(s.ctx, actor, p.version));
  });
}
