/**
 * The scheduled retention rounds: the anonymisation of students whose lessons ended more than
 * PRIVACY_RETENTION_MONTHS ago, the deletion of problem reports older than REPORT_RETENTION_DAYS, and
 * the removal for good of studio pages in the trash for more than STUDIO_TRASH_DAYS.
 * Every instance runs them (at start, then hourly); both are safe to run in several at once (each
 * student is claimed once; a report is deleted by whichever delete comes first). Log lines hold
 * counts, never a name.
 */
import type { DomainContext } from './context';
import { purgeExpiredTrash } from './pageHistory';
import { anonymiseEndedStudents } from './privacy';
import { deleteExpiredReports } from './reports';
import { HOURLY_MS, RepeatingRound, type RoundLog } from './repeatingRound';

export interface RetentionPeriods {
  privacyMonths: number;
  reportDays: number;
}

export const RETENTION_INTERVAL_MS = HOURLY_MS;

export type RetentionLog = RoundLog;

/** Every instance's retention rounds (start, stop, runOnce: the anonymised students' count). */
export class RetentionJob extends RepeatingRound<number> {
  constructor(ctx: DomainContext, periods: RetentionPeriods, log: RetentionLog, intervalMs = RETENTION_INTERVAL_MS) {
    super(
      async () => {
        const count = await anonymiseEndedStudents(ctx, periods.privacyMonths);
        if (count > 0) log.info({ anonymised: count }, 'students anonymised (retention period over)');
        const reports = await deleteExpiredReports(ctx, periods.reportDays);
        if (reports > 0) log.info({ deleted: reports }, 'problem reports deleted (retention period over)');
        const trashed = await purgeExpiredTrash(ctx);
        if (trashed > 0) log.info({ purged: trashed }, 'studio pages removed from the trash for good (30 days over)');
        return count;
      },
      { log, message: 'retention round failed', value: 0 },
      intervalMs,
    );
  }
}
