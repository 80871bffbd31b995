import { randomBytes } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { ProblemReportRow, ProblemReportsTable, ProblemReportStatus } from '../schema';
import type { Executor } from './executor';

export type NewProblemReport = Omit<Insertable<ProblemReportsTable>, 'id' | 'reference'>;

/** Every column but the picture and the log: what a list shows. */
const SUMMARY_COLUMNS = [
  'id',
  'reference',
  'user_id',
  'role',
  'note',
  'app_version',
  'user_agent',
  'screen',
  'program',
  'lesson_id',
  'error_json',
  'screenshot_type',
  'status',
  'comment',
  'client_id',
  'created_at',
  'updated_at',
] as const;

export type ProblemReportSummaryRow = Pick<ProblemReportRow, (typeof SUMMARY_COLUMNS)[number]>;

/** Stores a report and gives it its reference ('R-' and its id); answers the new row's id. */
export async function insertProblemReport(db: Executor, report: NewProblemReport): Promise<{ id: number; reference: string }> {
  // The reference needs the id: a random placeholder first, replaced in the same transaction.
  const inserted = await db
    .insertInto('problem_reports')
    .values({ ...report, reference: `tmp-${randomBytes(8).toString('hex')}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  const reference = `R-${inserted.id}`;
  await db.updateTable('problem_reports').set({ reference }).where('id', '=', inserted.id).execute();
  return { id: inserted.id, reference };
}

export function findReportByClientId(db: Executor, userId: number, clientId: string): Promise<{ id: number; reference: string } | undefined> {
  return db.selectFrom('problem_reports').select(['id', 'reference']).where('user_id', '=', userId).where('client_id', '=', clientId).executeTakeFirst();
}

export interface ReportFilter {
  status?: ProblemReportStatus;
  role?: string;
  program?: string;
  appVersion?: string;
}

/** Newest first, one page. */
export async function listProblemReports(db: Executor, filter: ReportFilter, limit: number, offset: number): Promise<{ rows: ProblemReportSummaryRow[]; total: number }> {
  let q = db.selectFrom('problem_reports');
  if (filter.status !== undefined) q = q.where('status', '=', filter.status);
  if (filter.role !== undefined) q = q.where('role', '=', filter.role);
  if (filter.program !== undefined) q = q.where('program', '=', filter.program);
  if (filter.appVersion !== undefined) q = q.where('app_version', '=', filter.appVersion);
  const rows = await q.select([...SUMMARY_COLUMNS]).orderBy('id', 'desc').limit(limit).offset(offset).execute();
  const count = await q.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
  return { rows, total: Number(count.n) };
}

export function findProblemReport(db: Executor, id: number): Promise<(ProblemReportSummaryRow & { log_json: string }) | undefined> {
  return db
    .selectFrom('problem_reports')
    .select([...SUMMARY_COLUMNS, 'log_json'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The senders' display names and the lessons' titles the reports name, for administrators to read names rather than ids. */
export async function namesForReports(db: Executor, userIds: number[], pageIds: number[]): Promise<{ users: Map<number, string>; pages: Map<number, string> }> {
  const users = userIds.length === 0 ? [] : await db.selectFrom('users').select(['id', 'display_name']).where('id', 'in', userIds).execute();
  const pages = pageIds.length === 0 ? [] : await db.selectFrom('pages').select(['id', 'title']).where('id', 'in', pageIds).execute();
  return { users: new Map(users.map((u) => [u.id, u.display_name])), pages: new Map(pages.map((p) => [p.id, p.title])) };
}

export function findReportScreenshot(db: Executor, id: number): Promise<{ screenshot: Buffer | null; screenshot_type: string | null } | undefined> {
  return db.selectFrom('problem_reports').select(['screenshot', 'screenshot_type']).where('id', '=', id).executeTakeFirst();
}

export async function updateProblemReport(db: Executor, id: number, change: { status?: ProblemReportStatus; comment?: string }, now: string): Promise<boolean> {
  const result = await db
    .updateTable('problem_reports')
    .set({ ...change, updated_at: now })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Retention: deletes the reports created before the ISO time; answers how many. */
export async function deleteReportsBefore(db: Executor, createdBefore: string): Promise<number> {
  const result = await db.deleteFrom('problem_reports').where('created_at', '<', createdBefore).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Erasing a child: the reports they sent go (their note, log and picture are about them). */
export async function deleteReportsOfUser(db: Executor, userId: number): Promise<void> {
  await db.deleteFrom('problem_reports').where('user_id', '=', userId).execute();
}
