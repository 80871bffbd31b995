/**
 * A class's meetings (contract/meetings.ts): the timetable of an owner (every owner's for an
 * administrator), moving, cancelling, putting back and noting a meeting, and extra meetings. Another
 * owner's meeting answers as an unknown id. Each write takes the class's row lock (PostgreSQL) so
 * that two instances check a meeting's slot one after the other; a refusal names the field and
 * changes nothing.
 */
import { MEETING_LIMITS, type MeetingRecord } from '../../contract';
import * as q from '../db/queries';
import type { ClassRow } from '../db/schema';
import { ApiError, invalidParams, notAllowed } from '../errors';
import { recordAudit } from './audit';
import { classNotFound } from './classes';
import { addDays, daysBetween, wallTime, zonedInstant } from './classSchedule';
import { isAdmin, isOwner, type Actor, type DomainContext } from './context';
import { endMs, meetingRecords, startMs } from './meetingRecords';
import type { ExtraMeetingFields, MeetingChangeFields } from './meetingRules';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** The longest a meeting may be (a class's longest): how far back a meeting that overlaps can start. */
const LONGEST_MS = 240 * MINUTE_MS;

export function meetingNotFound(): ApiError {
  return new ApiError(404, 'rest_post_invalid_id', 'Invalid meeting ID.');
}

/** A 409 about the meeting's state, naming the field that asked for what its state refuses. */
export function meetingConflict(code: string, field: string, message: string): ApiError {
  return new ApiError(409, code, message, { params: { [field]: message } });
}

export function requireStaff(actor: Actor): void {
  if (!isAdmin(actor) && !isOwner(actor)) throw notAllowed(true);
}

/** The meeting, when the actor may reach it: 404 for an unknown id and another owner's meeting alike. */
export async function reachableMeeting(db: q.Executor, actor: Actor, id: number): Promise<q.MeetingWithClass> {
  const row = await q.findMeeting(db, id);
  if (!row || (!isAdmin(actor) && row.owner_id !== actor.id)) throw meetingNotFound();
  return row;
}

/** The class's row lock (PostgreSQL; SQLite writes one transaction at a time), then the meeting as it is now. */
export async function lockedMeeting(ctx: DomainContext, trx: q.Executor, actor: Actor, id: number): Promise<q.MeetingWithClass> {
  const found = await reachableMeeting(trx, actor, id);
  if (ctx.db.dialect !== 'postgres') return found;
  await q.lockClass(trx, found.class_id);
  return reachableMeeting(trx, actor, id);
}

async function recordOf(ctx: DomainContext, db: q.Executor, id: number): Promise<MeetingRecord> {
  const row = await q.findMeeting(db, id);
  if (!row) throw meetingNotFound();
  return (await meetingRecords(db, [row], ctx.clock()))[0]!;
}

export interface MeetingListQuery {
  from: string;
  to: string;
  classId?: number;
  ownerId?: number;
}

/** The meetings whose start is between two dates (both included) on each place's own clock, in time order. */
export async function listMeetings(ctx: DomainContext, actor: Actor, query: MeetingListQuery): Promise<MeetingRecord[]> {
  requireStaff(actor);
  if (!isAdmin(actor) && query.ownerId !== undefined && query.ownerId !== actor.id) throw notAllowed(true);
  const days = daysBetween(query.from, query.to) + 1;
  if (days < 1) throw invalidParams({ to: `The last day (${query.to}) must not be before the first (${query.from}).` });
  if (days > MEETING_LIMITS.maxRangeDays) throw invalidParams({ to: `At most ${MEETING_LIMITS.maxRangeDays} days at once; ${days} were asked for.` });
  const db = ctx.db.kysely;
  if (query.classId !== undefined) {
    const found = await q.findClass(db, query.classId);
    if (!found || (!isAdmin(actor) && found.owner_id !== actor.id)) throw classNotFound();
  }
  const ownerId = isAdmin(actor) ? query.ownerId : actor.id;
  const after = addDays(query.to, 1);
  // Every place's clock is within a day of UTC: the instants bound the index, the wall clock decides.
  const rows = await q.listMeetings(db, {
    ...(ownerId !== undefined ? { ownerId } : {}),
    ...(query.classId !== undefined ? { classId: query.classId } : {}),
    fromUtc: new Date(Date.parse(`${query.from}T00:00:00Z`) - DAY_MS).toISOString(),
    toUtc: new Date(Date.parse(`${after}T00:00:00Z`) + DAY_MS).toISOString(),
    fromLocal: query.from,
    toLocal: after,
  });
  return meetingRecords(db, rows, ctx.clock());
}

/**
 * An owner's meetings (classes not archived, cancelled ones included) starting at or after `from`
 * and before `to`, in time order: what her calendar feed lists.
 */
export async function ownerMeetingsBetween(ctx: DomainContext, ownerId: number, from: Date, to: Date): Promise<MeetingRecord[]> {
  const db = ctx.db.kysely;
  return meetingRecords(db, await q.listMeetings(db, { ownerId, fromUtc: from.toISOString(), toUtc: to.toISOString() }), ctx.clock());
}

export async function getMeeting(ctx: DomainContext, actor: Actor, id: number): Promise<MeetingRecord> {
  requireStaff(actor);
  const db = ctx.db.kysely;
  const row = await reachableMeeting(db, actor, id);
  return (await meetingRecords(db, [row], ctx.clock()))[0]!;
}

interface Slot {
  startsAt: string;
  startMs: number;
  lengthMinutes: number;
}

/** A wall-clock time in the class's zone as the slot it is (a time the clock skips becomes the time after the change). */
function slotOf(startsAt: string, lengthMinutes: number, timeZone: string): Slot {
  const at = zonedInstant(startsAt.slice(0, 10), startsAt.slice(11, 16), timeZone);
  return { startsAt: wallTime(at, timeZone), startMs: at, lengthMinutes };
}

const dateRangeError = (slot: Slot, startDate: string, endDate: string): string | null =>
  slot.startsAt.slice(0, 10) < startDate || slot.startsAt.slice(0, 10) > endDate
    ? `The class meets from ${startDate} to ${endDate}: a meeting on ${slot.startsAt.slice(0, 10)} is outside them.`
    : null;

/** The class's other meeting (not cancelled) the slot would overlap, in words; null when none. */
async function overlapError(db: q.Executor, classId: number, slot: Slot, exceptId: number | null): Promise<string | null> {
  const end = slot.startMs + slot.lengthMinutes * MINUTE_MS;
  const near = await q.liveMeetingsBetween(db, classId, new Date(slot.startMs - LONGEST_MS).toISOString(), new Date(end).toISOString(), exceptId);
  const clash = near.find((m) => startMs(m) < end && endMs(m) > slot.startMs);
  return clash ? `It would overlap the class's meeting at ${clash.starts_at} (${clash.length_minutes} minutes).` : null;
}

/** Move (startsAt, lengthMinutes), cancel or put back (cancelled), note: any of them, in one change. */
export async function changeMeeting(ctx: DomainContext, actor: Actor, id: number, change: MeetingChangeFields): Promise<MeetingRecord> {
  requireStaff(actor);
  await reachableMeeting(ctx.db.kysely, actor, id);
  const now = ctx.clock();
  const at = now.toISOString();
  return q.inTransaction(ctx.db, async (trx) => {
    const m = await lockedMeeting(ctx, trx, actor, id);
    const slot = slotOf(change.startsAt ?? m.starts_at, change.lengthMinutes ?? m.length_minutes, m.time_zone);
    const moves = slot.startsAt !== m.starts_at;
    const lengthens = slot.lengthMinutes !== m.length_minutes;
    const status = change.cancelled === undefined ? m.status : change.cancelled ? 'cancelled' : 'scheduled';
    const note = change.note ?? m.note;
    if (m.attendance_taken_at !== null) {
      const attended = 'Attendance was taken at this meeting: it stays as it was held.';
      if (moves) throw meetingConflict('yo_meeting_attended', 'startsAt', attended);
      if (lengthens) throw meetingConflict('yo_meeting_attended', 'lengthMinutes', attended);
      if (status === 'cancelled' && m.status !== 'cancelled') throw meetingConflict('yo_meeting_attended', 'cancelled', attended);
    }
    if (!moves && !lengthens && status === m.status && note === m.note) return recordOf(ctx, trx, id);
    const field = moves ? 'startsAt' : lengthens ? 'lengthMinutes' : 'cancelled';
    const errors: Record<string, string> = {};
    const outside = moves ? dateRangeError(slot, m.class_start_date, m.class_end_date) : null;
    if (outside !== null) errors.startsAt = outside;
    if (outside === null && status === 'scheduled' && (moves || lengthens || m.status === 'cancelled')) {
      const overlap = await overlapError(trx, m.class_id, slot, id);
      if (overlap !== null) errors[field] = overlap;
    }
    if (Object.keys(errors).length > 0) throw invalidParams(errors);
    await q.updateMeeting(trx, id, { starts_at: slot.startsAt, starts_at_utc: new Date(slot.startMs).toISOString(), length_minutes: slot.lengthMinutes, status, note, edited_at: at, updated_at: at });
    const action = status !== m.status ? (status === 'cancelled' ? 'meeting.cancel' : 'meeting.restore') : moves || lengthens ? 'meeting.move' : 'meeting.note';
    // The note is the owner's own words (it may name a child): the log says only that it changed.
    const before = { meetingId: id, startsAt: m.starts_at, lengthMinutes: m.length_minutes, status: m.status, noteChanged: note !== m.note };
    const after = { meetingId: id, startsAt: slot.startsAt, lengthMinutes: slot.lengthMinutes, status, noteChanged: note !== m.note };
    await recordAudit(trx, actor, { action, subjectType: 'class', subjectId: m.class_id, ownerId: m.owner_id, before, after }, now);
    return recordOf(ctx, trx, id);
  });
}

async function reachableClass(db: q.Executor, actor: Actor, id: number): Promise<ClassRow> {
  const row = await q.findClass(db, id);
  if (!row || (!isAdmin(actor) && row.owner_id !== actor.id)) throw classNotFound();
  return row;
}

/** A meeting the schedule does not have, within the class's dates and off its other meetings. */
export async function addExtraMeeting(ctx: DomainContext, actor: Actor, classId: number, fields: ExtraMeetingFields): Promise<MeetingRecord> {
  requireStaff(actor);
  await reachableClass(ctx.db.kysely, actor, classId);
  const now = ctx.clock();
  const at = now.toISOString();
  return q.inTransaction(ctx.db, async (trx) => {
    if (ctx.db.dialect === 'postgres') await q.lockClass(trx, classId);
    const row = await reachableClass(trx, actor, classId);
    const slot = slotOf(fields.startsAt, fields.lengthMinutes ?? row.length_minutes, row.time_zone);
    const outside = dateRangeError(slot, row.start_date, row.end_date);
    const overlap = outside === null ? await overlapError(trx, classId, slot, null) : null;
    if (outside !== null || overlap !== null) throw invalidParams({ startsAt: (outside ?? overlap)! });
    const id = await q.insertMeeting(trx, {
      class_id: classId,
      kind: 'extra',
      scheduled_date: null,
      scheduled_start: null,
      starts_at: slot.startsAt,
      starts_at_utc: new Date(slot.startMs).toISOString(),
      length_minutes: slot.lengthMinutes,
      status: 'scheduled',
      note: fields.note ?? '',
      edited_at: at,
      created_at: at,
      updated_at: at,
    });
    await recordAudit(trx, actor, { action: 'meeting.extra', subjectType: 'class', subjectId: classId, ownerId: row.owner_id, after: { meetingId: id, startsAt: slot.startsAt, lengthMinutes: slot.lengthMinutes } }, now);
    return recordOf(ctx, trx, id);
  });
}
