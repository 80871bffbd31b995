/** A class as the contract shows it (ClassRecord): its row, its students now, its program's and owner's names and its next meeting. */
import { CLASS_LIMITS, type ClassRecord, type ClassStudent, type Weekday } from '../../contract';
import * as q from '../db/queries';
import type { ClassRow, NewClassRow } from '../db/schema';
import type { Schedule } from './classSchedule';
import { nameKey, type ClassFields } from './classRules';

export const parseWeekdays = (stored: string): Weekday[] => (stored === '' ? [] : stored.split(',').map((day) => Number(day) as Weekday));

export function scheduleOf(row: ClassRow): Schedule & { weekdays: Weekday[] } {
  return {
    weekdays: parseWeekdays(row.weekdays),
    startTime: row.start_time,
    lengthMinutes: row.length_minutes,
    startDate: row.start_date,
    endDate: row.end_date,
    timeZone: row.time_zone,
  };
}

/** The columns a class's fields are written to. */
export function classColumns(fields: ClassFields): Omit<NewClassRow, 'owner_id' | 'created_at' | 'updated_at'> {
  return {
    name: fields.name,
    name_key: nameKey(fields.name),
    program_id: fields.programId,
    place: fields.place,
    weekdays: fields.weekdays.join(','),
    start_time: fields.startTime,
    length_minutes: fields.lengthMinutes,
    start_date: fields.startDate,
    end_date: fields.endDate,
    time_zone: fields.timeZone,
  };
}

/** A class's fields as the audit log records them (the contract's names; students by id, never by name). */
export function auditFields(row: ClassRow, studentIds: readonly number[]): ClassFields {
  return { name: row.name, programId: row.program_id, place: row.place, ...scheduleOf(row), studentIds: [...studentIds].sort((a, b) => a - b) };
}

/** The fields whose values differ, each side with only those. */
export function changedClassFields(before: ClassFields, after: ClassFields): { before: Partial<ClassFields>; after: Partial<ClassFields> } {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof ClassFields)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      was[key] = before[key];
      now[key] = after[key];
    }
  }
  return { before: was as Partial<ClassFields>, after: now as Partial<ClassFields> };
}

/** The ids of the students in a class now. */
export async function currentStudentIds(db: q.Executor, classId: number): Promise<number[]> {
  return (await q.currentClassMembers(db, [classId])).map((m) => m.student_id);
}

/** The longest a meeting lasts: one that began this long ago may still be under way. */
const LONGEST_MEETING_MS = CLASS_LIMITS.maxLengthMinutes * 60_000;

/**
 * Each class's meeting under way or next to come, from its meetings (a cancelled one is skipped, a
 * moved one counts where it was moved to): the place's wall clock and the instant.
 */
async function nextMeetings(db: q.Executor, classIds: readonly number[], now: Date): Promise<Map<number, { start: string; at: number }>> {
  const nowMs = now.getTime();
  const next = new Map<number, { start: string; at: number }>();
  for (const meeting of await q.meetingsAroundNow(db, classIds, new Date(nowMs - LONGEST_MEETING_MS).toISOString(), now.toISOString())) {
    const at = Date.parse(meeting.starts_at_utc);
    if (at + meeting.length_minutes * 60_000 <= nowMs) continue;
    const known = next.get(meeting.class_id);
    if (!known || at < known.at) next.set(meeting.class_id, { start: meeting.starts_at, at });
  }
  return next;
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * The records of these classes, ordered as an owner reads her list: the next to meet first (the
 * instant, whatever each class's zone), classes with no meeting left after, each group by name.
 */
export async function classRecords(db: q.Executor, rows: readonly ClassRow[], now: Date): Promise<ClassRecord[]> {
  const members = await q.currentClassMembers(db, rows.map((row) => row.id));
  const next = await nextMeetings(db, rows.filter((row) => row.archived_at === null).map((row) => row.id), now);
  const programs = await q.pageTitles(db, [...new Set(rows.map((row) => row.program_id))]);
  const owners = await q.userDisplayNames(db, [...new Set(rows.map((row) => row.owner_id))]);
  const studentsOf = new Map<number, ClassStudent[]>();
  const ownerOf = new Map(rows.map((row) => [row.id, row.owner_id]));
  for (const member of members) {
    // A student an administrator moved to another owner is not shown in her former owner's class.
    if (member.teacher_id !== ownerOf.get(member.class_id)) continue;
    const list = studentsOf.get(member.class_id) ?? [];
    list.push({ id: member.student_id, displayName: `${member.first_name} ${member.last_name}` });
    studentsOf.set(member.class_id, list);
  }
  const listed = rows.map((row) => {
    const meeting = next.get(row.id);
    const record: ClassRecord = {
      id: row.id,
      ownerId: row.owner_id,
      ownerName: owners.get(row.owner_id) ?? '',
      name: row.name,
      programId: row.program_id,
      programName: programs.get(row.program_id) ?? '',
      place: row.place,
      ...scheduleOf(row),
      students: (studentsOf.get(row.id) ?? []).sort((a, b) => collator.compare(a.displayName, b.displayName) || a.id - b.id),
      archived: row.archived_at !== null,
      nextMeeting: meeting?.start ?? null,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
    return { record, at: meeting?.at ?? Number.POSITIVE_INFINITY };
  });
  listed.sort((a, b) => (a.at === b.at ? 0 : a.at < b.at ? -1 : 1) || collator.compare(a.record.name, b.record.name) || a.record.id - b.record.id);
  return listed.map((entry) => entry.record);
}
