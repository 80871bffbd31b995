/**
 * The content studio: programs and models as draft pages until published. A new page is
 * inserted with status 'draft' (wp/v2/pages shows only 'publish'); an edit of a published page goes
 * to pages.draft_json and reaches everyone only when published, in one transaction. Order is not a
 * draft: a new order shows at once.
 */
import { randomInt } from 'node:crypto';
import type { StudioCatalogue, StudioImage, StudioMedia, StudioModel, StudioModelInput, StudioModelSummary, StudioProgram, StudioProgramInput, StudioStepInput, StudioTab, WirePage } from '../../contract';
import * as q from '../db/queries';
import type { PageRow } from '../db/schema';
import { ApiError, invalidParams, invalidPostId } from '../errors';
import { studioImageOfStep } from '../media/imagePipeline';
import { isMediaPath } from '../media/mediaAccess';
import type { MediaSigner } from '../media/signedUrls';
import { mediaKeyOf, type MediaStorage } from '../media/storage';
import { presentPage } from './content';
import { audienceMeta, audienceOf } from './programAudience';
import type { Actor, DomainContext } from './context';
import { isTrashed, moveToTrash, recordPublished } from './pageHistory';
import { effectiveState, liveState, rowWithState, type PageState } from './pageState';
import {
  isExperimental,
  modelInputOf,
  modelOrderOf,
  modelState,
  newPageRow,
  programInputOf,
  programOrderOf,
  programPublishProblem,
  programState,
  PROGRAMS_ROOT,
  publishedPatch,
  renamedModelPatch,
  slugOf,
  stepNameOf,
} from './studioPages';

export interface StudioServices {
  ctx: DomainContext;
  media: MediaStorage;
  signer: MediaSigner;
}

/** The studio's answers carry URLs signed for the administrator who asked. */
class Presenter {
  private readonly now: Date;
  constructor(
    private readonly s: StudioServices,
    private readonly actor: Actor,
  ) {
    this.now = s.ctx.clock();
  }

  media(value: string): StudioMedia | null {
    if (value === '') return null;
    return { path: value, url: isMediaPath(value) ? this.s.signer.sign(value, this.actor.id, this.now) : value };
  }

  image(step: StudioStepInput): StudioImage {
    return studioImageOfStep(step, stepNameOf(step), (urlPath) => this.s.signer.sign(urlPath, this.actor.id, this.now));
  }

  modelSummary(row: PageRow): StudioModelSummary {
    const input = modelInputOf(effectiveState(row));
    return {
      id: row.id,
      title: input.title,
      code: input.code,
      experimental: input.experimental,
      order: modelOrderOf(effectiveState(row)),
      status: row.status === 'publish' ? 'publish' : 'draft',
      hasDraft: row.draft_json !== null,
      stepCount: input.tabs.reduce((sum, tab) => sum + tab.steps.length, 0),
      smallImage: this.media(input.smallImage),
    };
  }

  program(row: PageRow, models: readonly PageRow[]): StudioProgram {
    const state = effectiveState(row);
    const input = programInputOf(state);
    return {
      ...input,
      id: row.id,
      order: programOrderOf(state),
      hidden: input.audience === 'hidden',
      logo: this.media(input.logo),
      longImage: this.media(input.longImage),
      desktopBackground: this.media(input.desktopBackground),
      mobileBackground: this.media(input.mobileBackground),
      status: row.status === 'publish' ? 'publish' : 'draft',
      hasDraft: row.draft_json !== null,
      modified: row.modified,
      models: sortModels(models).map((m) => this.modelSummary(m)),
    };
  }

  model(row: PageRow): StudioModel {
    const state = effectiveState(row);
    const input = modelInputOf(state);
    const plan = input.lessonPlan;
    return {
      title: input.title,
      code: input.code,
      experimental: input.experimental,
      lessonPlanTitle: input.lessonPlanTitle,
      showInDifferentTabs: input.showInDifferentTabs,
      id: row.id,
      programId: row.parent,
      order: modelOrderOf(state),
      titleImage: this.media(input.titleImage),
      smallImage: this.media(input.smallImage),
      lessonPlan: plan === '' ? null : isMediaPath(plan) ? this.media(plan) : { url: plan },
      tabs: input.tabs.map(
        (tab): StudioTab => ({
          title: tab.title,
          titleTranslations: tab.titleTranslations ?? {},
          steps: tab.steps.map((step) => ({ ...this.image(step), description: step.description ?? '', descriptionTranslations: step.descriptionTranslations ?? {} })),
          video: tab.video === '' ? null : isMediaPath(tab.video) ? this.media(tab.video) : { embedUrl: tab.video },
        }),
      ),
      status: row.status === 'publish' ? 'publish' : 'draft',
      hasDraft: row.draft_json !== null,
      modified: row.modified,
    };
  }
}

