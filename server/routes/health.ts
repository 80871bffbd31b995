/**
 * Probes for a load balancer or an orchestrator: /healthz says the process answers; /readyz says it
 * can serve (the database answers and its schema is up to date), and whether this instance hears of
 * content changes (db/changeVersions.ts). No personal data, no auth.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/connection';
import { pendingMigrations, ping } from '../db/migrations';
import { sendJson } from '../http/reply';
import { answers } from '../http/answers';
import { healthAnswer } from './answers/wire';

export function healthRoutes(app: FastifyInstance, db: Db): void {
  let migrated = false;

  app.get('/healthz', answers(healthAnswer), (_request, reply) => sendJson(reply.header('Cache-Control', 'no-store'), { status: 'ok' }));

  app.get('/readyz', answers(healthAnswer, { 503: healthAnswer }), async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    try {
      await ping(db);
      if (!migrated) {
        const pending = await pendingMigrations(db);
        if (pending.length > 0) return sendJson(reply, { status: 'unavailable', database: 'ok', migrations: 'pending' }, 503);
        migrated = true;
      }
      // 'read each time' is slower, never wrong: the answer stays ready either way.
      return sendJson(reply, { status: 'ok', database: 'ok', migrations: 'done', changeVersions: db.changeVersions.mode });
    } catch (err) {
      request.log.warn({ err }, 'readiness check: the database does not answer');
      return sendJson(reply.header('Retry-After', '1'), { status: 'unavailable', database: 'unreachable' }, 503);
    }
  });
}
