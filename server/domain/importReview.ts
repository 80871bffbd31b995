/**
 * The review of what a WordPress import brought (server/import/wordpress.ts writes it unpublished):
 * the pages of one job that still wait, grouped as the studio shows them (programs with their
 * models, and other pages: the programs page, the terms); publishing all of them or the chosen
 * programs (their models follow); and discarding, which removes what the import made and drops the
 * drafts it wrote, and touches nothing else.
 */
import type { StudioImportDraft, StudioImportDraftProgram, StudioImportOutcome, StudioImportReview } from '../../contract';
import type { Db } from '../db/connection';
import * as q from '../db/queries';
import type { PageRow } from '../db/schema';
import { ApiError } from '../errors';
import { effectiveState } from './pageState';
import { programPublishProblem, PROGRAMS_ROOT, publishedPatch } from './studioPages';

/**
 * What publishing an imported page writes: a page the import made is published as the site had it
 * (its slug, order and dates kept); a live page's draft goes live as any studio draft does.
 */
function publishing(row: PageRow, now: Date): Partial<PageRow> {
  return row.status === 'publish' ? publishedPatch(row, now) : { status: 'publish' };
}

interface Waiting {
  row: PageRow;
  created: boolean;
}

const importNotFound = (id: number) => new ApiError(404, 'import_not_found', `There is no import ${id}.`);

/** The job's pages that still wait: a page the import made and nobody published, or a live page with the import's draft. */
async function waitingPages(db: q.Executor, jobId: number): Promise<Map<number, Waiting>> {
  const sources = await q.pendingImportsOfJob(db, jobId);
  const waiting = new Map<number, Waiting>();
  for (const source of sources) {
    const row = await q.findPage(db, source.page_id);
    if (!row) continue;
    // Only drafts and live pages with a draft: a page in any other state (deleted to a trash) waits for nobody.
    const live = row.status === 'publish';
    if (row.status === 'draft' || (live && row.draft_json !== null)) waiting.set(row.id, { row, created: source.created_page === 1 && !live });
  }
  return waiting;
}

const draftOf = ({ row, created }: Waiting): StudioImportDraft => ({ id: row.id, title: effectiveState(row).title, change: created ? 'new' : 'update' });

async function reviewOf(db: q.Executor, jobId: number, site: string): Promise<StudioImportReview> {
  const waiting = await waitingPages(db, jobId);
  const programs = new Map<number, StudioImportDraftProgram>();
  const others: StudioImportDraft[] = [];
  let models = 0;
  const byOrder = [...waiting.values()].sort((a, b) => a.row.menu_order - b.row.menu_order || a.row.id - b.row.id);
  for (const page of byOrder) {
    if (page.row.parent === PROGRAMS_ROOT) programs.set(page.row.id, { ...draftOf(page), pending: true, models: programs.get(page.row.id)?.models ?? [] });
  }
  for (const page of byOrder) {
    if (page.row.parent === PROGRAMS_ROOT) continue;
    const parent = page.row.parent === 0 ? undefined : (waiting.get(page.row.parent)?.row ?? (await q.findPage(db, page.row.parent)));
    if (!parent || parent.parent !== PROGRAMS_ROOT) {
      others.push(draftOf(page));
      continue;
    }
    let program = programs.get(parent.id);
    if (!program) {
      program = { id: parent.id, title: effectiveState(parent).title, change: 'update', pending: false, models: [] };
      programs.set(parent.id, program);
    }
    program.models.push(draftOf(page));
    models += 1;
  }
  const pendingPrograms = [...programs.values()].filter((p) => p.pending).length;
  return {
    jobId,
    site,
    programs: [...programs.values()],
    others,
    counts: { pages: pendingPrograms + models + others.length, programs: pendingPrograms, models, others: others.length },
  };
}

async function jobSite(db: Db, jobId: number, toChange = false): Promise<string> {
  const job = await q.findImportJob(db.kysely, jobId);
  if (!job) throw importNotFound(jobId);
  if (toChange && job.active !== null) throw new ApiError(409, 'import_running', 'This import is still running: publish or discard what it brought once it has finished.');
  return job.url;
}