const byOrder = (order: (row: PageRow) => number) => (a: PageRow, b: PageRow) => order(a) - order(b) || a.id - b.id;

function sortModels(models: readonly PageRow[]): PageRow[] {
  const experimental = (row: PageRow) => (isExperimental(effectiveState(row)) ? 1 : 0);
  return [...models].sort((a, b) => experimental(a) - experimental(b) || byOrder((r) => modelOrderOf(effectiveState(r)))(a, b));
}

// ---- loading ----------------------------------------------------------------------------------

/** A page of the studio's: one in the trash is not found, as a deleted one was. */
async function findLivePage(db: q.Executor, id: number): Promise<PageRow | undefined> {
  const row = await q.findPage(db, id);
  return row && !isTrashed(row) ? row : undefined;
}

async function loadProgram(s: StudioServices, id: number): Promise<PageRow> {
  const row = await findLivePage(s.ctx.db.kysely, id);
  if (!row || row.parent !== PROGRAMS_ROOT) throw invalidPostId();
  return row;
}

async function loadModel(s: StudioServices, id: number): Promise<{ row: PageRow; program: PageRow }> {
  const row = await findLivePage(s.ctx.db.kysely, id);
  if (!row || row.parent === PROGRAMS_ROOT || row.parent === 0) throw invalidPostId();
  return { row, program: await programOfModel(s.ctx.db.kysely, row) };
}

async function programOfModel(db: q.Executor, row: PageRow): Promise<PageRow> {
  const program = await findLivePage(db, row.parent);
  if (!program || program.parent !== PROGRAMS_ROOT) throw invalidPostId();
  return program;
}

export type StudioPage = { row: PageRow; kind: 'program'; program: null } | { row: PageRow; kind: 'model'; program: PageRow };

/** A program or a model, and which (read with `db`: a transaction's, to write it next). */
export async function loadStudioPage(s: StudioServices, id: number, db: q.Executor = s.ctx.db.kysely): Promise<StudioPage> {
  const row = await findLivePage(db, id);
  if (!row || row.parent === 0) throw invalidPostId();
  if (row.parent === PROGRAMS_ROOT) return { row, kind: 'program', program: null };
  return { row, kind: 'model', program: await programOfModel(db, row) };
}

/** The program's models outside the trash. */
const modelsOf = async (db: q.Executor, programId: number) => (await q.listChildPages(db, [programId])).filter((row) => !isTrashed(row));
/** The programs outside the trash. */
const programsOf = async (db: q.Executor) => (await q.listChildPages(db, [PROGRAMS_ROOT])).filter((row) => !isTrashed(row));

export async function programAnswer(s: StudioServices, actor: Actor, id: number): Promise<StudioProgram> {
  const row = await loadProgram(s, id);
  return new Presenter(s, actor).program(row, await modelsOf(s.ctx.db.kysely, id));
}

export async function modelAnswer(s: StudioServices, actor: Actor, id: number): Promise<StudioModel> {
  return new Presenter(s, actor).model((await loadModel(s, id)).row);
}

export async function getCatalogue(s: StudioServices, actor: Actor): Promise<StudioCatalogue> {
  const programs = await programsOf(s.ctx.db.kysely);
  const models = (
    await q.listChildPages(
      s.ctx.db.kysely,
      programs.map((p) => p.id),
    )
  ).filter((row) => !isTrashed(row));
  const presenter = new Presenter(s, actor);
  return {
    programs: programs
      .sort(byOrder((r) => programOrderOf(effectiveState(r))))
      .map((program) => presenter.program(program, models.filter((m) => m.parent === program.id))),
  };
}

export const getProgram = programAnswer;
export const getModel = modelAnswer;

// ---- media checks -----------------------------------------------------------------------------

