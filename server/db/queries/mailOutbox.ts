import { sql, type Selectable } from 'kysely';
import type { DialectName } from '../connection';
import type { MailOutboxTable } from '../schema';
import type { Executor } from './executor';

export type OutboxRow = Selectable<MailOutboxTable>;

/** Queues a mail; called inside the transaction of the change the mail tells about. */
export async function enqueueMail(
  db: Executor,
  mail: { to: string; subject: string; body: string; html?: string | undefined; headers?: Record<string, string> | undefined },
  now: Date,
): Promise<number> {
  const row = await db
    .insertInto('mail_outbox')
    .values({
      to_address: mail.to,
      subject: mail.subject,
      body: mail.body,
      html: mail.html ?? null,
      headers: mail.headers && Object.keys(mail.headers).length > 0 ? JSON.stringify(mail.headers) : null,
      status: 'pending',
      attempts: 0,
      created_at: now.toISOString(),
      next_attempt_at: now.getTime(),
      sent_at: null,
      last_error: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Claims up to `limit` due mails (or the one with `onlyId`) in one statement: their next attempt
 * moves to `leaseUntil` and their attempt count goes up, so no other worker takes them meanwhile;
 * one that is never marked (the instance died while sending) is due again when the lease ends.
 * On PostgreSQL the candidates are locked FOR UPDATE SKIP LOCKED, so concurrent workers in other
 * instances pass over each other's rows instead of waiting; SQLite runs one statement at a time.
 */
export async function claimDueMails(
  db: Executor,
  dialect: DialectName,
  p: { now: number; leaseUntil: number; limit: number; onlyId?: number },
): Promise<OutboxRow[]> {
  const byId = p.onlyId === undefined ? sql`` : sql`and id = ${p.onlyId}`;
  const lock = dialect === 'postgres' ? sql`for update skip locked` : sql``;
  const { rows } = await sql<OutboxRow>`
    update mail_outbox set next_attempt_at = ${p.leaseUntil}, attempts = attempts + 1
    where id in (
      select id from mail_outbox
      where status = 'pending' and next_attempt_at <= ${p.now} ${byId}
      order by id limit ${p.limit} ${lock}
    )
    returning *`.execute(db);
  return rows.map((r) => ({ ...r, id: Number(r.id), attempts: Number(r.attempts), next_attempt_at: Number(r.next_attempt_at) }));
}

/** The extra header fields of a queued mail (a row's headers column). */
export function headersOf(row: Pick<OutboxRow, 'headers'>): Record<string, string> | undefined {
  if (!row.headers) return undefined;
  const parsed: unknown = JSON.parse(row.headers);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
  return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** Sent: the body, HTML part and header fields (they hold a password or an unsubscribe secret) are scrubbed; recipient and subject stay for the record. */
export async function markMailSent(db: Executor, id: number, now: Date): Promise<void> {
  await db.updateTable('mail_outbox').set({ status: 'sent', body: '', html: null, headers: null, sent_at: now.toISOString(), last_error: null }).where('id', '=', id).execute();
}

export async function markMailFailed(db: Executor, id: number, nextAttemptAt: number, error: string): Promise<void> {
  await db.updateTable('mail_outbox').set({ next_attempt_at: nextAttemptAt, last_error: error }).where('id', '=', id).where('status', '=', 'pending').execute();
}

export async function deleteSentMailsBefore(db: Executor, before: Date): Promise<void> {
  await db.deleteFrom('mail_outbox').where('status', '=', 'sent').where('sent_at', '<', before.toISOString()).execute();
}
