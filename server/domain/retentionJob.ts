/**
 * The scheduled anonymisation of students whose lessons ended more than PRIVACY_RETENTION_MONTHS
 * ago. Every instance runs it (at start, then hourly); anonymiseEndedStudents is safe to run in
 * several at once. Its log line holds a count, never a name.
 */
import type { DomainContext } from './context';
import { anonymiseEndedStudents } from './privacy';

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
    private readonly months: number,
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
    this.running ??= anonymiseEndedStudents(this.ctx, this.months)
      .then((count) => {
        if (count > 0) this.log.info({ anonymised: count }, 'students anonymised (retention period over)');
        return count;
      })
      .catch((err: unknown) => {
        this.log.warn({ error: err instanceof Error ? err.name : 'error' }, 'student anonymisation round failed');
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
