/**
 * The content studio's programs, models, drafts and publishing (contract/studio.ts STUDIO_PATHS),
 * administrators only: 401 for an anonymous caller, 403 for everyone else, before anything is read.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { PROGRAM_AUDIENCES, STUDIO_LIMITS, STUDIO_PATHS, type StudioModelInput, type StudioProgramInput } from '../../contract';
import { isAdmin, type Actor } from '../domain/context';
import * as studio from '../domain/studio';
import * as studioHistory from '../domain/studioHistory';
import { bulkStudioAction } from '../domain/studioBulk';
import { sanitizeDescription } from '../domain/studioPages';
import { ApiError, invalidPostId, notAllowed } from '../errors';
import { MAX_ID, optionalText, text, translatedTexts } from '../domain/fieldRules';
import { readParams } from '../http/params';
import { requireActor, sendJson } from '../http/reply';
import { siteOrigin, type AppServices } from '../http/services';
import { isMediaPath } from '../media/mediaAccess';
import { mediaKeyOf } from '../media/storage';
import { answers } from '../http/answers';
import { wirePageAnswer } from './answers/pages';
import { studioBulkOutcome, studioCatalogue, studioCode, studioDeleted, studioHistory as historyAnswer, studioModel, studioPage, studioProgram, studioSettings, studioTrash } from './answers/studio';
import { readStudioSettings, writeStudioSettings } from '../domain/programAudience';

const MAX_STEPS_PER_TAB = 200;

const flag = z.boolean({ error: 'Must be true or false.' });

const storedPath = z
  .string({ error: 'Must be a string.' })
  .max(500, 'Must be at most 500 characters long.')
  .refine((p) => isMediaPath(p) && mediaKeyOf(p.split('?')[0] ?? '') !== null && !p.includes('?'), 'Must be the path of a stored file (/progrmas/... or /content/...).');

const httpsUrl = z
  .string()
  .max(2000)
  .refine((u) => {
    try {
      return new URL(u).protocol === 'https:';
    } catch {
      return false;
    }
  });

/** A program's or model's picture: '' (none), a stored file's path, or a link (the domain keeps only the one the page has). */
const pictureOrLink = z.union([z.literal(''), storedPath, z.string().max(2000).regex(/^https?:\/\/\S+$/)], { error: 'Must be empty, the path of a stored file, or the link the page already has.' });

/** A lesson plan or a video: '' (none), a stored file's path, an https:// URL, or an http:// link (the domain keeps only the one the model has). */
const pathUrlOrLink = z.union([z.literal(''), storedPath, httpsUrl, z.string().max(2000).regex(/^http:\/\/\S+$/)], {
  error: 'Must be empty, the path of a stored file, an https:// URL, or the link the model already has.',
});

/** Pixels; 0 for a size not known (a step imported without one). */
const size = z.number({ error: 'Must be a number.' }).int('Must be an integer.').min(0, 'Must be at least 0.').max(100_000, 'Must be at most 100000.');

/** A step's name (its uploaded file's): kept as shown, without control characters or markup, which a file name may hold. */
const stepName = z
  .string({ error: 'Must be a string.' })
  .max(300, 'Must be at most 300 characters long.')
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  .transform((name) => name.replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069<>]/g, '').trim().slice(0, 200))
  .refine((name) => !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(name), 'Must be valid Unicode text.');

/** A step's text: one line (the picture's text alternative), in English and the other languages. */
const STEP_TEXT_MAX = 500;

const stepInput = z.strictObject({
  original: storedPath,
  thumbnail: storedPath,
  width: size,
  height: size,
  name: stepName.optional(),
  description: optionalText(STEP_TEXT_MAX).optional(),
  descriptionTranslations: translatedTexts(STEP_TEXT_MAX).optional(),
});

const tabInput = z.strictObject({
  title: optionalText(100),
  titleTranslations: translatedTexts(100).optional(),
  steps: z.array(stepInput, { error: 'Must be a list of steps.' }).max(MAX_STEPS_PER_TAB, `A tab holds at most ${MAX_STEPS_PER_TAB} steps.`),
  video: pathUrlOrLink,
});

const programInput = z.strictObject({
  title: text(200),
  programName: text(100),
  audience: z.enum(PROGRAM_AUDIENCES, { error: `Must be one of: ${PROGRAM_AUDIENCES.join(', ')}.` }),
  logo: pictureOrLink,
  longImage: pictureOrLink,
  desktopBackground: pictureOrLink,
  mobileBackground: pictureOrLink,
  description: z.string({ error: 'Must be a string.' }).max(100_000, 'Must be at most 100000 characters long.').transform(sanitizeDescription),
}) satisfies z.ZodType<StudioProgramInput>;

