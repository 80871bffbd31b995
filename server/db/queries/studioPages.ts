/** The content studio's writes to pages (programs and models stay rows of pages). */
import type { PageRow, PagesTable } from '../schema';
import type { Updateable } from 'kysely';
import type { Executor } from './executor';

/** The next free page id: one above the highest (imported WordPress ids keep their own numbers). */
export async function nextPageId(db: Executor): Promise<number> {
  const row = await db.selectFrom('pages').select((eb) => eb.fn.max('id').as('top')).executeTakeFirst();
  return Number(row?.top ?? 0) + 1;
}

/** PostgreSQL only: holds the page's row until the transaction ends, so writes under it take turns. */
export async function lockPage(db: Executor, id: number): Promise<void> {
  await db.selectFrom('pages').select('id').where('id', '=', id).forUpdate().execute();
}

export async function insertStudioPage(db: Executor, page: PageRow): Promise<void> {
  await db.insertInto('pages').values(page).execute();
}

export async function updateStudioPage(db: Executor, id: number, patch: Updateable<PagesTable>): Promise<void> {
  await db.updateTable('pages').set(patch).where('id', '=', id).execute();
}

/** Deletes a page and the unlocks (and counted wrong codes) that named it. */
export async function deleteStudioPage(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('unlocks').where('page_id', '=', id).execute();
  await db.deleteFrom('unlock_failures').where('page_id', '=', id).execute();
  await db.deleteFrom('page_versions').where('page_id', '=', id).execute();
  await db.deleteFrom('page_trash').where('page_id', '=', id).execute();
  await db.deleteFrom('pages').where('id', '=', id).execute();
}

export async function countChildPages(db: Executor, parent: number): Promise<number> {
  const row = await db.selectFrom('pages').select((eb) => eb.fn.countAll().as('n')).where('parent', '=', parent).executeTakeFirst();
  return Number(row?.n ?? 0);
}

