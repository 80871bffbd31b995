/** The live class view (contract/classNow.ts): the class right now, its stream of changes, "I'm stuck" and "helped". */
import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CLASS_NOW_PATHS } from '../../contract';
import { classScope } from '../domain/classChoice';
import { classNow, classOwnerOf, markHelped, markMeStuck } from '../domain/classNow';
import { ClassNowHub, DEFAULT_HUB_TIMING, type HubTiming } from '../domain/classNowHub';
import { bearerToken, userFromToken } from '../http/auth';
import { id } from '../domain/fieldRules';
import { readParams } from '../http/params';
import { requireActor, sendJson } from '../http/reply';
import type { AppServices } from '../http/services';
import { answers } from '../http/answers';
import { classNowAnswer, classNowHelped, stuckResult } from './answers/classroom';

/** ?class=ID one class of the owner's, ?class=all every student; left out: the meeting under way, else every student. */
const viewQuery = z.strictObject({ owner: id().optional(), class: z.union([z.literal('all'), id()], { error: 'Must be "all" or a class id.' }).optional() });
const helpedBody = z.strictObject({ studentId: id() });
const stuckBody = z.strictObject({ lessonId: id() });

export function classNowRoutes(app: FastifyInstance, s: AppServices, timing: HubTiming = DEFAULT_HUB_TIMING): void {
  const hub = new ClassNowHub(s.ctx, app.log, s.limiters.unlockWrongPerStudent, timing);
  // Open streams would keep app.close() waiting for ever: they end before the server stops taking requests.
  app.addHook('preClose', async () => hub.closeAll());

  app.get(CLASS_NOW_PATHS.classNow, answers(classNowAnswer), async (request, reply) => {
    const actor = requireActor(request);
    const { owner, class: choice } = readParams(request, viewQuery);
    return sendJson(reply, await classNow(s.ctx, await classOwnerOf(s.ctx, actor, owner), choice, s.limiters.unlockWrongPerStudent));
  });

  app.get(CLASS_NOW_PATHS.classNowEvents, { config: { rawAnswer: 'server-sent events, written as they happen past the serializer' } }, async (request, reply) => {
    const actor = requireActor(request);
    const { owner, class: choice } = readParams(request, viewQuery);
    const ownerId = await classOwnerOf(s.ctx, actor, owner);
    // Decided on connect, while a refusal (another owner's class: 404) is still a plain answer.
    const scope = await classScope(s.ctx, ownerId, choice);
    const token = bearerToken(request.headers.authorization);
    // Refused (429) while still a plain answer: before the stream starts.
    const ticket = await hub.admit(actor.id);
    // The stream is written as it goes: past Fastify's serialization and compression (which would hold it back).
    reply.hijack();
    const raw = reply.raw;
    const headers: OutgoingHttpHeaders = {
      // The CORS and Strict-Transport-Security headers set by onRequest.
      ...(reply.getHeaders() as OutgoingHttpHeaders),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      // A stream's connection is not reused: once it ends (sign-out, shutdown) the socket goes too,
      // so that closing the server does not wait for an idle keep-alive socket.
      connection: 'close',
      'x-content-type-options': 'nosniff',
      // nginx and others buffer responses unless told not to.
      'x-accel-buffering': 'no',
      ...(s.config.instanceName !== null ? { 'x-instance': s.config.instanceName } : {}),
    };
    raw.writeHead(200, headers);
    raw.flushHeaders();
    const stream = await hub.open(
      ownerId,
      scope,
      {
        write: (chunk) => void raw.write(chunk),
        end: () => raw.end(),
        stillSignedIn: async () => (await userFromToken(s, token).then(() => true, () => false)),
      },
      ticket,
    );
    // The browser left (or the stream ended): the hub forgets it. It may have left during the snapshot's query.
    raw.on('close', () => stream.close());
    if (raw.destroyed) stream.close();
  });

  app.post(CLASS_NOW_PATHS.helped, answers(classNowHelped), async (request, reply) => {
    const actor = requireActor(request);
    const { studentId } = readParams(request, helpedBody);
    return sendJson(reply, await markHelped(s.ctx, actor, studentId));
  });

  app.post(CLASS_NOW_PATHS.myStuck, answers(stuckResult), async (request, reply) => {
    const actor = requireActor(request);
    const { lessonId } = readParams(request, stuckBody);
    return sendJson(reply, await markMeStuck(s.ctx, actor, lessonId));
  });
}
