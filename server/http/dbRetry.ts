/**
 * Marks each GET and HEAD request as read-only work for the database layer, so a statement of it that
 * meets a dropped connection is run again on a fresh one (db/resilience.ts). Writes are not retried:
 * one that meets a dropped connection is answered 503 with Retry-After (http/errors.ts).
 */
import type { FastifyInstance } from 'fastify';
import { readOnlyWork } from '../db/resilience';

export function installDbRetry(app: FastifyInstance): void {
  // Callback style: the rest of the request (later hooks, the handler) runs inside run()'s context.
  app.addHook('onRequest', (request, _reply, done) => {
    readOnlyWork.run(request.method === 'GET' || request.method === 'HEAD', done);
  });
}