const MEDIA_CHECKS_AT_ONCE = 8;

/** Every media path named must be a stored file: else 400 naming each field whose file is missing. */
export async function checkStoredMedia(media: MediaStorage, named: readonly { field: string; path: string }[]): Promise<void> {
  const toCheck = named.filter((n) => isMediaPath(n.path));
  const missing: Record<string, string> = {};
  const exists = new Map<string, Promise<boolean>>();
  const check = (path: string) => {
    const key = mediaKeyOf(path);
    if (key === null) return Promise.resolve(false);
    return media.exists(key);
  };
  for (let i = 0; i < toCheck.length; i += MEDIA_CHECKS_AT_ONCE) {
    const batch = toCheck.slice(i, i + MEDIA_CHECKS_AT_ONCE);
    const found = await Promise.all(
      batch.map((n) => {
        const known = exists.get(n.path) ?? check(n.path);
        exists.set(n.path, known);
        return known;
      }),
    );
    batch.forEach((n, j) => {
      if (!found[j]) missing[n.field] = `No stored file at ${n.path.slice(0, 300)}: upload it first.`;
    });
  }
  if (Object.keys(missing).length > 0) throw invalidParams(missing);
}

const PROGRAM_PICTURES = ['logo', 'longImage', 'desktopBackground', 'mobileBackground'] as const;

function programMedia(input: StudioProgramInput): { field: string; path: string }[] {
  return PROGRAM_PICTURES.map((field) => ({ field, path: input[field] }));
}

/**
 * A picture that is not a stored file may only be the link the program already has (an imported
 * program's picture left on its site): it is kept as it is; a new link is refused (upload it).
 */
function checkKeptLinks(input: StudioProgramInput, previous: StudioProgramInput | null): void {
  const refused: Record<string, string> = {};
  for (const field of PROGRAM_PICTURES) {
    const value = input[field];
    if (value === '' || isMediaPath(value) || value === previous?.[field]) continue;
    refused[field] = 'Must be empty, the path of a stored file, or the link the program already has: upload the picture.';
  }
  if (Object.keys(refused).length > 0) throw invalidParams(refused);
}

/**
 * Links an imported model keeps from its site: a picture that is not a stored file, or a lesson
 * plan or video on an http:// address, may only be the one the model already has (kept as it is,
 * so the model can be edited and published); a new picture is uploaded, a new link is https://.
 */
function checkModelLinks(input: StudioModelInput, previous: StudioModelInput | null): void {
  const refused: Record<string, string> = {};
  for (const field of ['titleImage', 'smallImage'] as const) {
    const value = input[field];
    if (value !== '' && !isMediaPath(value) && value !== previous?.[field]) refused[field] = 'Must be empty, the path of a stored file, or the link the model already has: upload the picture.';
  }
  const kept = new Set([previous?.lessonPlan, ...(previous?.tabs ?? []).map((tab) => tab.video)]);
  const check = (field: string, value: string) => {
    if (value.startsWith('http://') && !kept.has(value)) refused[field] = 'Must be empty, the path of a stored file, an https:// URL, or the link the model already has.';
  };
  check('lessonPlan', input.lessonPlan);
  input.tabs.forEach((tab, t) => check(`tabs.${t}.video`, tab.video));
  if (Object.keys(refused).length > 0) throw invalidParams(refused);
}

function modelMedia(input: StudioModelInput): { field: string; path: string }[] {
  const named = [
    { field: 'titleImage', path: input.titleImage },
    { field: 'smallImage', path: input.smallImage },
    { field: 'lessonPlan', path: input.lessonPlan },
  ];
  input.tabs.forEach((tab, t) => {
    named.push({ field: `tabs.${t}.video`, path: tab.video });
    tab.steps.forEach((step, n) => {
      named.push({ field: `tabs.${t}.steps.${n}.original`, path: step.original });
      named.push({ field: `tabs.${t}.steps.${n}.thumbnail`, path: step.thumbnail });
    });
  });
  return named;
}

// ---- writing ----------------------------------------------------------------------------------

/**
 * Inserts a new draft page at the next free id (max(id) + 1). Two editors creating at once may
 * pick the same id: the loser takes the next one.
 */
