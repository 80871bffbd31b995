/**
 * A mail's extra header fields (a summary mail's one-click unsubscribe, RFC 8058) reach the mail
 * app: queued in the database outbox, sent by its worker through the outbox folder or SMTP, and
 * read back with a mail parser; once sent, the stored fields (they hold a secret) are scrubbed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import * as q from '../../db/queries';
import { createOutboxMailer, createSmtpMailer } from '../../mail/mailer';
import { MailOutbox } from '../../mail/outbox';
import { describeEachDb, migrateTestDb, openTestDb } from '../harness';
import { tempDirEachTest } from '../tempDir';

const SECRET = 'k9Qw-3rTz_PLmN0vXy7a8bCdEfGhIjKlMnOpQrStUvW';
const UNSUBSCRIBE = `<https://portal.example.test/wp-json/yo/v1/family/unsubscribe/${SECRET}>`;
const HEADERS = { 'List-Unsubscribe': UNSUBSCRIBE, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
const quiet = { info: () => undefined, warn: () => undefined };

async function headersIn(raw: Buffer | string): Promise<Record<string, string>> {
  const mail = await PostalMime.parse(raw);
  return Object.fromEntries(mail.headers.map((h) => [h.key, h.value]));
}

describe('a mail with header fields', () => {
  const dir = tempDirEachTest('portal-mail-headers-');

  test('the outbox folder\'s file carries them, as a mail app reads it, beside the Hebrew subject and both parts', async () => {
    const outbox = path.join(dir(), 'outbox');
    await createOutboxMailer(outbox, 'portal@demo.test', quiet).send({ to: 'ruth@parents.test', subject: 'החודש של המשפחה שלך', text: 'שלום', html: '<p dir="rtl">שלום</p>', headers: HEADERS });
    const [file] = readdirSync(outbox);
    const raw = readFileSync(path.join(outbox, file!));
    const mail = await PostalMime.parse(raw);
    expect(mail.subject).toBe('החודש של המשפחה שלך');
    expect(mail.html).toContain('dir="rtl"');
    expect(await headersIn(raw)).toMatchObject({ 'list-unsubscribe': UNSUBSCRIBE, 'list-unsubscribe-post': 'List-Unsubscribe=One-Click' });
  });

  test('SMTP carries them to the server that receives the mail', async () => {
    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push(Buffer.concat(chunks).toString('utf8'));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = smtp.server.address() as AddressInfo;
      await createSmtpMailer(`smtp://127.0.0.1:${port}`, 'portal@demo.test', quiet).send({ to: 'ruth@parents.test', subject: 'Your month', text: 'Hello', headers: HEADERS });
      expect(received).toHaveLength(1);
      expect(await headersIn(received[0]!)).toMatchObject({ 'list-unsubscribe': UNSUBSCRIBE, 'list-unsubscribe-post': 'List-Unsubscribe=One-Click' });
    } finally {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });

  test('a mail without any has none of them', async () => {
    const outbox = path.join(dir(), 'outbox');
    await createOutboxMailer(outbox, 'portal@demo.test', quiet).send({ to: 'ruth@parents.test', subject: 'Sign-in details', text: 'Hello' });
    const [file] = readdirSync(outbox);
    expect(Object.keys(await headersIn(readFileSync(path.join(outbox, file!))))).not.toContain('list-unsubscribe');
  });
});

describeEachDb('header fields through the database outbox', (dialect) => {
  const dir = tempDirEachTest('portal-outbox-headers-');

  test('queued with the mail, sent by the worker, scrubbed once sent', async () => {
    const { db, drop } = await openTestDb(dialect, dir());
    try {
      await migrateTestDb(db, dialect);
      const now = new Date('2026-12-01T06:00:00Z');
      const id = await q.enqueueMail(db.kysely, { to: 'ruth@parents.test', subject: 'Your month', body: `Unsubscribe: https://portal.example.test/family/unsubscribe#${SECRET}`, headers: HEADERS }, now);
      const plain = await q.enqueueMail(db.kysely, { to: 'noa@parents.test', subject: 'Sign-in details', body: 'Hello' }, now);
      const outboxDir = path.join(dir(), 'outbox');
      const outbox = new MailOutbox(db, createOutboxMailer(outboxDir, 'portal@demo.test', quiet, () => now), () => now, quiet);
      await outbox.runOnce();

      const files = readdirSync(outboxDir).sort();
      expect(files).toHaveLength(2);
      const parsed = await Promise.all(files.map(async (f) => ({ mail: await PostalMime.parse(readFileSync(path.join(outboxDir, f))), headers: await headersIn(readFileSync(path.join(outboxDir, f))) })));
      const ruth = parsed.find((p) => p.mail.to?.[0]?.address === 'ruth@parents.test')!;
      const noa = parsed.find((p) => p.mail.to?.[0]?.address === 'noa@parents.test')!;
      expect(ruth.headers).toMatchObject({ 'list-unsubscribe': UNSUBSCRIBE, 'list-unsubscribe-post': 'List-Unsubscribe=One-Click' });
      expect(noa.headers['list-unsubscribe']).toBeUndefined();

      const rows = await db.kysely.selectFrom('mail_outbox').selectAll().where('id', 'in', [id, plain]).execute();
      expect(rows.map((r) => ({ status: r.status, body: r.body, headers: r.headers }))).toEqual([
        { status: 'sent', body: '', headers: null },
        { status: 'sent', body: '', headers: null },
      ]);
      expect(JSON.stringify(rows)).not.toContain(SECRET);
    } finally {
      await db.close();
      await drop();
    }
  });
});
