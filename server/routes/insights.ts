/**
 * Where children get stuck (contract/insights.ts INSIGHTS_PATHS): administrators read every
 * student's steps or one owner's (?owner=), a franchise owner her own students' only; students,
 * parents and anonymous callers are refused, decided from the Bearer token (domain/insights.ts).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { INSIGHTS_PATHS } from '../../contract';
import { stuckSteps } from '../domain/insights';
import { id, wireInt } from '../domain/fieldRules';
import { readParams } from '../http/params';
import { sendJson } from '../http/reply';
import { siteOrigin, type AppServices } from '../http/services';
import { answers } from '../http/answers';
import { staff } from './rosterEdit';
import { stuckStepsAnswer } from './answers/insights';

/** How many steps one answer lists (the worst first). */
const STUCK_STEPS_LIMIT = { default: 50, max: 200 } as const;

const stuckStepsParams = z.strictObject({
  owner: id().optional(),
  limit: wireInt(1, STUCK_STEPS_LIMIT.max).default(STUCK_STEPS_LIMIT.default),
});

export function insightsRoutes(app: FastifyInstance, s: AppServices): void {
  app.get(INSIGHTS_PATHS.stuckSteps, answers(stuckStepsAnswer), async (request, reply) => {
    const actor = staff(request);
    const p = readParams(request, stuckStepsParams);
    return sendJson(reply, await stuckSteps(s.ctx, actor, p, siteOrigin(request, s.config), s.mediaSigner));
  });
}
