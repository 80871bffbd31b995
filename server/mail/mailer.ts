/**
 * Outgoing mail: SMTP when SMTP_URL is configured, otherwise an outbox folder, so that a demo user
 * can read the mail. The log names the outbox file only: never the recipient (a parent's address),
 * the subject (it holds a student's name) or the body (it holds a password).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** An HTML alternative (right-to-left mails: the text with dir="rtl"). */
  html?: string;
  /**
   * Extra header fields, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058): ASCII names,
   * values as the header carries them. They may hold a secret (an unsubscribe address): never logged.
   */
  headers?: Record<string, string>;
}

/** What nodemailer is given for a message, beside from and date. */
function composed(message: MailMessage) {
  return {
    to: message.to,
    subject: message.subject,
    text: message.text,
    ...(message.html ? { html: message.html } : {}),
    ...(message.headers && Object.keys(message.headers).length > 0 ? { headers: message.headers } : {}),
  };
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface MailLogger {
  info(obj: Record<string, unknown>, msg: string): void;
  /** A mail kept in the outbox was not sent: said at warn, which the demo's log level shows. */
  warn?(obj: Record<string, unknown>, msg: string): void;
}

export function createSmtpMailer(url: string, from: string, log: MailLogger): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send(message) {
      await transport.sendMail({ from, ...composed(message) });
      log.info({}, 'mail sent over SMTP');
    },
  };
}

export function createOutboxMailer(dir: string, from: string, log: MailLogger, clock: () => Date = () => new Date()): Mailer {
  // The message SMTP would carry (headers in any language encoded, lines folded), as a file.
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  let sequence = 0;
  return {
    async send(message) {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const now = clock();
      const stamp = now.toISOString().replace(/[:.]/g, '-');
      sequence += 1;
      // Names sort in sending order, also for mails sent within one millisecond.
      const file = path.join(dir, `${stamp}-${String(sequence).padStart(6, '0')}-${randomBytes(4).toString('hex')}.eml`);
      const eml = await composer.sendMail({ from, date: now, ...composed(message) });
      await writeFile(file, eml.message, { mode: 0o600 });
      const say = log.warn ?? log.info;
      say.call(log, { file }, 'mail written to the outbox, not sent (SMTP_URL is not set)');
    },
  };
}

/** SMTP when configured, else the outbox folder. */
export function createMailer(config: { smtp: { url: string } | null; mailFrom: string; outboxDir: string }, log: MailLogger): Mailer {
  return config.smtp ? createSmtpMailer(config.smtp.url, config.mailFrom, log) : createOutboxMailer(config.outboxDir, config.mailFrom, log);
}
