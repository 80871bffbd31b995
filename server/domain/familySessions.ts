/**
 * A parent signs in without a password (contract/family.ts): a one-time link mailed to the parent
 * e-mail of their children's records. The link's secret carries 256 random bits and only its
 * SHA-256 is stored; using it marks it used in the statement that checks it, so a link signs in
 * once however many instances receive it at once. The session is a row of its own (no user
 * account), read on every request, so signing out holds on every instance.
 */
import { randomBytes } from 'node:crypto';
import { FAMILY_APP_PATHS, FAMILY_LIMITS, type FamilyLanguage } from '../../contract';
import * as q from '../db/queries';
import { ApiError } from '../errors';
import { familySignInMail } from '../mail/templates';
import type { DomainContext } from './context';
import { FAMILY_SECRET_PATTERN, hashFamilySecret, newFamilySecret, normalEmail, parentLanguage } from './familySettings';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** The session a parent's request carries, as read from the database. */
export interface FamilySessionRef {
  id: string;
  /** Lower case. */
  email: string;
  /** ISO 8601 UTC */
  expiresAt: string;
}

export function familyLinkInvalid(): ApiError {
  return new ApiError(403, 'family_link_invalid', 'This sign-in link was used already or has expired. Please ask for a new one.');
}

function sessionInvalid(): ApiError {
  return new ApiError(403, 'jwt_auth_invalid_token', 'This family session has ended; please sign in again with a new link.');
}

/**
 * Mails a sign-in link when the address is a parent's (a child not erased has it), else nothing;
 * the caller answers the same either way. Old links and sessions are cleared on the way.
 */
export async function requestFamilyLink(ctx: DomainContext, rawEmail: string, pageLanguage?: FamilyLanguage): Promise<void> {
  const email = normalEmail(rawEmail);
  const now = ctx.clock();
  const db = ctx.db.kysely;
  await q.deleteFamilyLinksBefore(db, new Date(now.getTime() - DAY_MS).toISOString());
  await q.deleteFamilySessionsBefore(db, new Date(now.getTime() - DAY_MS).toISOString());
  if ((await q.childrenOfEmail(db, email)).length === 0) return;
  const secret = newFamilySecret();
  const language = await parentLanguage(db, email, pageLanguage);
  const mail = familySignInMail(language, { to: email, link: `${ctx.siteUrl}${FAMILY_APP_PATHS.signIn}#${secret}`, minutes: FAMILY_LIMITS.linkMinutes });
  const mailId = await q.inTransaction(ctx.db, async (trx) => {
    await q.insertFamilyLink(trx, hashFamilySecret(secret), email, now.toISOString());
    return q.enqueueMail(trx, { to: mail.to, subject: mail.subject, body: mail.text, html: mail.html }, now);
  });
  await ctx.mail.deliverSoon([mailId]);
}

/** Uses a link once, within FAMILY_LIMITS.linkMinutes: the new session; 403 family_link_invalid otherwise. */
export async function openFamilySession(ctx: DomainContext, secret: string): Promise<FamilySessionRef> {
  if (!FAMILY_SECRET_PATTERN.test(secret)) throw familyLinkInvalid();
  const now = ctx.clock();
  const notBefore = new Date(now.getTime() - FAMILY_LIMITS.linkMinutes * MINUTE_MS).toISOString();
  const session = await q.inTransaction(ctx.db, async (trx) => {
    const email = await q.useFamilyLink(trx, hashFamilySecret(secret), notBefore, now.toISOString());
    if (email === null) return null;
    const row = { id: randomBytes(16).toString('hex'), email, created_at: now.toISOString(), expires_at: new Date(now.getTime() + FAMILY_LIMITS.sessionDays * DAY_MS).toISOString() };
    await q.insertFamilySession(trx, row);
    return { id: row.id, email, expiresAt: row.expires_at };
  });
  if (!session) throw familyLinkInvalid();
  return session;
}

/** The session a parent's token names, while it is open: 403 jwt_auth_invalid_token once ended or expired. */
export async function checkFamilySession(ctx: DomainContext, id: string): Promise<FamilySessionRef> {
  const row = await q.findFamilySession(ctx.db.kysely, id);
  if (!row || row.ended_at !== null || row.expires_at <= ctx.clock().toISOString()) throw sessionInvalid();
  return { id: row.id, email: row.email, expiresAt: row.expires_at };
}

export async function endFamilySession(ctx: DomainContext, session: FamilySessionRef): Promise<void> {
  await q.endFamilySession(ctx.db.kysely, session.id, ctx.clock().toISOString());
}
