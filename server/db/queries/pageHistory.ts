/** A studio page's published versions, and the trash of deleted programs and models. */
import type { Insertable } from 'kysely';
import type { PageTrashRow, PageTrashTable, PageVersionRow, PageVersionsTable } from '../schema';
import type { Executor } from './executor';

/** The status of a page in the trash: wp/v2/pages shows only 'publish', so it is seen by nobody. */
export const TRASH_STATUS = 'trash';

export async function insertPageVersion(db: Executor, version: Insertable<PageVersionsTable>): Promise<void> {
  await db.insertInto('page_versions').values(version).execute();
}

/** Newest first. */
export function listPageVersions(db: Executor, pageId: number, limit: number): Promise<PageVersionRow[]> {
  return db.selectFrom('page_versions').selectAll().where('page_id', '=', pageId).orderBy('id', 'desc').limit(limit).execute();
}

export function findPageVersion(db: Executor, id: number): Promise<PageVersionRow | undefined> {
  return db.selectFrom('page_versions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function hasPageVersions(db: Executor, pageId: number): Promise<boolean> {
  return (await db.selectFrom('page_versions').select('id').where('page_id', '=', pageId).limit(1).executeTakeFirst()) !== undefined;
}

export async function insertTrashRows(db: Executor, rows: readonly Insertable<PageTrashTable>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('page_trash').values([...rows]).execute();
}

/** The rows of one trash entry (the page deleted, and the models that went with it). */
export function trashEntryRows(db: Executor, entryId: number): Promise<PageTrashRow[]> {
  return db.selectFrom('page_trash').selectAll().where('entry_id', '=', entryId).execute();
}

/** Every entry (the page someone deleted), newest first, with its title, parent and how many pages it holds. */
export async function listTrashEntries(db: Executor): Promise<(PageTrashRow & { title: string; parent: number; pages: number })[]> {
  const sizes = db.selectFrom('page_trash').select((eb) => ['entry_id', eb.fn.countAll<number>().as('n')]).groupBy('entry_id');
  const rows = await db
    .selectFrom('page_trash as t')
    .innerJoin('pages as p', 'p.id', 't.page_id')
    .innerJoin(sizes.as('z'), 'z.entry_id', 't.entry_id')
    .selectAll('t')
    .select(['p.title', 'p.parent', 'z.n'])
    .whereRef('t.entry_id', '=', 't.page_id')
    .orderBy('t.trashed_at', 'desc')
    .orderBy('t.page_id', 'desc')
    .execute();
  return rows.map(({ n, ...row }) => ({ ...row, pages: Number(n) }));
}

/** Entries deleted before `before` (ISO): their ids. */
export async function expiredTrashEntries(db: Executor, before: string): Promise<number[]> {
  const rows = await db.selectFrom('page_trash').select('page_id').whereRef('entry_id', '=', 'page_id').where('trashed_at', '<', before).execute();
  return rows.map((r) => r.page_id);
}

/** Takes an entry out of the trash table: whether this call did (another instance may have first). */
export async function claimTrashEntry(db: Executor, entryId: number): Promise<boolean> {
  const result = await db.deleteFrom('page_trash').where('page_id', '=', entryId).where('entry_id', '=', entryId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function deleteTrashRows(db: Executor, pageIds: readonly number[]): Promise<void> {
  if (pageIds.length > 0) await db.deleteFrom('page_trash').where('page_id', 'in', [...pageIds]).execute();
}

export async function setPageStatus(db: Executor, id: number, status: string): Promise<void> {
  await db.updateTable('pages').set({ status }).where('id', '=', id).execute();
}
