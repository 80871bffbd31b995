/** Problem reports (contract/reports.ts): any signed-in user sends one; administrators read and triage them. */
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { REPORT_LIMITS, REPORT_PATHS, REPORT_STATUSES } from '../../contract';
import { isAdmin, type Actor } from '../domain/context';
import { checkActionLog, createReport, decodeScreenshot, listReports, noSuchReport, reportDetail, reportScreenshot, updateReport } from '../domain/reports';
import { ApiError, invalidParams, notAllowed, tooManyAttempts } from '../errors';
import { sendError } from '../http/errors';
import { MAX_ID, text, wireInt } from '../domain/fieldRules';
import { readParams } from '../http/params';
import { requireActor, sendJson } from '../http/reply';
import { sandboxed } from '../http/securityHeaders';
import type { AppServices } from '../http/services';
import { answers } from '../http/answers';
import { reportDetail as reportDetailAnswer, reportPage, reportReceipt } from './answers/classroom';

type IdRequest = FastifyRequest<{ Params: { id: string } }>;

function reportId(request: IdRequest): number {
  const raw = request.params.id;
  if (!/^\d{1,10}$/.test(raw) || Number(raw) > MAX_ID || Number(raw) < 1) throw noSuchReport();
  return Number(raw);
}

function requireAdmin(request: FastifyRequest): Actor {
  const actor = requireActor(request);
  if (!isAdmin(actor)) throw notAllowed(true);
  return actor;
}

// eslint-disable-next-line no-control-regex -- control characters other than line breaks and tabs are refused
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Several lines of text (a note, a comment, a stack): no control characters but line breaks and tabs. */
function lines(max: number, min = 0) {
  return z
    .string({ error: 'Must be a string.' })
    .trim()
    .min(min, 'Must not be empty.')
    .max(max, `Must be at most ${max} characters long.`)
    .refine((s) => !CONTROL_BUT_LINES.test(s) && !LONE_SURROGATE.test(s), 'Must be text without control characters.');
}

const createParams = z.strictObject({
  note: lines(REPORT_LIMITS.noteChars, 1),
  log: z.string({ error: 'Must be a string.' }).min(2, 'Must be an action log.'),
  screenshot: z.string({ error: 'Must be a string.' }).optional(),
  appVersion: text(40),
  userAgent: lines(500, 1),
  screen: z.string({ error: 'Must be a string.' }).regex(/^\d{1,5}x\d{1,5}$/, 'Must be width x height, e.g. 1280x800.'),
  program: text(100).optional(),
  lessonId: wireInt(1, MAX_ID).optional(),
  error: z
    .strictObject({
      message: lines(REPORT_LIMITS.errorMessageChars, 1),
      stack: lines(REPORT_LIMITS.errorStackChars).optional(),
      source: text(60),
    })
    .optional(),
  clientId: z.string({ error: 'Must be a string.' }).regex(/^[A-Za-z0-9_-]{8,64}$/, 'Must be 8 to 64 letters, digits, - or _.'),
});

const listParams = z.strictObject({
  status: z.enum(REPORT_STATUSES, { error: `Must be one of ${REPORT_STATUSES.join(', ')}.` }).optional(),
  role: text(30).optional(),
  program: text(100).optional(),
  appVersion: text(40).optional(),
  page: wireInt(1, 100_000).optional(),
  per_page: wireInt(1, 100).optional(),
});

const updateParams = z.strictObject({
  status: z.enum(REPORT_STATUSES, { error: `Must be one of ${REPORT_STATUSES.join(', ')}.` }).optional(),
  comment: lines(REPORT_LIMITS.commentChars).optional(),
});

const noParams = z.strictObject({});

const tooLarge = () =>
  new ApiError(413, 'report_too_large', `A problem report may be at most ${REPORT_LIMITS.bodyBytes / 1024 / 1024} MB, picture included. Send it without the picture.`);

export function reportRoutes(app: FastifyInstance, s: AppServices): void {
  app.post(REPORT_PATHS.reports, {
    ...answers(reportReceipt),
    // The whole body is at most 1 MB (the server's limit): say so in the report's own words.
    errorHandler: (err: FastifyError, _request, reply) => {
      if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return sendError(reply, tooLarge());
      throw err;
    },
    handler: async (request, reply) => {
      const actor = requireActor(request);
      const p = readParams(request, createParams);
      const log = checkActionLog(p.log);
      const screenshot = p.screenshot === undefined ? undefined : decodeScreenshot(p.screenshot);
      const { receipt, created } = await createReport(s.ctx, actor, { ...p, log, screenshot }, async () => {
        const attempt = await s.limiters.reportsPerUser.take(String(actor.id));
        if (attempt.retryAfter !== null) throw tooManyAttempts(attempt.retryAfter);
      });
      return sendJson(reply, receipt, created ? 201 : 200);
    },
  });

  app.get(REPORT_PATHS.reports, answers(reportPage), async (request, reply) => {
    requireAdmin(request);
    const p = readParams(request, listParams);
    const filter = { status: p.status, role: p.role, program: p.program, appVersion: p.appVersion };
    reply.header('cache-control', 'no-store');
    return sendJson(reply, await listReports(s.ctx, filter, p.page ?? 1, p.per_page ?? 20));
  });

  app.get(REPORT_PATHS.report(':id'), answers(reportDetailAnswer), async (request: IdRequest, reply) => {
    requireAdmin(request);
    readParams(request, noParams);
    reply.header('cache-control', 'no-store');
    return sendJson(reply, await reportDetail(s.ctx, reportId(request)));
  });

  app.get(REPORT_PATHS.screenshot(':id'), { config: { rawAnswer: 'the screenshot, a PNG or JPEG image' } }, async (request: IdRequest, reply) => {
    requireAdmin(request);
    const picture = await reportScreenshot(s.ctx, reportId(request));
    return sandboxed(reply).code(200).type(picture.type).header('cache-control', 'private, no-store').send(picture.bytes);
  });

  app.patch(REPORT_PATHS.report(':id'), answers(reportDetailAnswer), async (request: IdRequest, reply) => {
    requireAdmin(request);
    const id = reportId(request);
    const p = readParams(request, updateParams);
    if (p.status === undefined && p.comment === undefined) throw invalidParams({ status: 'Give a status or a comment to change.' });
    return sendJson(reply, await updateReport(s.ctx, id, p));
  });
}
