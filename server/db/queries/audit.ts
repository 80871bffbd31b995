import type { AuditLogRow } from '../schema';
import type { Executor } from './executor';

export type NewAuditEntry = Omit<AuditLogRow, 'id'>;

export async function insertAuditEntry(db: Executor, entry: NewAuditEntry): Promise<void> {
  await db.insertInto('audit_log').values(entry).execute();
}

export interface AuditFilter {
  /** Only the entries about this owner's students (and the owner). */
  ownerId?: number;
  subjectType?: string;
  subjectId?: number;
  action?: string;
  actorId?: number;
  /** ISO bounds, inclusive. */
  from?: string;
  to?: string;
}

/** Newest first; `before` (an id) pages on. */
export function listAuditEntries(db: Executor, filter: AuditFilter, limit: number, before?: number): Promise<AuditLogRow[]> {
  let q = db.selectFrom('audit_log').selectAll();
  if (filter.ownerId !== undefined) q = q.where('owner_id', '=', filter.ownerId);
  if (filter.subjectType !== undefined) q = q.where('subject_type', '=', filter.subjectType);
  if (filter.subjectId !== undefined) q = q.where('subject_id', '=', filter.subjectId);
  if (filter.action !== undefined) q = q.where('action', '=', filter.action);
  if (filter.actorId !== undefined) q = q.where('actor_id', '=', filter.actorId);
  if (filter.from !== undefined) q = q.where('at', '>=', filter.from);
  if (filter.to !== undefined) q = q.where('at', '<=', filter.to);
  if (before !== undefined) q = q.where('id', '<', before);
  return q.orderBy('id', 'desc').limit(limit).execute();
}

/** Erasing a child: their entries stay (what was done, by whom, when) without the values. */
export async function scrubAuditEntries(db: Executor, subjectType: string, subjectId: number): Promise<void> {
  await db.updateTable('audit_log').set({ before_json: '{}', after_json: '{}' }).where('subject_type', '=', subjectType).where('subject_id', '=', subjectId).execute();
}
