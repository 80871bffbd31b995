/**
 * The families' summary mail: each family (one owner's children with one parent e-mail) gets one mail
 * per period (summaryPeriods.ts) in its language, while it is subscribed and has an active child.
 * Every instance runs the round; a family's mail of a period is queued exactly once however many run
 * at once: the claim (family_settings.last_summary_period moved to the period, only where it was not
 * there yet) and the outbox row are one transaction, so a mail exists exactly when its claim does.
 * The one-click unsubscribe names the family by a secret the mail carries (only its hash is kept).
 */
import type { FamilyChild, FamilyUnsubscribeAnswer } from '../../contract';
import * as q from '../db/queries';
import { ApiError } from '../errors';
import { familySummaryMail, type SummaryChild } from '../mail/familySummary';
import type { DomainContext } from './context';
import { familyChildren } from './familyOverview';
import { claimSummary, familyOfUnsubscribeSecret, setFamilySubscribed, summaryFamilies, unsubscribeSecretFor, type SummaryFamily } from './familySettings';
import { HOURLY_MS, RepeatingRound, type RoundLog } from './repeatingRound';
import { summaryPeriodDue, type SummaryPeriod } from './summaryPeriods';

/** What a round did, in counts only: the log never names a family. */
export interface SummaryRound {
  queued: number;
  /** Queued by another instance (or an earlier round) already. */
  alreadySent: number;
  unsubscribed: number;
  withoutActiveChild: number;
  /** A family whose mail could not be made this round (tried again next hour); the others still go. */
  failed: number;
  /** The error's name (never its text, which may quote a row) of the last family that failed. */
  failedWith?: string;
}

/** Queued mails are handed to the outbox this many at a time (the outbox's own worker sends any left). */
const DELIVER_BATCH = 20;

export function noSuchUnsubscribe(): ApiError {
  return new ApiError(404, 'family_unsubscribe_invalid', 'This unsubscribe link is not valid.');
}

const inPeriod = (iso: string, period: SummaryPeriod): boolean => {
  const at = Date.parse(iso);
  return at >= Date.parse(period.fromUtc) && at < Date.parse(period.toUtc);
};

/**
 * A child's part of the mail: the models finished within the period, the ones in progress that moved
 * since it began (a model left long ago is not news), lessons left and the next meeting.
 */
export function summaryChildOf(child: FamilyChild, period: SummaryPeriod): SummaryChild {
  const since = Date.parse(period.fromUtc);
  return {
    firstName: child.firstName,
    built: child.models.filter((m) => m.finishedAt !== null && inPeriod(m.finishedAt, period)).map((m) => m.title),
    inProgress: child.models
      .filter((m) => m.finishedAt === null && Date.parse(m.updatedAt) >= since)
      .map((m) => ({ title: m.title, tab: m.tab, tabs: m.tabs, step: m.step, steps: m.steps })),
    lessonsLeft: Math.max(0, child.lessons.left),
    nextMeeting: child.nextMeeting ? { startsAt: child.nextMeeting.startsAt, className: child.nextMeeting.className, place: child.nextMeeting.place } : null,
  };
}

type Outcome = 'queued' | 'alreadySent' | 'unsubscribed' | 'withoutActiveChild';

/** Rolls a family's claim back: its parent unsubscribed while the round was making the mail. */
class UnsubscribedMeanwhile extends Error {}

