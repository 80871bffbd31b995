import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '../domain/context';
import type { FamilySessionRef } from '../domain/familySessions';
import { ApiError, notAllowed } from '../errors';

export const JSON_TYPE = 'application/json; charset=UTF-8';

/**
 * Sends a value as WordPress does: JSON, a plain string as a JSON string literal ("email_sent").
 * It is written by the route's declared answer (answers.ts): only the fields the schema names.
 */
export function sendJson(reply: FastifyReply, value: unknown, status = 200): FastifyReply {
  reply.code(status).type(JSON_TYPE);
  return reply.send(answerText(reply, value));
}

/** The JSON text of a value as the route's declared answer writes it (for a body built once and sent many times). */
export function answerText(reply: FastifyReply, value: unknown): string {
  const text = reply.serialize(value);
  return typeof text === 'string' ? text : Buffer.from(text as ArrayBuffer).toString('utf8');
}

/** The signed-in caller, or 401 for an anonymous one. */
export function requireActor(request: FastifyRequest, anonymous: () => ApiError = () => notAllowed(false)): Actor {
  if (!request.viewer) throw anonymous();
  return request.viewer;
}

/** On a family route: the parent's session; 403 rest_forbidden for any other token, 401 without one. */
export function requireFamily(request: FastifyRequest): FamilySessionRef {
  if (request.family) return request.family;
  if (request.viewer) throw notAllowed(true);
  throw new ApiError(401, 'rest_not_logged_in', 'You are not currently logged in.');
}
