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

export interface RetentionPeriods {
  privacyMonths: number;
  reportDays: number;
}

export const RETENTION_INTERVAL_MS = 3_600_000;

export interface RetentionLog {
  info(obj: Record<string, unknown>, msg: string): void;
  warn(obj: Record<string, unknown>, msg: string): void;
}

export class RetentionJob {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;

  constructor(
    private readonly ctx: DomainContext,
    private readonly periods: RetentionPeriods,
    private readonly log: RetentionLog,
    private readonly intervalMs = RETENTION_INTERVAL_MS,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.runOnce(), this.intervalMs);
    this.timer.unref();
  }

  /** One round; a round still running is joined rather than doubled. Failures are logged, never thrown. */
  runOnce(): Promise<number> {
    this.running ??= anonymiseEndedStudents(this.ctx, this.periods.privacyMonths)
      .then(async (count) => {
        if (count > 0) this.log.info({ anonymised: count }, 'students anonymised (retention period over)');
        const reports = await deleteExpiredReports(this.ctx, this.periods.reportDays);
        if (reports > 0) this.log.info({ deleted: reports }, 'problem reports deleted (retention period over)');
        const trashed = await purgeExpiredTrash(this.ctx);
        if (trashed > 0) this.log.info({ purged: trashed }, 'studio pages removed from the trash for good (30 days over)');
        return count;
      })
      .catch((err: unknown) => {
        this.log.warn({ error: err instanceof Error ? err.name : 'error' }, 'retention round failed');
        return 0;
      })
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
