/**
 * A round of work every instance repeats on a timer (hourly): the retention rounds, the families'
 * summary mails. A round still running is joined rather than doubled; a failure is logged (its error's
 * name only: messages may quote stored values) and answered with `onFailure`'s value, never thrown.
 */
export interface RoundLog {
  info(obj: Record<string, unknown>, msg: string): void;
  warn(obj: Record<string, unknown>, msg: string): void;
}

export const HOURLY_MS = 3_600_000;

export class RepeatingRound<T> {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<T> | null = null;

  constructor(
    private readonly round: () => Promise<T>,
    private readonly failure: { log: RoundLog; message: string; value: T },
    private readonly intervalMs = HOURLY_MS,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.runOnce(), this.intervalMs);
    this.timer.unref();
  }

  runOnce(): Promise<T> {
    this.running ??= this.round()
      .catch((err: unknown) => {
        this.failure.log.warn({ error: err instanceof Error ? err.name : 'error' }, this.failure.message);
        return this.failure.value;
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