async function summaryOf(ctx: DomainContext, family: SummaryFamily, period: SummaryPeriod, now: Date, queued: number[]): Promise<Outcome> {
  if (family.lastSummaryPeriod === period.key) return 'alreadySent';
  if (!family.subscribed) return 'unsubscribed';
  const db = ctx.db.kysely;
  const active = await q.activeChildrenOfFamily(db, family.ownerId, family.parentEmail);
  const activeIds = new Set(active.map((c) => c.user_id));
  const children = (await familyChildren(ctx, family.parentEmail, family.ownerId)).filter((c) => activeIds.has(c.studentId));
  if (children.length === 0) return 'withoutActiveChild';
  const mailId = await q.inTransaction(ctx.db, async (trx) => {
    if (!(await claimSummary(trx, family.ownerId, family.parentEmail, period.key, now))) return 'alreadySent';
    // Unsubscribed since the round read the family (the claim holds its row now): no mail, and no claim either.
    if ((await q.findFamilySettings(trx, family.ownerId, family.parentEmail))?.subscribed !== 1) throw new UnsubscribedMeanwhile();
    const mail = familySummaryMail(family.language, {
      to: family.parentEmail,
      parentName: active[0]?.parent_name ?? '',
      teacherName: children[0]?.teacher.name ?? '',
      period,
      children: children.map((child) => summaryChildOf(child, period)),
      siteUrl: ctx.siteUrl,
      unsubscribeSecret: await unsubscribeSecretFor(trx, family.ownerId, family.parentEmail, now),
    });
    return q.enqueueMail(trx, { to: mail.to, subject: mail.subject, body: mail.text, html: mail.html, headers: mail.headers }, now);
  });
  if (mailId === 'alreadySent') return mailId;
  queued.push(mailId);
  return 'queued';
}

/** One round over every family: queues the summaries due at the context's clock and sends them. */
export async function queueFamilySummaries(ctx: DomainContext): Promise<SummaryRound> {
  const now = ctx.clock();
  const round: SummaryRound = { queued: 0, alreadySent: 0, unsubscribed: 0, withoutActiveChild: 0, failed: 0 };
  // Most hours of a month nothing is due at all: the families are not even read.
  if (!summaryPeriodDue('monthly', now) && !summaryPeriodDue('weekly', now)) return round;
  const ids: number[] = [];
  for (const family of await summaryFamilies(ctx.db.kysely, now)) {
    const period = summaryPeriodDue(family.frequency, now);
    if (!period) continue;
    try {
      round[await summaryOf(ctx, family, period, now, ids)] += 1;
    } catch (err) {
      if (err instanceof UnsubscribedMeanwhile) {
        round.unsubscribed += 1;
        continue;
      }
      // Its claim was rolled back with its mail: the next round tries it again.
      round.failed += 1;
      round.failedWith = err instanceof Error ? err.name : 'error';
    }
  }
  for (let i = 0; i < ids.length; i += DELIVER_BATCH) await ctx.mail.deliverSoon(ids.slice(i, i + DELIVER_BATCH));
  return round;
}

/** RFC 8058 one-click: the family the secret names gets no more summaries until the parent turns them on again. */
export async function unsubscribeFamily(ctx: DomainContext, secret: string): Promise<FamilyUnsubscribeAnswer> {
  const db = ctx.db.kysely;
  const family = await familyOfUnsubscribeSecret(db, secret);
  if (!family) throw noSuchUnsubscribe();
  await setFamilySubscribed(db, family.owner_id, family.parent_email, false, ctx.clock());
  const owner = await q.findUserById(db, family.owner_id);
  return { unsubscribed: true, teacherName: owner?.display_name ?? '' };
}

export const SUMMARY_INTERVAL_MS = HOURLY_MS;

export type SummaryLog = RoundLog;

/**
 * The hourly round of every instance. Not run at start: a test or demo server whose clock is in the
 * first days of a month would mail every family the moment it starts; an hour's wait is nothing
 * against the days a summary may still go (SUMMARY_CATCH_UP_DAYS). Log lines hold counts and error
 * names only; a failed round answers null.
 */
export class FamilySummaryJob extends RepeatingRound<SummaryRound | null> {
  constructor(ctx: DomainContext, log: SummaryLog, intervalMs = SUMMARY_INTERVAL_MS) {
    super(
      async () => {
        const round = await queueFamilySummaries(ctx);
        if (round.queued > 0) log.info({ ...round }, 'family summary mails queued');
        if (round.failed > 0) log.warn({ failed: round.failed, error: round.failedWith }, 'family summary mails not made for some families; tried again next round');
        return round;
      },
      { log, message: 'family summary round failed', value: null },
      intervalMs,
    );
  }
}
