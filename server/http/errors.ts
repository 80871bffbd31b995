/** Every error leaves as a WordPress error object, Fastify's own included; never a stack trace. */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../db/resilience';
import { ApiError } from '../errors';
import { loggableError } from './logging';

export const NO_ROUTE = (): ApiError => new ApiError(404, 'rest_no_route', 'No route was found matching the URL and request method.');

/** Fastify's own errors, by their code, in WordPress's words. */
function fromFastify(err: FastifyError): ApiError | null {
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new ApiError(400, 'rest_invalid_json', 'Invalid JSON body passed.', { json_error_code: 4, json_error_message: 'Syntax error' });
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError(413, 'rest_request_too_large', 'The request body is too large.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError(415, 'rest_unsupported_media_type', 'The request body is of an unsupported media type.');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new ApiError(400, 'rest_invalid_request', 'The request body does not match its Content-Length.');
    case 'FST_ERR_BAD_URL':
    case 'FST_ERR_ASYNC_CONSTRAINT':
      return NO_ROUTE();
    default:
      break;
  }
  const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
  if (status === 429) return new ApiError(429, 'too_many_requests', 'Too many requests. Please try again later.');
  if (status >= 400 && status < 500) return new ApiError(status, 'rest_invalid_request', 'The request could not be handled.');
  return null;
}

/** The database could not be reached or did not answer in time: the client may try again shortly. */
export const DATABASE_UNAVAILABLE = (): ApiError =>
  new ApiError(503, 'database_unavailable', 'The site is briefly unable to reach its database. Please try again in a moment.', {}, 2);

export function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  if (isDatabaseUnavailable(err)) return DATABASE_UNAVAILABLE();
  if (typeof err === 'object' && err !== null) {
    const e = err as FastifyError;
    // The static file sender refuses directories and dot files with 403/404: to a client that is no such file.
    if (e.code === undefined && (e.statusCode === 403 || e.statusCode === 404)) return NO_ROUTE();
    const mapped = fromFastify(e);
    if (mapped) return mapped;
  }
  return new ApiError(500, 'internal_server_error', 'There has been a critical error on this website.');
}

export function sendError(reply: FastifyReply, error: ApiError): FastifyReply {
  if (error.retryAfter !== undefined) reply.header('Retry-After', String(error.retryAfter));
  return reply.code(error.status).type('application/json; charset=UTF-8').send(error.toWire());
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const error = toApiError(err);
    if (error.code === 'database_unavailable') request.log.warn({ err: { message: (err as Error).message, code: (err as { code?: unknown }).code } }, 'request failed: database unavailable');
    else if (error.status >= 500) request.log.error({ err: loggableError(err) }, 'request failed');
    else request.log.info({ code: error.code, status: error.status }, 'request refused');
    return sendError(reply, error);
  });
}
