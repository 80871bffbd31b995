/**
 * A franchise owner's timetable as a calendar subscription (contract/meetings.ts calendarFeed,
 * calendarFile): a calendar app cannot sign in, so the address itself is the key. It carries 256
 * random bits; only their SHA-256 is stored, so the address is shown once and the database alone
 * opens no one's calendar. A new address replaces the old one at once on every instance, turning
 * the feed off removes it, and an owner who can no longer sign in has no feed.
 *
 * The feed holds what the owner's calendar needs and nothing about a child: the class, its program,
 * the place, the time and the owner's note.
 */
import { createHash, randomBytes } from 'node:crypto';
import ical, { ICalEventStatus } from 'ical-generator';
import { MEETING_LIMITS, MEETINGS_PATHS, type CalendarFeedAddress, type CalendarFeedState, type MeetingRecord } from '../../contract';
import * as q from '../db/queries';
import { ApiError, notAllowed } from '../errors';
import { recordAudit } from './audit';
import { isOwner, type Actor, type DomainContext } from './context';
import { ownerMeetingsBetween } from './meetings';

const DAY_MS = 86_400_000;

const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/** 256 bits from the system's CSPRNG, base64url: 43 characters of [A-Za-z0-9_-]. */
const newSecret = (): string => randomBytes(32).toString('base64url');

export const CALENDAR_SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function noSuchCalendar(): ApiError {
  return new ApiError(404, 'rest_no_route', 'No route was found matching the URL and request method.');
}

/** The feed is the owner's own timetable: administrators have every owner's and no single one. */
function requireOwner(actor: Actor): void {
  if (!isOwner(actor)) throw notAllowed(true);
}

export async function calendarFeedState(ctx: DomainContext, actor: Actor): Promise<CalendarFeedState> {
  requireOwner(actor);
  const row = await q.findCalendarFeed(ctx.db.kysely, actor.id);
  return { active: Boolean(row), createdAt: row?.created_at ?? null };
}

/** A new secret address; any earlier one of the owner stops working in the same transaction. */
export async function newCalendarFeed(ctx: DomainContext, actor: Actor): Promise<CalendarFeedAddress> {
  requireOwner(actor);
  const secret = newSecret();
  const now = ctx.clock();
  await q.inTransaction(ctx.db, async (trx) => {
    await q.replaceCalendarFeed(trx, actor.id, hashSecret(secret), now.toISOString());
    await recordAudit(trx, actor, { action: 'user.calendar_feed', subjectType: 'user', subjectId: actor.id, ownerId: actor.id }, now);
  });
  return { active: true, createdAt: now.toISOString(), url: `${ctx.siteUrl}${MEETINGS_PATHS.calendarFile(secret)}` };
}

export async function stopCalendarFeed(ctx: DomainContext, actor: Actor): Promise<CalendarFeedState> {
  requireOwner(actor);
  const now = ctx.clock();
  await q.inTransaction(ctx.db, async (trx) => {
    if (await q.deleteCalendarFeed(trx, actor.id)) {
      await recordAudit(trx, actor, { action: 'user.calendar_feed_off', subjectType: 'user', subjectId: actor.id, ownerId: actor.id }, now);
    }
  });
  return { active: false, createdAt: null };
}

/** The calendar file of a secret, or null for an unknown, replaced or turned-off one. */
export async function calendarFile(ctx: DomainContext, secret: string): Promise<string | null> {
  if (!CALENDAR_SECRET_PATTERN.test(secret)) return null;
  const db = ctx.db.kysely;
  const owner = await q.findCalendarFeedOwner(db, hashSecret(secret));
  if (!owner || owner.role !== 'franchise_owner' || owner.sign_in_disabled_at) return null;
  const now = ctx.clock().getTime();
  const meetings = await ownerMeetingsBetween(ctx, owner.id, new Date(now - MEETING_LIMITS.feedPastDays * DAY_MS), new Date(now + MEETING_LIMITS.feedFutureDays * DAY_MS));
  return calendarText(meetings, { ownerName: owner.display_name, host: new URL(ctx.siteUrl).host, stamp: new Date(now) });
}

/** RFC 5545 text of meetings: times in UTC (every calendar app reads them), a meeting's id stable across moves. */
export function calendarText(meetings: readonly MeetingRecord[], about: { ownerName: string; host: string; stamp: Date }): string {
  const calendar = ical({ name: `Youngengineer: ${about.ownerName}`, prodId: { company: 'Youngengineer', product: 'Portal timetable', language: 'EN' } });
  for (const meeting of meetings) {
    const start = new Date(meeting.startsAtUtc);
    calendar.createEvent({
      id: `meeting-${meeting.id}@${about.host}`,
      start,
      end: new Date(start.getTime() + meeting.lengthMinutes * 60_000),
      stamp: about.stamp,
      summary: `${meeting.className} (${meeting.programName})`,
      location: meeting.place || null,
      description: meeting.note || null,
      status: meeting.status === 'cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}
