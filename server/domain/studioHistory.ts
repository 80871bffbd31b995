/**
 * The studio's history and trash: a page's published versions and putting one back, the list of
 * deleted programs and models and restoring one. Administrators only (the routes check).
 */
import type { StudioHistory, StudioModel, StudioPerson, StudioProgram, StudioTrash } from '../../contract';
import * as q from '../db/queries';
import type { PageRow, PageVersionRow } from '../db/schema';
import { ApiError, invalidPostId } from '../errors';
import { recordAudit } from './audit';
import type { Actor } from './context';
import { isTrashed, purgeAt } from './pageHistory';
import { CODE_META_KEY, liveState, parseObject, type PageState } from './pageState';
import { PROGRAMS_ROOT } from './studioPages';
import { checkCodeFree, loadStudioPage, lockProgram, modelAnswer, programAnswer, programNameOf, publishState, type StudioServices } from './studio';

/** How many versions the history shows (the newest). */
const HISTORY_LIMIT = 100;

async function people(db: q.Executor, ids: readonly (number | null)[]): Promise<(id: number | null) => StudioPerson> {
  const names = await q.userDisplayNames(db, [...new Set(ids.filter((id): id is number => id !== null))]);
  return (id) => (id === null ? null : { id, name: names.get(id) ?? '' });
}

export async function getHistory(s: StudioServices, id: number): Promise<StudioHistory> {
  const db = s.ctx.db.kysely;
  const page = await loadStudioPage(s, id);
  const rows = await q.listPageVersions(db, id, HISTORY_LIMIT);
  const person = await people(db, rows.map((r) => r.actor_id));
  return {
    pageId: id,
    versions: rows.map((row, i) => ({
      id: row.id,
      at: row.at,
      by: person(row.actor_id),
      title: row.title,
      restoredFrom: row.restored_from,
      current: i === 0 && page.row.status === 'publish',
    })),
  };
}

const versionNotFound = () => new ApiError(404, 'studio_version_not_found', 'This page has no such version.');

/**
 * What putting back a version publishes: its title, text, meta and fields, but the page's order as
 * it is now (an order is never a version) and, for a model, its program's name as it is now.
 */
function stateToPutBack(version: PageVersionRow, page: PageRow, program: PageRow | null): PageState {
  const meta = parseObject(version.meta_json) as Record<string, string>;
  const fields = parseObject(version.fields_json);
  const live = liveState(page);
  if (live.meta.order !== undefined) meta.order = live.meta.order;
  if (program) {
    const name = programNameOf(program);
    meta.program_name = name;
    fields.program_name = name;
  }
  return { title: version.title, content: version.content, meta, fields };
}

/** The version becomes what everyone sees (the page's draft goes), as a new version; the audit log says who did it. */
export async function putBackVersion(s: StudioServices, actor: Actor, id: number, versionId: number): Promise<StudioProgram | StudioModel> {
  const kind = await q.inTransaction(s.ctx.db, async (trx) => {
    // The program's writes, then this page's publishes, take turns (as saving and publishing do).
    const first = await loadStudioPage(s, id, trx);
    if (first.kind === 'model') await lockProgram(s, trx, first.program.id);
    await lockProgram(s, trx, id);
    const page = await loadStudioPage(s, id, trx);
    const version = await q.findPageVersion(trx, versionId);
    if (!version || version.page_id !== id) throw versionNotFound();
    const state = stateToPutBack(version, page.row, page.program);
    if (page.kind === 'model') {
      const code = state.meta[CODE_META_KEY];
      if (typeof code === 'string' && code !== '') await checkCodeFree(trx, page.program.id, id, code.trim());
    }
    const [current] = await q.listPageVersions(trx, id, 1);
    await publishState(s, trx, actor, page, state, version.id);
    await recordAudit(
      trx,
      actor,
      { action: 'page.put_back', subjectType: 'page', subjectId: id, ownerId: null, before: { version: current?.id ?? null }, after: { version: version.id, title: version.title } },
      s.ctx.clock(),
    );
    return page.kind;
  });
  return kind === 'program' ? programAnswer(s, actor, id) : modelAnswer(s, actor, id);
}

export async function listTrash(s: StudioServices): Promise<StudioTrash> {
  const db = s.ctx.db.kysely;
  const entries = await q.listTrashEntries(db);
  const parents = await Promise.all(entries.map((e) => (e.parent === PROGRAMS_ROOT ? null : q.findPage(db, e.parent))));
  const person = await people(db, entries.map((e) => e.actor_id));
  return {
    entries: entries.map((entry, i) => ({
      id: entry.page_id,
      kind: entry.parent === PROGRAMS_ROOT ? 'program' : 'model',
      title: entry.title,
      programTitle: entry.parent === PROGRAMS_ROOT ? null : (parents[i]?.title ?? ''),
      models: entry.pages - 1,
      trashedAt: entry.trashed_at,
      by: person(entry.actor_id),
      purgeAt: purgeAt(entry.trashed_at),
    })),
  };
}

const notInTrash = () => new ApiError(404, 'studio_not_in_trash', 'This is not in the trash (restored already, or removed for good).');

/**
 * Gives a trash entry back as it was before it was deleted: each page its status (published pages
 * are seen again at once, drafts stay drafts), its draft, order, code, and the students' unlocks
 * and places. A model whose program is in the trash waits for the program.
 */
export async function restoreFromTrash(s: StudioServices, actor: Actor, id: number): Promise<StudioProgram | StudioModel> {
  const kind = await q.inTransaction(s.ctx.db, async (trx) => {
    const entry = await q.findPage(trx, id);
    if (!entry || !isTrashed(entry)) throw notInTrash();
    const isProgram = entry.parent === PROGRAMS_ROOT;
    await lockProgram(s, trx, isProgram ? id : entry.parent);
    const rows = await q.trashEntryRows(trx, id);
    if (!rows.some((r) => r.page_id === id)) throw notInTrash();
    if (!isProgram) {
      const program = await q.findPage(trx, entry.parent);
      if (!program) throw invalidPostId();
      if (isTrashed(program)) throw new ApiError(409, 'studio_program_in_trash', `Its program, ${program.title}, is in the trash: restore the program first.`);
      const code = liveState(entry).meta[CODE_META_KEY];
      if (typeof code === 'string' && code !== '') await checkCodeFree(trx, program.id, id, code.trim());
    }
    for (const row of rows) await q.setPageStatus(trx, row.page_id, row.status_before);
    await q.deleteTrashRows(trx, rows.map((r) => r.page_id));
    await recordAudit(trx, actor, { action: 'page.restore', subjectType: 'page', subjectId: id, ownerId: null, after: { title: entry.title, models: rows.length - 1 } }, s.ctx.clock());
    return isProgram ? 'program' : 'model';
  });
  return kind === 'program' ? programAnswer(s, actor, id) : modelAnswer(s, actor, id);
}