async function insertNewPage(s: StudioServices, parent: number, stateIn: (trx: q.Executor) => Promise<PageState>): Promise<number> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await q.inTransaction(s.ctx.db, async (trx) => {
        if (parent !== PROGRAMS_ROOT) await lockProgram(s, trx, parent);
        const state = await stateIn(trx);
        const id = await q.nextPageId(trx);
        await q.insertStudioPage(trx, newPageRow(id, parent, state, s.ctx.clock()));
        return id;
      });
    } catch (err) {
      if (attempt >= 4 || !q.isUniqueViolation(err)) throw err;
    }
  }
}

/**
 * Writes to one program's models take turns (PostgreSQL: a row lock on the program until commit;
 * SQLite runs one write transaction at a time anyway), so two editors cannot both give a code.
 */
export async function lockProgram(s: StudioServices, trx: q.Executor, programId: number): Promise<void> {
  if (s.ctx.db.dialect === 'postgres') await q.lockPage(trx, programId);
}

/** Saves an edit: straight into a page never published, into its draft for a published one. */
async function saveState(s: StudioServices, row: PageRow, state: PageState, db: q.Executor = s.ctx.db.kysely): Promise<void> {
  const modified = s.ctx.clock().toISOString();
  if (row.status === 'publish') {
    await q.updateStudioPage(db, row.id, { draft_json: JSON.stringify(state), modified });
    return;
  }
  const draftRow = rowWithState(row, state);
  await q.updateStudioPage(db, row.id, {
    title: draftRow.title,
    slug: slugOf(draftRow.title, row.id),
    content: draftRow.content,
    meta_json: draftRow.meta_json,
    fields_json: draftRow.fields_json,
    menu_order: Number(state.meta.order ?? 0) || 0,
    modified,
  });
}

export async function createProgram(s: StudioServices, actor: Actor, input: StudioProgramInput): Promise<StudioProgram> {
  checkKeptLinks(input, null);
  await checkStoredMedia(s.media, programMedia(input));
  const programs = await programsOf(s.ctx.db.kysely);
  const order = Math.max(0, ...programs.map((p) => programOrderOf(effectiveState(p)))) + 1;
  const id = await insertNewPage(s, PROGRAMS_ROOT, () => Promise.resolve(programState(input, order, null)));
  return programAnswer(s, actor, id);
}

export async function saveProgram(s: StudioServices, actor: Actor, id: number, input: StudioProgramInput): Promise<StudioProgram> {
  const row = await loadProgram(s, id);
  checkKeptLinks(input, programInputOf(effectiveState(row)));
  await checkStoredMedia(s.media, programMedia(input));
  await saveState(s, row, programState(input, programOrderOf(liveState(row)), effectiveState(row)));
  return programAnswer(s, actor, id);
}

/**
 * Moves the program and its models to the trash (restorable for STUDIO_TRASH_DAYS). `actor` is who
 * the trash list and the audit log name (null: unknown).
 */
export async function deleteProgram(s: StudioServices, id: number, actor: Actor | null = null): Promise<{ deleted: true }> {
  await loadProgram(s, id);
  await q.inTransaction(s.ctx.db, async (trx) => {
    await lockProgram(s, trx, id);
    const row = await findLivePage(trx, id);
    if (!row) throw invalidPostId();
    await moveToTrash(trx, row, await q.listChildPages(trx, [id]), actor, s.ctx.clock());
  });
  return { deleted: true };
}

/** The ids must name each of the pages exactly once. */
function checkPermutation(ids: readonly number[], rows: readonly PageRow[], what: string): void {
  const known = new Set(rows.map((r) => r.id));
  const given = new Set(ids);
  if (given.size !== ids.length || ids.length !== rows.length || ids.some((x) => !known.has(x))) {
    throw invalidParams({ ids: `Must list every ${what} exactly once (${rows.length} ids).` });
  }
}

/** Writes metadata.order (and menu_order) of the page and of its draft: an order is never a draft. */
async function writeOrder(trx: q.Executor, row: PageRow, order: number): Promise<void> {
  const live = liveState(row);
  const patch: Parameters<typeof q.updateStudioPage>[2] = { meta_json: JSON.stringify({ ...live.meta, order: String(order) }), menu_order: order };
  if (row.draft_json !== null) {
    const draft = effectiveState(row);
    patch.draft_json = JSON.stringify({ ...draft, meta: { ...draft.meta, order: String(order) } });
  }
  await q.updateStudioPage(trx, row.id, patch);
}

