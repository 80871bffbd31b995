/**
 * The mail outbox in the database. A change that mails (a new student, a new owner, a password
 * reset) queues its mail in the same transaction (q.enqueueMail), so a mail exists exactly when
 * the change does. Right after the commit the request tries to send it (deliverSoon, waiting a
 * few seconds at most, so the demo's outbox folder has the mail when the answer arrives); a
 * worker in every instance sends whatever is left, with exponential backoff, so that nothing is
 * lost while SMTP is down. Each mail is claimed before it is sent (q.claimDueMails), so it is sent
 * once however many instances run; after sending its body, which holds a password, is scrubbed.
 */
import type { Db } from '../db/connection';
import * as q from '../db/queries';
import type { Mailer } from './mailer';

export interface OutboxLogger {
  info(obj: Record<string, unknown>, msg: string): void;
  warn(obj: Record<string, unknown>, msg: string): void;
}

export interface OutboxTiming {
  /** How often the worker looks for due mail. */
  pollMs: number;
  /** The first retry's wait; each further one doubles, up to retryMaxMs. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** A claimed mail not marked within this time (its instance died) is due again: longer than
   * nodemailer's longest default timeout (10 min of a silent socket), so a slow send is not sent twice. */
  leaseMs: number;
  /** How long a request waits for its own mail's first attempt. */
  requestWaitMs: number;
}

export const DEFAULT_OUTBOX_TIMING: OutboxTiming = { pollMs: 5_000, retryBaseMs: 10_000, retryMaxMs: 10 * 60_000, leaseMs: 15 * 60_000, requestWaitMs: 5_000 };

const BATCH = 20;
/** Sent mails (recipient and subject only) are kept this long for the record. */
const KEEP_SENT_MS = 30 * 86_400_000;

/** What domain code needs: to send queued mails now. */
export interface MailDispatch {
  deliverSoon(ids: readonly number[]): Promise<void>;
}

/** An SMTP reply code or an error name: never the server's text, which may name the recipient. */
function errorLabel(err: unknown): string {
  const e = err as { responseCode?: unknown; code?: unknown; name?: unknown };
  if (typeof e?.responseCode === 'number') return `smtp ${e.responseCode}`;
  if (typeof e?.code === 'string') return e.code.slice(0, 100);
  return typeof e?.name === 'string' ? e.name.slice(0, 100) : 'error';
}

export class MailOutbox implements MailDispatch {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private lastPurge = 0;

  constructor(
    private readonly db: Db,
    private readonly transport: Mailer,
    private readonly clock: () => Date,
    private readonly log: OutboxLogger,
    private readonly timing: OutboxTiming = DEFAULT_OUTBOX_TIMING,
  ) {}

  async deliverSoon(ids: readonly number[]): Promise<void> {
    const attempts = Promise.all(ids.map((id) => this.claimAndSend(id))).then(() => undefined);
    let timeout: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => {
      timeout = setTimeout(resolve, this.timing.requestWaitMs);
    });
    await Promise.race([attempts, waited]);
    clearTimeout(timeout);
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.runOnce(), this.timing.pollMs);
    this.timer.unref();
  }

  /** Stops polling and waits for the round in progress. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** One round: sends every due mail (rounds do not overlap within an instance). */
  runOnce(): Promise<void> {
    if (!this.running) {
      this.running = this.sendDue()
        .catch((err: unknown) => this.log.warn({ error: errorLabel(err) }, 'mail outbox round failed'))
        .finally(() => {
          this.running = null;
        });
    }
    return this.running;
  }

  private async sendDue(): Promise<void> {
    for (;;) {
      const claimed = await this.claim();
      for (const row of claimed) await this.send(row);
      if (claimed.length < BATCH) break;
    }
    const now = this.clock();
    if (now.getTime() - this.lastPurge > 3_600_000) {
      this.lastPurge = now.getTime();
      await q.deleteSentMailsBefore(this.db.kysely, new Date(now.getTime() - KEEP_SENT_MS));
    }
  }

  private claim(onlyId?: number): Promise<q.OutboxRow[]> {
    const now = this.clock().getTime();
    return q.claimDueMails(this.db.kysely, this.db.dialect, {
      now,
      leaseUntil: now + this.timing.leaseMs,
      limit: BATCH,
      ...(onlyId === undefined ? {} : { onlyId }),
    });
  }

  private async claimAndSend(id: number): Promise<void> {
    try {
      for (const row of await this.claim(id)) await this.send(row);
    } catch (err) {
      // The worker picks the mail up later; the change it tells about is committed either way.
      this.log.warn({ error: errorLabel(err) }, 'mail outbox claim failed');
    }
  }

  private async send(row: q.OutboxRow): Promise<void> {
    try {
      const headers = q.headersOf(row);
      await this.transport.send({ to: row.to_address, subject: row.subject, text: row.body, ...(row.html ? { html: row.html } : {}), ...(headers ? { headers } : {}) });
    } catch (err) {
      const wait = Math.min(this.timing.retryBaseMs * 2 ** Math.max(0, row.attempts - 1), this.timing.retryMaxMs);
      const error = errorLabel(err);
      this.log.warn({ mailId: row.id, attempt: row.attempts, error, retryInMs: wait }, 'mail not sent; will retry');
      await q.markMailFailed(this.db.kysely, row.id, this.clock().getTime() + wait, error);
      return;
    }
    await q.markMailSent(this.db.kysely, row.id, this.clock());
  }
}
