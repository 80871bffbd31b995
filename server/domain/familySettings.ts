/**
 * Each family's settings (a family: one owner's children with one parent e-mail): the language of
 * its mails and page, whether the summary mail goes, the unsubscribe secret (only its SHA-256 is
 * stored) and the period of the last summary; and each owner's summary frequency. A family's row is
 * made the first time anything needs it, its language from the children's accounts.
 * The summary mail's job reads and writes them through the functions exported here.
 */
import { createHash, randomBytes } from 'node:crypto';
import { isFamilyLanguage, type FamilyLanguage, type SummaryFrequency } from '../../contract';
import * as q from '../db/queries';
import type { Executor } from '../db/queries';
import type { FamilySettingsRow } from '../db/schema';
import { mailLanguageOf } from '../mail/catalogue';

export const hashFamilySecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/** 256 bits from the system's CSPRNG, base64url: 43 characters of [A-Za-z0-9_-]. */
export const newFamilySecret = (): string => randomBytes(32).toString('base64url');

export const FAMILY_SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const normalEmail = (email: string): string => email.trim().toLowerCase();

/** The language the children's accounts use (the newest first), else English. */
export async function childrenLanguage(db: Executor, studentIds: readonly number[]): Promise<FamilyLanguage> {
  return mailLanguageOf(...(await q.childLocales(db, studentIds)));
}

/** The family's row, made now (with a random unsubscribe secret, stored hashed) when it has none. */
export async function ensureFamilySettings(db: Executor, ownerId: number, parentEmail: string, now: Date): Promise<FamilySettingsRow> {
  const email = normalEmail(parentEmail);
  const found = await q.findFamilySettings(db, ownerId, email);
  if (found) return found;
  const children = await q.childrenOfEmail(db, email, ownerId);
  // The parent's language, once chosen, goes for every family of theirs.
  const chosen = (await q.familySettingsOf(db, email))[0]?.language;
  const language = chosen ?? (await childrenLanguage(db, children.map((c) => c.user_id)));
  await q.insertFamilySettings(db, { owner_id: ownerId, parent_email: email, language, unsubscribe_hash: hashFamilySecret(newFamilySecret()), at: now.toISOString() });
  return (await q.findFamilySettings(db, ownerId, email))!;
}

/** How long a summary mail's unsubscribe link works: a parent may read an old mail late. */
export const UNSUBSCRIBE_LINK_DAYS = 400;

/**
 * A new unsubscribe secret for one summary mail of the family. Only its hash is kept, beside those
 * of the family's earlier mails, so each mail's link keeps working for UNSUBSCRIBE_LINK_DAYS.
 */
export async function unsubscribeSecretFor(db: Executor, ownerId: number, parentEmail: string, now: Date = new Date()): Promise<string> {
  const email = normalEmail(parentEmail);
  await ensureFamilySettings(db, ownerId, email, now);
  const secret = newFamilySecret();
  const forgetBefore = new Date(now.getTime() - UNSUBSCRIBE_LINK_DAYS * 86_400_000).toISOString();
  await q.addUnsubscribeLink(db, { hash: hashFamilySecret(secret), ownerId, email, at: now.toISOString() }, forgetBefore);
  return secret;
}

/** The family an unsubscribe secret names; undefined for an unknown (or forgotten) one. */
export function familyOfUnsubscribeSecret(db: Executor, secret: string): Promise<FamilySettingsRow | undefined> {
  if (!FAMILY_SECRET_PATTERN.test(secret)) return Promise.resolve(undefined);
  return q.findFamilyByUnsubscribeHash(db, hashFamilySecret(secret));
}

export async function setFamilySubscribed(db: Executor, ownerId: number, parentEmail: string, subscribed: boolean, now: Date): Promise<void> {
  const email = normalEmail(parentEmail);
  await ensureFamilySettings(db, ownerId, email, now);
  await q.updateFamilySettings(db, { ownerId, email }, { subscribed: subscribed ? 1 : 0, updated_at: now.toISOString() });
}

/** One family's language (the owner's choice), or every family of the parent's (their own choice, `ownerId` undefined). */
export async function setFamilyLanguage(db: Executor, key: { ownerId?: number; email: string }, language: FamilyLanguage, now: Date): Promise<void> {
  await q.updateFamilySettings(db, { ...key, email: normalEmail(key.email) }, { language, updated_at: now.toISOString() });
}

/** The parent's language: their families' latest choice; without a family row, `fallback` or the children's. */
export async function parentLanguage(db: Executor, parentEmail: string, fallback?: FamilyLanguage): Promise<FamilyLanguage> {
  const email = normalEmail(parentEmail);
  const [latest] = await q.familySettingsOf(db, email);
  if (latest && isFamilyLanguage(latest.language)) return latest.language;
  if (fallback) return fallback;
  return childrenLanguage(db, (await q.childrenOfEmail(db, email)).map((c) => c.user_id));
}

export async function summaryFrequencyOf(db: Executor, ownerId: number): Promise<SummaryFrequency> {
  return (await q.ownerFrequencies(db, [ownerId])).get(ownerId) ?? 'monthly';
}

export async function setSummaryFrequency(db: Executor, ownerId: number, frequency: SummaryFrequency, now: Date): Promise<void> {
  await q.upsertOwnerFrequency(db, ownerId, frequency, now.toISOString());
}

/** A family of the summary job: who gets it, how often, in which language, and what went last. */
export interface SummaryFamily {
  ownerId: number;
  parentEmail: string;
  language: FamilyLanguage;
  subscribed: boolean;
  frequency: SummaryFrequency;
  lastSummaryPeriod: string | null;
}

/**
 * Every family with a child not erased (one owner's with `ownerId`), its row made when missing:
 * what the summary job walks through.
 */
export async function summaryFamilies(db: Executor, now: Date, ownerId?: number): Promise<SummaryFamily[]> {
  const pairs = await q.familyPairs(db, ownerId);
  const frequencies = await q.ownerFrequencies(db, [...new Set(pairs.map((p) => p.teacher_id))]);
  const families: SummaryFamily[] = [];
  for (const pair of pairs) {
    const row = await ensureFamilySettings(db, pair.teacher_id, pair.email, now);
    families.push({
      ownerId: row.owner_id,
      parentEmail: row.parent_email,
      language: row.language,
      subscribed: row.subscribed === 1,
      frequency: frequencies.get(row.owner_id) ?? 'monthly',
      lastSummaryPeriod: row.last_summary_period,
    });
  }
  return families.sort((a, b) => a.ownerId - b.ownerId || a.parentEmail.localeCompare(b.parentEmail));
}

/** Claims the family's summary of `period` (e.g. '2026-12', '2026-W50'): true for exactly one caller on any instance. */
export function claimSummary(db: Executor, ownerId: number, parentEmail: string, period: string, now: Date): Promise<boolean> {
  return q.claimSummaryPeriod(db, ownerId, normalEmail(parentEmail), period, now.toISOString());
}
