/**
 * The summary mail's one-click unsubscribe (RFC 8058; contract/family.ts FAMILY_PATHS.unsubscribe):
 * anonymous, the secret in the path names one family. A mail app posts List-Unsubscribe=One-Click as
 * a form (url-encoded or, as the RFC prefers, multipart); the family page's app posts JSON {}.
 * Only POST: a link checker that follows the address with GET unsubscribes nobody.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { FAMILY_PATHS } from '../../contract';
import { unsubscribeFamily } from '../domain/familySummaries';
import { answers } from '../http/answers';
import { readParams } from '../http/params';
import { sendJson } from '../http/reply';
import type { AppServices } from '../http/services';
import { familyUnsubscribeAnswer } from './answers/familyUnsubscribe';

const oneClick = z.strictObject({ 'List-Unsubscribe': z.literal('One-Click').optional() });

/** A multipart body holds nothing the route reads (the one field is fixed): it is taken and let go. */
const MULTIPART_LIMIT = 16 * 1024;

export async function familyUnsubscribeRoutes(app: FastifyInstance, s: AppServices): Promise<void> {
  await app.register(async (scope) => {
    scope.addContentTypeParser('multipart/form-data', { parseAs: 'string', bodyLimit: MULTIPART_LIMIT }, (_request, _body, done) => done(null, undefined));
    scope.post(
      FAMILY_PATHS.unsubscribe(':secret'),
      { ...answers(familyUnsubscribeAnswer), config: { family: true } },
      async (request: FastifyRequest<{ Params: { secret: string } }>, reply) => {
        readParams(request, oneClick);
        return sendJson(reply.header('cache-control', 'no-store'), await unsubscribeFamily(s.ctx, request.params.secret));
      },
    );
  });
}