export async function orderPrograms(s: StudioServices, actor: Actor, ids: readonly number[]): Promise<StudioCatalogue> {
  await q.inTransaction(s.ctx.db, async (trx) => {
    const programs = await programsOf(trx);
    checkPermutation(ids, programs, 'program');
    const byId = new Map(programs.map((p) => [p.id, p]));
    for (const [i, id] of ids.entries()) await writeOrder(trx, byId.get(id)!, i + 1);
  });
  return getCatalogue(s, actor);
}

export async function orderModels(s: StudioServices, actor: Actor, programId: number, ids: readonly number[]): Promise<StudioProgram> {
  await loadProgram(s, programId);
  await q.inTransaction(s.ctx.db, async (trx) => {
    const models = await modelsOf(trx, programId);
    checkPermutation(ids, models, 'model of the program');
    const byId = new Map(models.map((m) => [m.id, m]));
    // Main models and experimental ones are each numbered 1..n, in the order given.
    const counters = { main: 0, experimental: 0 };
    for (const id of ids) {
      const row = byId.get(id)!;
      const order = isExperimental(effectiveState(row)) ? ++counters.experimental : ++counters.main;
      await writeOrder(trx, row, order);
    }
  });
  return programAnswer(s, actor, programId);
}

/** Codes of the program's models (outside the trash), live and draft alike, except the model being edited. */
async function codesInUse(db: q.Executor, programId: number, except: number | null): Promise<Set<string>> {
  const codes = new Set<string>();
  for (const row of await modelsOf(db, programId)) {
    if (row.id === except) continue;
    for (const state of [liveState(row), effectiveState(row)]) {
      const code = state.meta.lesson_password;
      if (typeof code === 'string' && code !== '') codes.add(code.trim());
    }
  }
  return codes;
}

export async function checkCodeFree(db: q.Executor, programId: number, except: number | null, code: string): Promise<void> {
  if ((await codesInUse(db, programId, except)).has(code)) {
    throw new ApiError(409, 'studio_code_in_use', `Another model of this program already has code ${code}.`, { params: { code: 'Already used.' } });
  }
}

function freeCode(used: ReadonlySet<string>): string {
  if (used.size >= 9000) throw new ApiError(409, 'studio_no_free_code', 'Every 4-digit code of this program is in use.');
  for (;;) {
    const code = String(randomInt(1000, 10_000));
    if (!used.has(code)) return code;
  }
}

export async function generateCode(s: StudioServices, programId: number): Promise<{ code: string }> {
  await loadProgram(s, programId);
  return { code: freeCode(await codesInUse(s.ctx.db.kysely, programId, null)) };
}

export function programNameOf(program: PageRow): string {
  return programInputOf(effectiveState(program)).programName;
}

export async function createModel(s: StudioServices, actor: Actor, programId: number, input: StudioModelInput): Promise<StudioModel> {
  const program = await loadProgram(s, programId);
  checkModelLinks(input, null);
  await checkStoredMedia(s.media, modelMedia(input));
  const id = await insertNewPage(s, programId, async (trx) => {
    // A new model without a code gets a free one: a model without a code would open for everyone.
    const code = input.code === '' ? freeCode(await codesInUse(trx, programId, null)) : input.code;
    await checkCodeFree(trx, programId, null, code);
    const order = await lastOrder(trx, programId, input.experimental, null);
    return modelState({ ...input, code }, programNameOf(program), order, null);
  });
  return modelAnswer(s, actor, id);
}

/** The next order within the program's main or experimental models. */
async function lastOrder(db: q.Executor, programId: number, experimental: boolean, except: number | null): Promise<number> {
  const sameGroup = (await modelsOf(db, programId)).filter((m) => m.id !== except && isExperimental(effectiveState(m)) === experimental);
  return Math.max(0, ...sameGroup.map((m) => modelOrderOf(effectiveState(m)))) + 1;
}