export async function getImportReview(db: Db, jobId: number): Promise<StudioImportReview> {
  const site = await jobSite(db, jobId);
  return reviewOf(db.kysely, jobId, site);
}

/**
 * Publishes what waits: every page (`ids` null), or the chosen programs with their waiting models
 * and the chosen other pages. Each program with its models in one transaction; a program that may
 * not be published yet (no logo, no models) stays a draft with its models and is reported.
 */
export async function publishImport(db: Db, jobId: number, ids: readonly number[] | null, now: Date): Promise<StudioImportOutcome> {
  const site = await jobSite(db, jobId, true);
  const review = await reviewOf(db.kysely, jobId, site);
  const chosen = (id: number) => ids === null || ids.includes(id);
  let done = 0;
  const failed: StudioImportOutcome['failed'] = [];
  for (const program of review.programs.filter((p) => chosen(p.id))) {
    try {
      done += await q.inTransaction(db, async (trx) => {
        const row = await q.findPage(trx, program.id);
        if (!row) return 0;
        const published: number[] = [];
        if (program.pending) {
          const problem = programPublishProblem(effectiveState(row), await q.countChildPages(trx, row.id));
          if (problem !== null) throw new ApiError(409, 'studio_program_empty', problem);
          await q.updateStudioPage(trx, row.id, publishing(row, now));
          published.push(row.id);
        } else if (row.status !== 'publish') {
          throw new ApiError(409, 'studio_program_unpublished', 'Its program is not published: publish the program first.');
        }
        for (const model of program.models) {
          const modelRow = await q.findPage(trx, model.id);
          if (!modelRow) continue;
          await q.updateStudioPage(trx, model.id, publishing(modelRow, now));
          published.push(model.id);
        }
        await q.settleImports(trx, published);
        return published.length;
      });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      failed.push({ id: program.id, title: program.title, reason: err.message });
    }
  }
  const otherIds = review.others.filter((page) => chosen(page.id)).map((page) => page.id);
  done += await q.inTransaction(db, async (trx) => {
    let count = 0;
    for (const id of otherIds) {
      const row = await q.findPage(trx, id);
      if (!row) continue;
      await q.updateStudioPage(trx, id, publishing(row, now));
      count += 1;
    }
    await q.settleImports(trx, otherIds);
    return count;
  });
  return { done, failed, review: await reviewOf(db.kysely, jobId, site) };
}

/**
 * Removes what the import made (pages it created and nobody published) and drops the drafts it
 * wrote of pages that were there, in one transaction. A page it made that has since been given a
 * model in the studio is kept (and reported): that model is the office's work.
 */
export async function discardImport(db: Db, jobId: number, now: Date): Promise<StudioImportOutcome> {
  const site = await jobSite(db, jobId, true);
  const failed: StudioImportOutcome['failed'] = [];
  const done = await q.inTransaction(db, async (trx) => {
    const waiting = await waitingPages(trx, jobId);
    const made = [...waiting.values()].filter((page) => page.created);
    const madeIds = new Set(made.map((page) => page.row.id));
    const drafts = [...waiting.values()].filter((page) => !page.created).map((page) => page.row.id);
    const kept = new Set<number>();
    for (const page of made) {
      const children = await q.listChildPages(trx, [page.row.id]);
      if (children.some((child) => !madeIds.has(child.id))) {
        kept.add(page.row.id);
        failed.push({ id: page.row.id, title: effectiveState(page.row).title, reason: 'Kept: it has models made in the content studio since the import.' });
      }
    }
    // Models, then programs, then the top pages: children before their parents.
    const depth = (row: PageRow) => (row.parent === 0 ? 2 : row.parent === PROGRAMS_ROOT ? 1 : 0);
    const removed = made.filter((page) => !kept.has(page.row.id)).sort((a, b) => depth(a.row) - depth(b.row));
    for (const page of removed) await q.deleteStudioPage(trx, page.row.id);
    await q.deleteImportSources(trx, removed.map((page) => page.row.id));
    for (const id of drafts) await q.updateStudioPage(trx, id, { draft_json: null, modified: now.toISOString() });
    await q.settleImports(trx, [...drafts, ...kept], true);
    return removed.length + drafts.length;
  });
  return { done, failed, review: await reviewOf(db.kysely, jobId, site) };
}
