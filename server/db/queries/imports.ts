import type { ImportJobStatus, ImportJobsTable, NewPageRow } from '../schema';
import type { Executor } from './executor';

export async function pageIds(db: Executor): Promise<Set<number>> {
  const rows = await db.selectFrom('pages').select('id').execute();
  return new Set(rows.map((r) => r.id));
}

export function importSourcesOf(db: Executor, site: string) {
  return db.selectFrom('import_sources').selectAll().where('site', '=', site).execute();
}

export async function allImportedPageIds(db: Executor): Promise<Set<number>> {
  const rows = await db.selectFrom('import_sources').select('page_id').execute();
  return new Set(rows.map((r) => r.page_id));
}

/** Writes a whole page (its date too, unlike upsertPage). */
export async function writeImportedPage(db: Executor, page: NewPageRow): Promise<void> {
  const { id: _id, ...rest } = page;
  await db.insertInto('pages').values(page).onConflict((oc) => oc.column('id').doUpdateSet(rest)).execute();
}

export interface ImportSourceWrite {
  site: string;
  source_id: number;
  page_id: number;
  content_hash: string;
  job_id: number;
  pending: number;
  created_page: number;
}

export async function saveImportSource(db: Executor, row: ImportSourceWrite): Promise<void> {
  const { site: _site, source_id: _source, ...rest } = row;
  await db
    .insertInto('import_sources')
    .values(row)
    .onConflict((oc) => oc.columns(['site', 'source_id']).doUpdateSet(rest))
    .execute();
}

/** A page whose import draft still waits, found unchanged by a later import, is that import's to review now. */
export async function claimPendingImport(db: Executor, site: string, sourceId: number, jobId: number): Promise<void> {
  await db.updateTable('import_sources').set({ job_id: jobId }).where('site', '=', site).where('source_id', '=', sourceId).where('pending', '=', 1).execute();
}

/** The pages of a job's import that wait for review. */
export function pendingImportsOfJob(db: Executor, jobId: number) {
  return db.selectFrom('import_sources').selectAll().where('job_id', '=', jobId).where('pending', '=', 1).execute();
}

/**
 * The pages no longer wait for review (published, or their draft dropped). `forget`: the next
 * import brings the site's version again (what was discarded is offered again), instead of
 * skipping it as already imported.
 */
export async function settleImports(db: Executor, pageIds: readonly number[], forget = false): Promise<void> {
  if (pageIds.length === 0) return;
  await db
    .updateTable('import_sources')
    .set(forget ? { pending: 0, content_hash: '' } : { pending: 0 })
    .where('page_id', 'in', [...pageIds])
    .execute();
}

/** Forgets where the pages came from (pages the import made, now discarded). */
export async function deleteImportSources(db: Executor, pageIds: readonly number[]): Promise<void> {
  if (pageIds.length === 0) return;
  await db.deleteFrom('import_sources').where('page_id', 'in', [...pageIds]).execute();
}

export function importedMedia(db: Executor, urls: readonly string[]) {
  if (urls.length === 0) return Promise.resolve([]);
  return db.selectFrom('import_media').selectAll().where('source_url', 'in', urls).execute();
}

export async function saveImportedMedia(db: Executor, row: { source_url: string; path: string; sha256: string; etag: string }): Promise<void> {
  await db
    .insertInto('import_media')
    .values(row)
    .onConflict((oc) => oc.column('source_url').doUpdateSet({ path: row.path, sha256: row.sha256, etag: row.etag }))
    .execute();
}

export type ImportJobRow = Omit<ImportJobsTable, 'id'> & { id: number };

export async function insertImportJob(db: Executor, job: Omit<ImportJobRow, 'id'>): Promise<number> {
  const row = await db.insertInto('import_jobs').values(job).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export function findImportJob(db: Executor, id: number): Promise<ImportJobRow | undefined> {
  return db.selectFrom('import_jobs').selectAll().where('id', '=', id).executeTakeFirst();
}

export function activeImportJob(db: Executor): Promise<ImportJobRow | undefined> {
  return db.selectFrom('import_jobs').selectAll().where('active', '=', 'import').executeTakeFirst();
}

export function latestImportJobs(db: Executor, limit: number): Promise<ImportJobRow[]> {
  return db.selectFrom('import_jobs').selectAll().orderBy('id', 'desc').limit(limit).execute();
}

export async function updateImportJob(
  db: Executor,
  id: number,
  patch: Partial<Pick<ImportJobRow, 'status' | 'progress' | 'step' | 'summary_json' | 'finished_at' | 'heartbeat_at' | 'active'>>,
): Promise<void> {
  await db.updateTable('import_jobs').set(patch).where('id', '=', id).execute();
}

/** Jobs whose runner has been silent since `before` (ms) are over: they failed, and free the way for another. */
export async function failAbandonedImportJobs(db: Executor, before: number, step: string, finishedAt: string): Promise<void> {
  await db
    .updateTable('import_jobs')
    .set({ status: 'failed' satisfies ImportJobStatus, active: null, step, finished_at: finishedAt })
    .where('active', '=', 'import')
    .where('heartbeat_at', '<', before)
    .execute();
}