const modelInput = z.strictObject({
  title: text(200),
  code: z.string({ error: 'Must be a string.' }).regex(/^\d{4}$/, 'Must be 4 digits, like 2468.'),
  experimental: flag,
  titleImage: pictureOrLink,
  smallImage: pictureOrLink,
  lessonPlanTitle: optionalText(200),
  lessonPlan: pathUrlOrLink,
  showInDifferentTabs: flag,
  tabs: z
    .array(tabInput, { error: 'Must be a list of tabs.' })
    .min(1, 'A model has at least 1 tab.')
    .max(STUDIO_LIMITS.tabs, `A model has at most ${STUDIO_LIMITS.tabs} tabs.`),
}) satisfies z.ZodType<StudioModelInput>;

/** A new model may come without a code (''): the server gives it a free one. */
const newModelInput = modelInput.extend({
  code: z.string({ error: 'Must be a string.' }).regex(/^(\d{4})?$/, 'Must be 4 digits, like 2468, or empty for a generated one.'),
});

const orderInput = z.strictObject({
  ids: z
    .array(z.number({ error: 'Must be a page id.' }).int('Must be a page id.').min(1, 'Must be a page id.').max(MAX_ID, 'Must be a page id.'), { error: 'Must be a list of page ids.' })
    .max(10_000),
});

const bulkInput = z.strictObject({
  action: z.enum(['publish', 'hide', 'show', 'unpublish', 'delete'], { error: 'Must be publish, hide, show, unpublish or delete.' }),
  ids: z
    .array(z.number({ error: 'Must be a page id.' }).int('Must be a page id.').min(1, 'Must be a page id.').max(MAX_ID, 'Must be a page id.'), { error: 'Must be a list of page ids.' })
    .min(1, 'Choose at least one page.')
    .max(500, 'At most 500 pages at once.'),
});

const noParams = z.strictObject({});

const settingsInput = z.strictObject({ studentsSeeEnrolledProgramOnly: flag });

/** The signed-in administrator: 401 for an anonymous caller, 403 for a student or a franchise owner. */
function requireAdmin(request: FastifyRequest): Actor {
  const actor = requireActor(request);
  if (!isAdmin(actor)) throw notAllowed(true);
  return actor;
}

type IdRequest = FastifyRequest<{ Params: { id: string } }>;

/** A positive id in the path, or `notFound` (404). */
function idParam(raw: string, notFound: () => Error): number {
  if (!/^\d{1,10}$/.test(raw) || Number(raw) > MAX_ID || Number(raw) < 1) throw notFound();
  return Number(raw);
}

function pageId(request: IdRequest): number {
  return idParam(request.params.id, invalidPostId);
}

