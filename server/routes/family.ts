/**
 * The parent's routes (contract/family.ts FAMILY_PATHS): the sign-in link and the session it opens,
 * signing out, the family page, a child's data, an erasure request, a message to the teacher and
 * the parent's settings. Marked config.family: they take a parent's token (request.family), which
 * every other route refuses.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { FAMILY_LANGUAGES, FAMILY_LIMITS, FAMILY_PATHS, type FamilyChild, type FamilyOverview, type FamilySession } from '../../contract';
import { email, id, secretText } from '../domain/fieldRules';
import { familyGreeting, familyOverview } from '../domain/familyOverview';
import { changeFamilySettings, familyChildData, messageTeacher, requestErasure } from '../domain/familyRequests';
import { endFamilySession, openFamilySession, requestFamilyLink } from '../domain/familySessions';
import { tooManyAttempts } from '../errors';
import { answers } from '../http/answers';
import { readParams, studentIdParam, type StudentIdRequest } from '../http/params';
import { requireFamily, sendJson } from '../http/reply';
import { siteOrigin, type AppServices } from '../http/services';
import { studentDataExport } from './answers/roster';
import { familyChildAnswer, familyOverviewAnswer, familySessionAnswer, familySignInLinkAnswer } from './answers/family';

const family = { config: { family: true } };

/** Models' pictures as the model pages serve them: on the site's origin as the request reached it. */
function picturesFrom<T extends FamilyChild>(child: T, origin: string): T {
  const absolute = (url: string) => (url.startsWith('/') && !url.startsWith('//') ? origin + url : url);
  return { ...child, models: child.models.map((model) => ({ ...model, imageUrl: absolute(model.imageUrl) })) };
}
const overviewFrom = (overview: FamilyOverview, origin: string): FamilyOverview => ({ ...overview, children: overview.children.map((child) => picturesFrom(child, origin)) });
const noParams = z.strictObject({});
const language = z.enum(FAMILY_LANGUAGES, { error: `Must be one of ${FAMILY_LANGUAGES.join(', ')}.` });

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** A message of several lines: trimmed, 1..messageMaxLength characters, no other control characters. */
const messageText = z
  .string({ error: 'Must be a string.' })
  .trim()
  .min(1, 'Must not be empty.')
  .max(FAMILY_LIMITS.messageMaxLength, `Must be at most ${FAMILY_LIMITS.messageMaxLength} characters long.`)
  .refine((s) => !CONTROL_BUT_LINES.test(s) && !LONE_SURROGATE.test(s), 'Must be plain text.');

const linkParams = z.strictObject({ email: email(), language: language.optional() });
const sessionParams = z.strictObject({ secret: secretText(200) });
const messageParams = z.strictObject({ text: messageText });
const settingsParams = z.strictObject({
  language: language.optional(),
  summaries: z.array(z.strictObject({ ownerId: id(), subscribed: z.boolean({ error: 'Must be true or false.' }) })).max(100).optional(),
});

const noContent = { config: { family: true, rawAnswer: 'no content (204)' } };

export function familyRoutes(app: FastifyInstance, s: AppServices): void {
  app.post(FAMILY_PATHS.signInLink, { ...family, ...answers(familySignInLinkAnswer) }, async (request, reply) => {
    const p = readParams(request, linkParams);
    // Counted whether or not the address is a parent's, so the limit tells nothing either.
    const wait = (await s.limiters.familyLinkPerIp.take(request.ip)).retryAfter ?? (await s.limiters.familyLinkPerEmail.take(p.email)).retryAfter;
    if (wait !== null) throw tooManyAttempts(wait);
    await requestFamilyLink(s.ctx, p.email, p.language);
    return sendJson(reply.header('cache-control', 'no-store'), { sent: true });
  });

  app.post(FAMILY_PATHS.session, { ...family, ...answers(familySessionAnswer) }, async (request, reply) => {
    const p = readParams(request, sessionParams);
    const session = await openFamilySession(s.ctx, p.secret.trim());
    const token = await s.tokens.issueFamily(session.id, s.ctx.clock(), new Date(session.expiresAt));
    const body: FamilySession = { token, email: session.email, ...(await familyGreeting(s.ctx, session.email)), expiresAt: session.expiresAt };
    return sendJson(reply.header('cache-control', 'no-store'), body);
  });

  app.delete(FAMILY_PATHS.signOut, noContent, async (request, reply) => {
    const session = requireFamily(request);
    readParams(request, noParams);
    await endFamilySession(s.ctx, session);
    return reply.code(204).send();
  });

  app.get(FAMILY_PATHS.overview, { ...family, ...answers(familyOverviewAnswer) }, async (request, reply) => {
    const session = requireFamily(request);
    readParams(request, noParams);
    return sendJson(reply.header('cache-control', 'no-store'), overviewFrom(await familyOverview(s.ctx, session.email), siteOrigin(request, s.config)));
  });

  app.get(FAMILY_PATHS.childData(':id'), { ...family, ...answers(studentDataExport) }, async (request: StudentIdRequest, reply) => {
    const session = requireFamily(request);
    readParams(request, noParams);
    const studentId = studentIdParam(request);
    const data = await familyChildData(s.ctx, session.email, studentId);
    reply.header('content-disposition', `attachment; filename="student-${studentId}-data.json"`);
    return sendJson(reply.header('cache-control', 'no-store'), data);
  });

  app.post(FAMILY_PATHS.erasureRequest(':id'), { ...family, ...answers(familyChildAnswer) }, async (request: StudentIdRequest, reply) => {
    const session = requireFamily(request);
    readParams(request, noParams);
    return sendJson(reply.header('cache-control', 'no-store'), picturesFrom(await requestErasure(s.ctx, session.email, studentIdParam(request)), siteOrigin(request, s.config)));
  });

  app.post(FAMILY_PATHS.message(':id'), noContent, async (request: StudentIdRequest, reply) => {
    const session = requireFamily(request);
    const studentId = studentIdParam(request);
    const p = readParams(request, messageParams);
    await messageTeacher(s.ctx, session.email, studentId, p.text, s.limiters.familyMessagesPerEmail);
    return reply.code(204).send();
  });

  app.put(FAMILY_PATHS.settings, { ...family, ...answers(familyOverviewAnswer) }, async (request, reply) => {
    const session = requireFamily(request);
    const p = readParams(request, settingsParams);
    return sendJson(reply.header('cache-control', 'no-store'), overviewFrom(await changeFamilySettings(s.ctx, session.email, p), siteOrigin(request, s.config)));
  });
}
