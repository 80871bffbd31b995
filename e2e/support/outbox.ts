/**
 * The portal's outbox (DATA_DIR/outbox/*.eml without SMTP), read as a mail app reads it (postal-mime):
 * a mail waited for, and a parent's sign-in link asked for and taken from its mail.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import PostalMime, { type Email } from 'postal-mime';
import { FAMILY_APP_PATHS, FAMILY_PATHS } from '../../contract/family';

/** The newest mail in the outbox that `matches`, waited for up to 15 s. */
export async function mailIn(dataDir: string, matches: (mail: Email) => boolean, what: string): Promise<Email> {
  const outbox = path.join(dataDir, 'outbox');
  for (let waited = 0; waited < 15_000; waited += 250) {
    const files = readdirSync(outbox, { withFileTypes: true }).filter((f) => f.name.endsWith('.eml')).map((f) => f.name).sort().reverse();
    for (const name of files) {
      const raw = readFileSync(path.join(outbox, name));
      if (raw.length === 0) continue;
      const mail = await PostalMime.parse(raw);
      if (matches(mail)) return mail;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no ${what} in ${outbox}`);
}

const signInLinkIn = (mail: Email): string | undefined => new RegExp(`https?://[^\\s"<>]+${FAMILY_APP_PATHS.signIn}#[A-Za-z0-9_-]+`).exec(mail.text ?? '')?.[0];

/** The sign-in link mailed to `email` at or after `sentAfter` (ms), on this portal's address (the mail names the configured one). */
export async function familySignInLink(baseUrl: string, dataDir: string, email: string, sentAfter: number): Promise<string> {
  const mail = await mailIn(dataDir, (m) => m.to?.[0]?.address === email && signInLinkIn(m) !== undefined && Date.parse(m.date ?? '') >= sentAfter - 1000, `sign-in link for ${email}`);
  const link = new URL(signInLinkIn(mail)!);
  return `${baseUrl}${link.pathname}${link.hash}`;
}

/** A parent asks for a sign-in link through the API (as the form does) and gets it from the outbox. */
export async function askFamilySignInLink(baseUrl: string, dataDir: string, email: string): Promise<string> {
  const asked = Date.now();
  const answer = await fetch(`${baseUrl}${FAMILY_PATHS.signInLink}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) });
  if (!answer.ok) throw new Error(`asking for a sign-in link answered ${answer.status}`);
  return familySignInLink(baseUrl, dataDir, email, asked);
}