export async function saveModel(s: StudioServices, actor: Actor, id: number, input: StudioModelInput): Promise<StudioModel> {
  const { program } = await loadModel(s, id);
  await checkStoredMedia(s.media, modelMedia(input));
  await q.inTransaction(s.ctx.db, async (trx) => {
    await lockProgram(s, trx, program.id);
    const row = await findLivePage(trx, id);
    if (!row || row.parent !== program.id) throw invalidPostId();
    await checkCodeFree(trx, program.id, id, input.code);
    const previous = effectiveState(row);
    checkModelLinks(input, modelInputOf(previous));
    // A model moved between main and experimental goes last in its new group (a published one when the move is published).
    const movedGroup = isExperimental(previous) !== input.experimental;
    const order = movedGroup ? await lastOrder(trx, program.id, input.experimental, id) : modelOrderOf(liveState(row));
    await saveState(s, row, modelState(input, programNameOf(program), order, previous), trx);
  });
  return modelAnswer(s, actor, id);
}

/** Moves the model to the trash (restorable for STUDIO_TRASH_DAYS); `actor` as for deleteProgram. */
export async function deleteModel(s: StudioServices, id: number, actor: Actor | null = null): Promise<{ deleted: true }> {
  const { program } = await loadModel(s, id);
  await q.inTransaction(s.ctx.db, async (trx) => {
    await lockProgram(s, trx, program.id);
    const row = await findLivePage(trx, id);
    if (!row) throw invalidPostId();
    await moveToTrash(trx, row, [], actor, s.ctx.clock());
  });
  return { deleted: true };
}

/**
 * Writes a program or model page as published, for the WordPress import: inserted at this id, or
 * updated in place (its creation date and any studio draft kept). `state` comes from programState
 * or modelState. Runs in the caller's transaction, so a model and its media rows land together.
 */
export async function writePublishedPage(trx: q.Executor, page: { id: number; parent: number; state: PageState; now: Date }): Promise<'created' | 'updated'> {
  const existing = await q.findPage(trx, page.id);
  const row = newPageRow(page.id, page.parent, page.state, page.now);
  if (!existing) {
    await q.insertStudioPage(trx, { ...row, status: 'publish' });
    return 'created';
  }
  await q.updateStudioPage(trx, page.id, {
    parent: page.parent,
    title: row.title,
    slug: row.slug,
    status: 'publish',
    menu_order: row.menu_order,
    content: row.content,
    meta_json: row.meta_json,
    fields_json: row.fields_json,
    modified: row.modified,
  });
  return 'updated';
}

// ---- publishing -------------------------------------------------------------------------------

/**
 * The draft becomes what everyone sees, in one transaction: the page (with its program, for a
 * model) is read, checked and written there, a program's new program name reaches its models, and
 * the answer is presented from what was written. A page never published gets status publish.
 */
export async function publishPage(s: StudioServices, actor: Actor, id: number): Promise<StudioProgram | StudioModel> {
  const presenter = new Presenter(s, actor);
  return q.inTransaction(s.ctx.db, async (trx) => {
    // One publish of a page at a time (PostgreSQL), so its history gets one version each.
    if (s.ctx.db.dialect === 'postgres') await q.lockPage(trx, id);
    const page = await loadStudioPage(s, id, trx);
    // What an import brought and is now published no longer waits in its review.
    await q.settleImports(trx, [id]);
    if (page.kind === 'program') {
      const problem = programPublishProblem(effectiveState(page.row), (await modelsOf(trx, id)).length);
      if (problem !== null) throw new ApiError(409, 'studio_program_empty', problem);
    }
    const published = await publishState(s, trx, actor, page, effectiveState(page.row), null);
    if (page.kind === 'model') return presenter.model(published);
    return presenter.program(published, await modelsOf(trx, id));
  });
}

/**
 * Makes `state` the page's published content in the caller's transaction (its draft goes), renames
 * a program's models when its program name changes, and records the new version (`restoredFrom`:
 * the version it puts back). Answers the page as written.
 */
export async function publishState(s: StudioServices, trx: q.Executor, actor: Actor, page: StudioPage, state: PageState, restoredFrom: number | null): Promise<PageRow> {
  if (page.kind === 'model' && page.program.status !== 'publish') {
    throw new ApiError(409, 'studio_program_unpublished', 'Publish the program of this model first.');
  }
  const now = s.ctx.clock();
  const patch = publishedPatch({ ...page.row, draft_json: JSON.stringify(state) }, now);
  const published: PageRow = { ...page.row, ...patch };
  if (page.kind === 'program') {
    const renamed = programInputOf(state).programName;
    // Models in the trash are renamed too: restored, they belong to the program as it is.
    if (renamed !== programInputOf(liveState(page.row)).programName) await renameModels(trx, await q.listChildPages(trx, [page.row.id]), renamed);
  }
  await q.updateStudioPage(trx, page.row.id, patch);
  await recordPublished(trx, page.row, published, actor, now, restoredFrom);
  return published;
}

