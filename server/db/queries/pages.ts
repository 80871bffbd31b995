import type { NewPageRow, PageRow } from '../schema';
import type { Executor } from './executor';

export function findPage(db: Executor, id: number): Promise<PageRow | undefined> {
  return db.selectFrom('pages').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The pages of these ids that exist, in no particular order. */
export function findPages(db: Executor, ids: readonly number[]): Promise<PageRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('pages').selectAll().where('id', 'in', [...ids]).execute();
}

/** Direct children of any of the parents, in no particular order (the caller sorts). */
export function listChildPages(db: Executor, parents: readonly number[]): Promise<PageRow[]> {
  if (parents.length === 0) return Promise.resolve([]);
  return db.selectFrom('pages').selectAll().where('parent', 'in', parents).execute();
}

export function listAllPages(db: Executor): Promise<PageRow[]> {
  return db.selectFrom('pages').selectAll().orderBy('id').execute();
}

export async function upsertPage(db: Executor, page: NewPageRow): Promise<void> {
  await db
    .insertInto('pages')
    .values(page)
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({
        parent: page.parent,
        title: page.title,
        slug: page.slug,
        status: page.status,
        menu_order: page.menu_order,
        content: page.content,
        excerpt: page.excerpt,
        modified: page.modified,
        meta_json: page.meta_json,
        fields_json: page.fields_json,
      }),
    )
    .execute();
}
