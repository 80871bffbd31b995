import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '../domain/context';
import { notAllowed, type ApiError } from '../errors';

export const JSON_TYPE = 'application/json; charset=UTF-8';

/** Sends a value as WordPress does: JSON, a plain string as a JSON string literal ("email_sent"). */
export function sendJson(reply: FastifyReply, value: unknown, status = 200): FastifyReply {
  return reply.code(status).type(JSON_TYPE).send(JSON.stringify(value));
}

/** The signed-in caller, or 401 for an anonymous one. */
export function requireActor(request: FastifyRequest, anonymous: () => ApiError = () => notAllowed(false)): Actor {
  if (!request.viewer) throw anonymous();
  return request.viewer;
}