export function studioRoutes(app: FastifyInstance, s: AppServices): void {
  const services: studio.StudioServices = { ctx: s.ctx, media: s.media, signer: s.mediaSigner };
  const program = STUDIO_PATHS.program(':id');
  const model = STUDIO_PATHS.model(':id');

  app.get(STUDIO_PATHS.catalogue, answers(studioCatalogue), async (request, reply) => {
    const actor = requireAdmin(request);
    readParams(request, noParams);
    return sendJson(reply, await studio.getCatalogue(services, actor));
  });

  app.post(STUDIO_PATHS.createProgram, answers(studioProgram), async (request, reply) => {
    const actor = requireAdmin(request);
    return sendJson(reply, await studio.createProgram(services, actor, readParams(request, programInput)), 201);
  });

  app.post(STUDIO_PATHS.programOrder, answers(studioCatalogue), async (request, reply) => {
    const actor = requireAdmin(request);
    return sendJson(reply, await studio.orderPrograms(services, actor, readParams(request, orderInput).ids));
  });

  app.get(program, answers(studioProgram), async (request: IdRequest, reply) => {
    const actor = requireAdmin(request);
    readParams(request, noParams);
    return sendJson(reply, await studio.getProgram(services, actor, pageId(request)));
  });

  app.put(program, answers(studioProgram), async (request: IdRequest, reply) => {
    const actor = requireAdmin(request);
    const id = pageId(request);
    return sendJson(reply, await studio.saveProgram(services, actor, id, readParams(request, programInput)));
  });

  app.delete(program, answers(studioDeleted), async (request: IdRequest, reply) => {
    const actor = requireAdmin(request);
    readParams(request, noParams);
    return sendJson(reply, await studio.deleteProgram(services, pageId(request), actor));
  });

  app.post(STUDIO_PATHS.createModel(':id'), answers(studioModel), async (request: IdRequest, reply) => {
    const actor = requireAdmin(request);
    const id = pageId(request);
    return sendJson(reply, await studio.createModel(services, actor, id, readParams(request, newModelInput)), 201);
  });

  app.post(STUDIO_PATHS.modelOrder(':id'), answers(studioProgram), async (request: IdRequest, reply) => {
    const actor = requireAdmin(request);
    const id = pageId(request);
    return sendJson(reply, await studio.orderModels(services, actor, id, readParams(request, orderInput).ids));
  });

  app.post(STUDIO_PATHS.generateCode(':id'), answers(studioCode), async (request: IdRequest, reply) => {
    requireAdmin(request);
    readParams(request, noParams);
    return sendJson(reply, await studio.generateCode(services, pageId(request)));
  });

  app.get(model, answers(studioModel), async (request: IdRequest, reply) => {
    const actor = requireAdmin(request);
    readParams(request, noParams);
    return sendJson(reply, await studio.getModel(services, actor, pageId(request)));
  });

  app.put(model, answers(studioModel), async (request: IdRequest, reply) => {
    const actor = requireAdmin(request);
    const id = pageId(request);
    return sendJson(reply, await studio.saveModel(services, actor, id, readParams(request, modelInput)));
  });

  app.delete(model, answers(studioDeleted), async (request: IdRequest, reply) => {
    const actor = requireAdmin(request);
    readParams(request, noParams);
    return sendJson(reply, await studio.deleteModel(services, pageId(request), actor));
  });

  app.post(STUDIO_PATHS.publish(':id'), answers(studioPage), async (request: IdRequest, reply) => {
    const actor = requireAdmin(request);
    readParams(request, noParams);
    return sendJson(reply, await studio.publishPage(services, actor, pageId(request)));
  });

  app.post(STUDIO_PATHS.discard(':id'), answers(studioPage), async (request: IdRequest, reply) => {
    const actor = requireAdmin(request);
    readParams(request, noParams);
    return sendJson(reply, await studio.discardDraft(services, actor, pageId(request)));
  });

  app.get(STUDIO_PATHS.history(':id'), answers(historyAnswer), async (request: IdRequest, reply) => {
    requireAdmin(request);
    readParams(request, noParams);
    return sendJson(reply, await studioHistory.getHistory(services, pageId(request)));
  });

  app.post(STUDIO_PATHS.putBack(':id', ':versionId'), answers(studioPage), async (request: FastifyRequest<{ Params: { id: string; versionId: string } }>, reply) => {
    const actor = requireAdmin(request);
    readParams(request, noParams);
    const versionId = idParam(request.params.versionId, () => new ApiError(404, 'studio_version_not_found', 'This page has no such version.'));
    return sendJson(reply, await studioHistory.putBackVersion(services, actor, idParam(request.params.id, invalidPostId), versionId));
  });

  app.get(STUDIO_PATHS.trash, answers(studioTrash), async (request, reply) => {
    requireAdmin(request);
    readParams(request, noParams);
    return sendJson(reply, await studioHistory.listTrash(services));
  });

  app.post(STUDIO_PATHS.restore(':id'), answers(studioPage), async (request: IdRequest, reply) => {
    const actor = requireAdmin(request);
    readParams(request, noParams);
    return sendJson(reply, await studioHistory.restoreFromTrash(services, actor, pageId(request)));
  });

  app.get(STUDIO_PATHS.settings, answers(studioSettings), async (request, reply) => {
    requireAdmin(request);
    readParams(request, noParams);
    return sendJson(reply, await readStudioSettings(s.ctx.db.kysely));
  });

  app.put(STUDIO_PATHS.settings, answers(studioSettings), async (request, reply) => {
    requireAdmin(request);
    return sendJson(reply, await writeStudioSettings(s.ctx.db.kysely, readParams(request, settingsInput)));
  });

  app.post(STUDIO_PATHS.bulk, answers(studioBulkOutcome), async (request, reply) => {
    const actor = requireAdmin(request);
    const { action, ids } = readParams(request, bulkInput);
    return sendJson(reply, await bulkStudioAction(services, actor, action, ids));
  });

  app.get(STUDIO_PATHS.preview(':id'), answers(wirePageAnswer), async (request: IdRequest, reply) => {
    const actor = requireAdmin(request);
    readParams(request, noParams);
    return sendJson(reply, await studio.previewPage(services, actor, pageId(request), siteOrigin(request, s.config)));
  });
}
