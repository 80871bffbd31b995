/**
 * The audit log of roster, account, class and content changes: every change to a student, an account,
 * a class or a studio page (put back, trashed, restored, purged)
 * is recorded in the transaction that makes it, so a change and its entry are kept or lost together.
 */
import { insertAuditEntry, type Executor, type NewAuditEntry } from '../db/queries';
import type { AuditLogRow } from '../db/schema';
import type { Actor } from './context';

export interface AuditChange {
  action: string;
  /** 'page': a program or model of the content studio (ownerId null); 'class': an owner's class. */
  subjectType: 'student' | 'user' | 'page' | 'class';
  subjectId: number;
  /** The franchise owner the subject belongs to; null for none (an owner's own account: their id). */
  ownerId: number | null;
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
}

/** The fields of `after` that differ from `before`, each side with only those fields. */
export function changedFields<T extends object>(before: T, after: Partial<T>): { before: Partial<T>; after: Partial<T> } {
  const was: Partial<T> = {};
  const now: Partial<T> = {};
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (after[key] !== undefined && after[key] !== before[key]) {
      was[key] = before[key];
      now[key] = after[key];
    }
  }
  return { before: was, after: now };
}

/** Records one change; `actor` null for the portal's own jobs (e.g. the scheduled anonymisation). */
export async function recordAudit(db: Executor, actor: Actor | null, change: AuditChange, at: Date): Promise<void> {
  await insertAuditEntry(db, auditEntry(actor, change, at));
}

/** The audit_log row of one change (for writing many at once). */
export function auditEntry(actor: Actor | null, change: AuditChange, at: Date): NewAuditEntry {
  return {
    at: at.toISOString(),
    actor_id: actor?.id ?? null,
    actor_role: actor?.role ?? 'system',
    action: change.action,
    subject_type: change.subjectType,
    subject_id: change.subjectId,
    owner_id: change.ownerId,
    before_json: JSON.stringify(change.before ?? {}),
    after_json: JSON.stringify(change.after ?? {}),
  };
}

export type { AuditLogRow };
