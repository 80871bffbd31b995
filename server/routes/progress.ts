/** Resume and progress (contract/progress.ts): a student's own place, and a student's progress for their owner. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MAX_PROGRESS_TABS, PROGRESS_PATHS } from '../../contract';
import { myProgress, progressSummary, saveMyProgress, studentProgress } from '../domain/progress';
import { id } from '../domain/fieldRules';
import { readParams, studentIdParam, type StudentIdRequest } from '../http/params';
import { requireActor, sendJson } from '../http/reply';
import type { AppServices } from '../http/services';
import { answers } from '../http/answers';
import { progressEntry, progressSummary as progressSummaryAnswer, studentProgressEntry } from './answers/classroom';

/** More than any gallery has: a bound that keeps nonsense out of the table. */
const MAX_STEPS = 1000;
const count = (max: number) => z.number().int('Must be a whole number.').min(1, 'Must be at least 1.').max(max, `Must be at most ${max}.`);

const progressBody = z.strictObject({
  lessonId: id(),
  tabId: z.string().trim().min(1, 'Must not be empty.').max(100, 'Must be at most 100 characters.'),
  tabTitle: z.string().trim().max(100, 'Must be at most 100 characters.').optional(),
  tabIndex: z.number().int('Must be a whole number.').min(0, 'Must be at least 0.').max(MAX_PROGRESS_TABS - 1, `Must be below ${MAX_PROGRESS_TABS}.`),
  tabs: count(MAX_PROGRESS_TABS),
  step: count(MAX_STEPS),
  steps: count(MAX_STEPS),
});

const noParams = z.strictObject({});
const summaryParams = z.strictObject({ owner: id().optional() });

export function progressRoutes(app: FastifyInstance, s: AppServices): void {
  app.put(PROGRESS_PATHS.myProgress, answers(progressEntry), async (request, reply) => {
    const actor = requireActor(request);
    return sendJson(reply, await saveMyProgress(s.ctx, actor, readParams(request, progressBody)));
  });
  app.get(PROGRESS_PATHS.myProgress, answers(z.array(progressEntry)), async (request, reply) => {
    const actor = requireActor(request);
    readParams(request, noParams);
    return sendJson(reply, await myProgress(s.ctx, actor));
  });
  app.get(PROGRESS_PATHS.studentProgress(':id'), answers(z.array(studentProgressEntry)), async (request: StudentIdRequest, reply) => {
    const actor = requireActor(request);
    readParams(request, noParams);
    return sendJson(reply, await studentProgress(s.ctx, actor, studentIdParam(request)));
  });
  app.get(PROGRESS_PATHS.progressSummary, answers(z.array(progressSummaryAnswer)), async (request, reply) => {
    const actor = requireActor(request);
    const { owner } = readParams(request, summaryParams);
    return sendJson(reply, await progressSummary(s.ctx, actor, s.limiters.unlockWrongPerStudent, owner));
  });
}
