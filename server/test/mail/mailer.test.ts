/**
 * The outbox folder's mailer (no SMTP_URL): each mail is one .eml file, and the log line names that
 * file at a level the demo's console shows (warn), never the recipient, the subject or the body.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createOutboxMailer } from '../../mail/mailer';
import { tempDirEachTest } from '../tempDir';

describe('outbox mailer', () => {
  const dir = tempDirEachTest('portal-mailer-');

  test('names the written file in a warn line, with no child\'s data in the line', async () => {
    const lines: { level: string; obj: Record<string, unknown>; msg: string }[] = [];
    const log = {
      info: (obj: Record<string, unknown>, msg: string) => lines.push({ level: 'info', obj, msg }),
      warn: (obj: Record<string, unknown>, msg: string) => lines.push({ level: 'warn', obj, msg }),
    };
    const outbox = path.join(dir(), 'outbox');
    const mailer = createOutboxMailer(outbox, 'portal@demo.test', log);
    await mailer.send({ to: 'ruth.levi@parents.test', subject: 'Sign-in details for Noa Levi', text: 'Your password: secret-123' });

    const files = readdirSync(outbox);
    expect(files).toHaveLength(1);
    expect(readFileSync(path.join(outbox, files[0]!), 'utf8')).toContain('ruth.levi@parents.test');
    // The demo logs at warn: the line is there, and names the file.
    expect(lines.map((line) => line.level)).toEqual(['warn']);
    expect(lines[0]!.obj).toEqual({ file: path.join(outbox, files[0]!) });
    const said = JSON.stringify(lines);
    for (const secret of ['ruth.levi', 'Noa', 'Levi', 'secret-123']) expect(said).not.toContain(secret);
  });
});
