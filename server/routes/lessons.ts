/**
 * Lessons used and left, renewals, renewals due, the lesson settings and the office's monthly report
 * (contract/lessons.ts LESSONS_PATHS). Who may see which student comes from the Bearer token alone
 * (domain/lessons.ts, domain/lessonReports.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { LESSON_LIMITS, LESSONS_PATHS } from '../../contract';
import { isAdmin, isOwner, type Actor } from '../domain/context';
import { id, isoDate, text, wireInt } from '../domain/fieldRules';
import { listRenewalsDue, monthlyReport } from '../domain/lessonReports';
import { getLessonSettings, getStudentLessons, putLessonSettings, renewStudent } from '../domain/lessons';
import { notAllowed } from '../errors';
import { answers } from '../http/answers';
import { readParams, studentIdParam, type StudentIdRequest } from '../http/params';
import { requireActor, sendJson } from '../http/reply';
import type { AppServices } from '../http/services';
import { lessonSettings, monthlyReport as monthlyReportAnswer, renewalsDue, studentLessons } from './answers/lessons';

const noParams = z.strictObject({});
const renewalParams = z.strictObject({ addLessons: wireInt(1, LESSON_LIMITS.maxRenewalLessons), endDate: isoDate() });
const renewalsParams = z.strictObject({ owner: id().optional(), country: text(100).optional() });
const settingsParams = z.strictObject({
  countHeldLessons: z.boolean({ error: 'Must be true or false.' }),
  renewalLessonsLeft: wireInt(0, LESSON_LIMITS.maxRenewalLessonsLeft),
  renewalDaysBeforeEnd: wireInt(0, LESSON_LIMITS.maxRenewalDays),
});
const monthParams = z.strictObject({ month: z.string({ error: 'Must be a month as YYYY-MM.' }) });

/** Franchise owners and administrators (administrators only with `adminOnly`), checked before anything is read. */
function staff(request: FastifyRequest, adminOnly = false): Actor {
  const actor = requireActor(request);
  if (!isAdmin(actor) && (adminOnly || !isOwner(actor))) throw notAllowed(true);
  return actor;
}

export function lessonsRoutes(app: FastifyInstance, s: AppServices): void {
  app.get(LESSONS_PATHS.studentLessons(':id'), answers(studentLessons), async (request: StudentIdRequest, reply) => {
    const actor = staff(request);
    readParams(request, noParams);
    return sendJson(reply, await getStudentLessons(s.ctx, actor, studentIdParam(request)));
  });

  app.post(LESSONS_PATHS.studentRenewal(':id'), answers(studentLessons), async (request: StudentIdRequest, reply) => {
    const actor = staff(request);
    const p = readParams(request, renewalParams);
    return sendJson(reply, await renewStudent(s.ctx, actor, studentIdParam(request), p));
  });

  app.get(LESSONS_PATHS.renewalsDue, answers(renewalsDue), async (request, reply) => {
    const actor = staff(request);
    const p = readParams(request, renewalsParams);
    return sendJson(reply, await listRenewalsDue(s.ctx, actor, { ...(p.owner !== undefined ? { ownerId: p.owner } : {}), ...(p.country ? { country: p.country } : {}) }));
  });

  app.get(LESSONS_PATHS.lessonSettings, answers(lessonSettings), async (request, reply) => {
    const actor = staff(request);
    readParams(request, noParams);
    return sendJson(reply, await getLessonSettings(s.ctx, actor));
  });

  app.put(LESSONS_PATHS.lessonSettings, answers(lessonSettings), async (request, reply) => {
    const actor = staff(request, true);
    return sendJson(reply, await putLessonSettings(s.ctx, actor, readParams(request, settingsParams)));
  });

  app.get(LESSONS_PATHS.monthlyReport, answers(monthlyReportAnswer), async (request, reply) => {
    const actor = staff(request, true);
    const p = readParams(request, monthParams);
    return sendJson(reply, await monthlyReport(s.ctx, actor, p.month));
  });
}
