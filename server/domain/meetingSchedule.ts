/**
 * A class's regular meetings, made from its schedule in the transaction that saves the class. When
 * the schedule changes, a meeting as the schedule made it and nobody touched since follows the new
 * schedule (removed, or made again at the new time); a meeting the owner moved, cancelled, noted or
 * took attendance at stays as it is, whatever the new schedule says (it is the class's history).
 */
import type { Db } from '../db/connection';
import * as q from '../db/queries';
import type { ClassRow, NewClassMeetingRow } from '../db/schema';
import { scheduleOf } from './classRecords';
import { addDays, isoWeekday, wallTime, zonedInstant, type Schedule } from './classSchedule';

export interface ScheduledMeeting {
  date: string;
  /** YYYY-MM-DDTHH:MM on the place's clock (a time the clock skips is the time after the change). */
  start: string;
  /** ISO 8601 UTC */
  startUtc: string;
}

/** Every meeting the schedule gives, from its start date to its end date, in order. */
export function scheduledMeetings(schedule: Schedule): ScheduledMeeting[] {
  const out: ScheduledMeeting[] = [];
  if (schedule.weekdays.length === 0) return out;
  for (let day = schedule.startDate; day <= schedule.endDate; day = addDays(day, 1)) {
    if (!schedule.weekdays.includes(isoWeekday(day))) continue;
    const at = zonedInstant(day, schedule.startTime, schedule.timeZone);
    out.push({ date: day, start: wallTime(at, schedule.timeZone), startUtc: new Date(at).toISOString() });
  }
  return out;
}

/** The class's fields that make its meetings: a change to any of them remakes the untouched ones. */
export const SCHEDULE_FIELDS = ['weekdays', 'startTime', 'lengthMinutes', 'startDate', 'endDate', 'timeZone'] as const;

/** Brings the class's regular meetings in line with its schedule (see the file's comment). */
export async function syncClassMeetings(trx: q.Executor, row: ClassRow, at: string): Promise<void> {
  const wanted = new Map(scheduledMeetings(scheduleOf(row)).map((m) => [m.date, m]));
  const kept = new Set<string>();
  const stale: number[] = [];
  for (const meeting of await q.regularMeetingsOf(trx, row.id)) {
    const date = meeting.scheduled_date ?? '';
    const want = wanted.get(date);
    const touched = meeting.edited_at !== null || meeting.attendance_taken_at !== null;
    if (touched || (want && want.startUtc === meeting.starts_at_utc && want.start === meeting.starts_at && meeting.length_minutes === row.length_minutes)) kept.add(date);
    else stale.push(meeting.id);
  }
  await q.deleteMeetings(trx, stale);
  const added: NewClassMeetingRow[] = [...wanted.values()]
    .filter((m) => !kept.has(m.date))
    .map((m) => ({
      class_id: row.id,
      kind: 'regular',
      scheduled_date: m.date,
      scheduled_start: m.start,
      starts_at: m.start,
      starts_at_utc: m.startUtc,
      length_minutes: row.length_minutes,
      status: 'scheduled',
      created_at: at,
      updated_at: at,
    }));
  await q.insertRegularMeetings(trx, added);
}

/**
 * Gives their meetings to the active classes that have none: classes saved before the portal made
 * meetings, or whose save was interrupted. Every instance runs it at start; two at once make each
 * meeting once (the unique scheduled date). Returns how many classes got meetings.
 */
export async function scheduleClassesWithoutMeetings(db: Db, now: Date): Promise<number> {
  let scheduled = 0;
  for (const row of await q.activeClassesWithoutMeetings(db.kysely)) {
    if (scheduledMeetings(scheduleOf(row)).length === 0) continue;
    await q.inTransaction(db, (trx) => syncClassMeetings(trx, row, now.toISOString()));
    scheduled += 1;
  }
  return scheduled;
}
