/**
 * Classes (contract/classes.ts CLASSES_PATHS): franchise owners their own, administrators every
 * owner's. Whose class it is comes from the Bearer token (and an administrator's ownerId), never
 * from anything else in the body.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CLASSES_PATHS } from '../../contract';
import { archiveClass, classNotFound, createClass, getClass, listClasses, updateClass } from '../domain/classes';
import { classInputSchema } from '../domain/classRules';
import { isAdmin, isOwner, type Actor } from '../domain/context';
import { notAllowed } from '../errors';
import { id, MAX_ID } from '../domain/fieldRules';
import { readParams } from '../http/params';
import { requireActor, sendJson } from '../http/reply';
import type { AppServices } from '../http/services';
import { answers } from '../http/answers';
import { classList, classRecord } from './answers/classes';

type ClassIdRequest = FastifyRequest<{ Params: { id: string } }>;

const noParams = z.strictObject({});
const listParams = z.strictObject({
  owner: id().optional(),
  archived: z.enum(['0', '1'], { error: 'Must be 1 (archived classes too) or 0.' }).optional(),
});
const archiveParams = z.strictObject({ archived: z.boolean({ error: 'Must be true or false.' }) });

/** Franchise owners and administrators, checked before anything is read. */
function staff(request: FastifyRequest): Actor {
  const actor = requireActor(request);
  if (!isAdmin(actor) && !isOwner(actor)) throw notAllowed(true);
  return actor;
}

/** The class :id of a path, or 404 as for an unknown class. */
function classIdParam(request: ClassIdRequest): number {
  const raw = request.params.id;
  if (!/^\d{1,10}$/.test(raw) || Number(raw) > MAX_ID || Number(raw) < 1) throw classNotFound();
  return Number(raw);
}

export function classesRoutes(app: FastifyInstance, s: AppServices): void {
  app.get(CLASSES_PATHS.classes, answers(classList), async (request, reply) => {
    const actor = staff(request);
    const p = readParams(request, listParams);
    return sendJson(reply, await listClasses(s.ctx, actor, { ...(p.owner !== undefined ? { ownerId: p.owner } : {}), archived: p.archived === '1' }));
  });

  app.post(CLASSES_PATHS.classes, answers(classRecord), async (request, reply) => {
    const actor = staff(request);
    const { ownerId, ...fields } = readParams(request, classInputSchema);
    return sendJson(reply, await createClass(s.ctx, actor, fields, ownerId), 201);
  });

  app.get(CLASSES_PATHS.class(':id'), answers(classRecord), async (request: ClassIdRequest, reply) => {
    const actor = staff(request);
    readParams(request, noParams);
    return sendJson(reply, await getClass(s.ctx, actor, classIdParam(request)));
  });

  app.put(CLASSES_PATHS.class(':id'), answers(classRecord), async (request: ClassIdRequest, reply) => {
    const actor = staff(request);
    const { ownerId, ...fields } = readParams(request, classInputSchema);
    return sendJson(reply, await updateClass(s.ctx, actor, classIdParam(request), fields, ownerId));
  });

  app.post(CLASSES_PATHS.classArchive(':id'), answers(classRecord), async (request: ClassIdRequest, reply) => {
    const actor = staff(request);
    const p = readParams(request, archiveParams);
    return sendJson(reply, await archiveClass(s.ctx, actor, classIdParam(request), p.archived));
  });
}