/** A program's new program name reaches its models (meta and field program_name, live and draft). */
async function renameModels(trx: q.Executor, models: readonly PageRow[], programName: string): Promise<void> {
  for (const model of models) await q.updateStudioPage(trx, model.id, renamedModelPatch(model, programName));
}

/** Drops a published page's unpublished edits (a page never published has none apart from itself). */
export async function discardDraft(s: StudioServices, actor: Actor, id: number): Promise<StudioProgram | StudioModel> {
  const { row, kind } = await loadStudioPage(s, id);
  if (row.draft_json !== null) {
    await q.inTransaction(s.ctx.db, async (trx) => {
      await q.updateStudioPage(trx, id, { draft_json: null, modified: s.ctx.clock().toISOString() });
      if (row.status === 'publish') await q.settleImports(trx, [id], true);
    });
  }
  return kind === 'program' ? programAnswer(s, actor, id) : modelAnswer(s, actor, id);
}

/**
 * Hides or shows a program at once, as an order is written: in the live page and in its draft, so
 * neither publishing nor discarding the draft undoes it.
 */
export async function setProgramHidden(s: StudioServices, id: number, hidden: boolean): Promise<void> {
  await loadProgram(s, id);
  await q.inTransaction(s.ctx.db, async (trx) => {
    const row = await q.findPage(trx, id);
    if (!row) throw invalidPostId();
    // Shown again, a hidden program is for students and teachers; a program for teachers stays so.
    const audience = (meta: Record<string, string>) => audienceMeta(hidden ? 'hidden' : audienceOf(meta) === 'hidden' ? 'everyone' : audienceOf(meta));
    const live = liveState(row).meta;
    const patch: Parameters<typeof q.updateStudioPage>[2] = { meta_json: JSON.stringify({ ...live, ...audience(live) }) };
    if (row.draft_json !== null) {
      const draft = effectiveState(row);
      patch.draft_json = JSON.stringify({ ...draft, meta: { ...draft.meta, ...audience(draft.meta) } });
    }
    await q.updateStudioPage(trx, id, patch);
  });
}

/**
 * Takes a published model off every student's list: it becomes a draft again, holding what the
 * studio showed of it (its unpublished changes, if any), and is published again like a new one.
 */
export async function unpublishModel(s: StudioServices, id: number): Promise<void> {
  await loadModel(s, id);
  await q.inTransaction(s.ctx.db, async (trx) => {
    const row = await q.findPage(trx, id);
    if (!row) throw invalidPostId();
    if (row.status !== 'publish') return;
    const shown = rowWithState(row, effectiveState(row));
    await q.updateStudioPage(trx, id, {
      status: 'draft',
      title: shown.title,
      content: shown.content,
      meta_json: shown.meta_json,
      fields_json: shown.fields_json,
      draft_json: null,
      modified: s.ctx.clock().toISOString(),
    });
  });
}

/** Whether the page is a program (else a model), for the studio's lists; 404 for any other page. */
export async function studioPageKind(s: StudioServices, id: number): Promise<{ kind: 'program' | 'model'; title: string }> {
  const page = await loadStudioPage(s, id);
  return { kind: page.kind, title: effectiveState(page.row).title };
}

/**
 * The page with its draft applied, as wp/v2/pages/{id} presents it to a student who unlocked it:
 * no code, `unlocked: true`, no lesson plan; every picture signed for the administrator (a draft's
 * public pictures are not public yet).
 */
export async function previewPage(s: StudioServices, actor: Actor, id: number, origin: string): Promise<WirePage> {
  const { row } = await loadStudioPage(s, id);
  const asStudent: Actor = { ...actor, role: 'student' };
  const shown = rowWithState(row, effectiveState(row));
  return presentPage(shown, asStudent, new Set([id]), origin, { signer: s.signer, now: s.ctx.clock(), hidden: new Set([id]) });
}
