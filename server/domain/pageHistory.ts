/**
 * What keeps studio pages from being lost: every publish is kept as a version (who, when, what),
 * and a deleted program or model goes to the trash (status 'trash', seen by nobody outside the
 * studio's trash list) for STUDIO_TRASH_DAYS before the retention job removes it for good. All of
 * it is in the database, so every instance sees the same history and trash.
 */
import { STUDIO_TRASH_DAYS } from '../../contract';
import * as q from '../db/queries';
import type { PageRow } from '../db/schema';
import { recordAudit } from './audit';
import type { Actor, DomainContext } from './context';

export const isTrashed = (row: PageRow): boolean => row.status === q.TRASH_STATUS;

const DAY_MS = 86_400_000;

/** When an entry trashed at `trashedAt` is removed for good. */
export const purgeAt = (trashedAt: string, days = STUDIO_TRASH_DAYS): string => new Date(Date.parse(trashedAt) + days * DAY_MS).toISOString();

/**
 * Records `after` (a page just published) as a version. A page published before history was kept
 * first gets its earlier live state as a version by nobody known, so it can be put back too.
 */
export async function recordPublished(trx: q.Executor, before: PageRow, after: PageRow, actor: Actor | null, now: Date, restoredFrom: number | null = null): Promise<void> {
  if (before.status === 'publish' && !(await q.hasPageVersions(trx, before.id))) {
    await q.insertPageVersion(trx, { page_id: before.id, at: before.modified, actor_id: null, restored_from: null, title: before.title, content: before.content, meta_json: before.meta_json, fields_json: before.fields_json });
  }
  await q.insertPageVersion(trx, {
    page_id: after.id,
    at: now.toISOString(),
    actor_id: actor?.id ?? null,
    restored_from: restoredFrom,
    title: after.title,
    content: after.content,
    meta_json: after.meta_json,
    fields_json: after.fields_json,
  });
}

/** Moves a page (and, for a program, its models not already in the trash) to the trash, in the caller's transaction. */
export async function moveToTrash(trx: q.Executor, entry: PageRow, models: readonly PageRow[], actor: Actor | null, now: Date): Promise<void> {
  const pages = [entry, ...models.filter((m) => !isTrashed(m))];
  const at = now.toISOString();
  await q.insertTrashRows(
    trx,
    pages.map((row) => ({ page_id: row.id, entry_id: entry.id, trashed_at: at, actor_id: actor?.id ?? null, status_before: row.status })),
  );
  for (const row of pages) await q.setPageStatus(trx, row.id, q.TRASH_STATUS);
  await recordAudit(trx, actor, { action: 'page.trash', subjectType: 'page', subjectId: entry.id, ownerId: null, after: { title: entry.title, models: pages.length - 1 } }, now);
}

/**
 * Removes for good every trash entry older than `days` (a program with every model under it),
 * each in its own transaction. Several instances may run it at once: the entry's row is taken by
 * one delete, and only the instance whose delete took it removes the pages and writes the entry.
 */
export async function purgeExpiredTrash(ctx: DomainContext, days = STUDIO_TRASH_DAYS): Promise<number> {
  const now = ctx.clock();
  const due = await q.expiredTrashEntries(ctx.db.kysely, new Date(now.getTime() - days * DAY_MS).toISOString());
  let purged = 0;
  for (const entryId of due) {
    const done = await q.inTransaction(ctx.db, async (trx) => {
      if (!(await q.claimTrashEntry(trx, entryId))) return false;
      const entry = await q.findPage(trx, entryId);
      if (!entry) return true;
      const children = await q.listChildPages(trx, [entryId]);
      for (const row of [...children, entry]) await q.deleteStudioPage(trx, row.id);
      await recordAudit(trx, null, { action: 'page.purge', subjectType: 'page', subjectId: entryId, ownerId: null, after: { title: entry.title, models: children.length } }, now);
      return true;
    });
    if (done) purged += 1;
  }
  return purged;
}
