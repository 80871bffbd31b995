/**
 * The studio's WordPress import (STUDIO_PATHS.imports, importJob), administrators only. GET
 * importSitePrograms lists a site's programs (read with the import's address rules) so the office
 * chooses which to import. POST starts a job (those programs, or the whole site): the instance that
 * got the request runs it in the background and keeps its import_jobs row up to date, so any
 * instance answers the polls. One import at a time (409 while one runs).
 */
import { hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { STUDIO_PATHS } from '../../contract';
import { isAdmin, type Viewer } from '../domain/context';
import { ApiError, notAllowed } from '../errors';
import { MAX_ID } from '../domain/fieldRules';
import { readParams } from '../http/params';
import { sendJson } from '../http/reply';
import type { AppServices } from '../http/services';
import { checkImportUrl, ImportUrlError } from '../import/http';
import { createImportJob, findJob, ImportBusyError, latestJobs, runImportJob } from '../import/jobs';
import { answers } from '../http/answers';
import { discardImport, getImportReview, publishImport } from '../domain/importReview';
import { listSitePrograms } from '../import/sitePrograms';
import { studioImportJob, studioImportOutcome, studioImportReview, studioImportSiteProgram } from './answers/studio';

const publishParams = z.strictObject({
  ids: z
    .array(z.number({ error: 'Must be a page id.' }).int('Must be a page id.').min(1, 'Must be a page id.').max(MAX_ID, 'Must be a page id.'), { error: 'Must be a list of page ids.' })
    .min(1, 'Choose at least one program.')
    .max(10_000)
    .optional(),
});

const noParams = z.strictObject({});

const siteUrl = z.string({ error: 'Must be a string.' }).trim().min(1, 'Must not be empty.').max(2000, 'Must be at most 2000 characters long.');
const wordPressId = z.number({ error: 'Must be a program id.' }).int('Must be a program id.').min(1, 'Must be a program id.').max(MAX_ID, 'Must be a program id.');

const startParams = z.strictObject({
  url: siteUrl,
  programs: z.array(wordPressId, { error: 'Must be a list of program ids.' }).min(1, 'Choose at least one program.').max(10_000).optional(),
});

const siteParams = z.strictObject({ url: siteUrl });

/** The site's address refused (400, naming the parameter), or the site not read (502, saying why). */
function siteFailure(err: unknown): unknown {
  if (err instanceof ImportUrlError) return new ApiError(400, 'rest_invalid_param', err.message, { params: { url: err.message } });
  if (err instanceof ApiError || !(err instanceof Error)) return err;
  return new ApiError(502, 'import_site_unreadable', err.message);
}

export function studioImportRoutes(app: FastifyInstance, s: AppServices): void {
  const instance = s.config.instanceName ?? `${hostname()}-${process.pid}`;
  const running = new Map<number, { controller: AbortController; done: Promise<unknown> }>();

  // A server that stops ends its imports: their rows say so (failed), and a new import may start.
  app.addHook('onClose', async () => {
    for (const job of running.values()) job.controller.abort();
    await Promise.all([...running.values()].map((job) => job.done));
  });

  const admin = (viewer: Viewer) => {
    if (!isAdmin(viewer)) throw notAllowed(viewer !== null);
  };

  app.post(STUDIO_PATHS.imports, answers(studioImportJob), async (request, reply) => {
    admin(request.viewer);
    const { url, programs } = readParams(request, startParams);
    try {
      await checkImportUrl(url, s.config.importAllowAddresses);
    } catch (err) {
      if (err instanceof ImportUrlError) throw siteFailure(err);
      throw err;
    }
    let job;
    try {
      job = await createImportJob(s.ctx.db, url, instance, s.ctx.clock());
    } catch (err) {
      if (err instanceof ImportBusyError) throw new ApiError(409, 'import_running', err.message, { job: err.job });
      throw err;
    }
    const controller = new AbortController();
    const done = runImportJob({ db: s.ctx.db, media: s.media, jobId: job.id, url, allowAddresses: s.config.importAllowAddresses, signal: controller.signal, clock: s.ctx.clock, ...(programs ? { programs: [...new Set(programs)] } : {}) })
      .catch((err: unknown) => request.log.error({ err, job: job.id }, 'the import job could not record its end'))
      .finally(() => running.delete(job.id));
    running.set(job.id, { controller, done });
    return sendJson(reply, job, 202);
  });

  app.get(STUDIO_PATHS.importSitePrograms, answers(z.array(studioImportSiteProgram)), async (request, reply) => {
    admin(request.viewer);
    const { url } = readParams(request, siteParams);
    try {
      return sendJson(reply, await listSitePrograms({ url, allowAddresses: s.config.importAllowAddresses }));
    } catch (err) {
      throw siteFailure(err);
    }
  });

  app.get(STUDIO_PATHS.imports, answers(z.array(studioImportJob)), async (request, reply) => {
    admin(request.viewer);
    return sendJson(reply, await latestJobs(s.ctx.db, s.ctx.clock()));
  });

  const jobIdOf = (raw: string): number => {
    const jobId = /^\d{1,10}$/.test(raw) ? Number(raw) : 0;
    if (jobId < 1 || jobId > MAX_ID) throw new ApiError(404, 'import_not_found', `There is no import ${raw.slice(0, 20)}.`);
    return jobId;
  };

  app.get<{ Params: { id: string } }>(STUDIO_PATHS.importJob(':id'), answers(studioImportJob), async (request, reply) => {
    admin(request.viewer);
    const job = await findJob(s.ctx.db, jobIdOf(request.params.id), s.ctx.clock());
    if (!job) throw new ApiError(404, 'import_not_found', `There is no import ${request.params.id.slice(0, 20)}.`);
    return sendJson(reply, job);
  });

  app.get<{ Params: { id: string } }>(STUDIO_PATHS.importReview(':id'), answers(studioImportReview), async (request, reply) => {
    admin(request.viewer);
    readParams(request, noParams);
    return sendJson(reply, await getImportReview(s.ctx.db, jobIdOf(request.params.id)));
  });

  app.post<{ Params: { id: string } }>(STUDIO_PATHS.importPublish(':id'), answers(studioImportOutcome), async (request, reply) => {
    admin(request.viewer);
    const jobId = jobIdOf(request.params.id);
    const { ids } = readParams(request, publishParams);
    return sendJson(reply, await publishImport(s.ctx.db, jobId, ids ?? null, s.ctx.clock()));
  });

  app.post<{ Params: { id: string } }>(STUDIO_PATHS.importDiscard(':id'), answers(studioImportOutcome), async (request, reply) => {
    admin(request.viewer);
    readParams(request, noParams);
    return sendJson(reply, await discardImport(s.ctx.db, jobIdOf(request.params.id), s.ctx.clock()));
  });
}
