/**
 * A meeting as the contract shows it (MeetingRecord), and who was in its class at it. Records of
 * many meetings are built with a fixed number of queries, whatever their number.
 */
import type { AttendanceCounts, MeetingRecord } from '../../contract';
import * as q from '../db/queries';
import type { ClassMembership, MeetingWithClass } from '../db/queries';

const MINUTE_MS = 60_000;

export const startMs = (meeting: Pick<MeetingWithClass, 'starts_at_utc'>): number => Date.parse(meeting.starts_at_utc);
export const endMs = (meeting: Pick<MeetingWithClass, 'starts_at_utc' | 'length_minutes'>): number => startMs(meeting) + meeting.length_minutes * MINUTE_MS;

export interface RosterChild {
  id: number;
  displayName: string;
}

/**
 * The children in the class at the meeting: for one not yet started, those in it now; for one under
 * way or over, those who joined before it ended and had not left when it started. The children
 * named when the class was created count from its first meeting (a class is often entered after
 * its term began).
 */
export function rosterAt(meeting: MeetingWithClass, memberships: readonly ClassMembership[], now: Date): RosterChild[] {
  const start = startMs(meeting);
  const end = endMs(meeting);
  const upcoming = start > now.getTime();
  const seen = new Map<number, RosterChild>();
  for (const m of memberships) {
    if (m.class_id !== meeting.class_id || seen.has(m.student_id)) continue;
    const inIt = upcoming
      ? m.left_at === null
      : (m.joined_at === meeting.class_created_at || Date.parse(m.joined_at) < end) && (m.left_at === null || Date.parse(m.left_at) > start);
    if (inIt) seen.set(m.student_id, { id: m.student_id, displayName: `${m.first_name} ${m.last_name}` });
  }
  return [...seen.values()];
}

/** The records of these meetings, in the order given. */
export async function meetingRecords(db: q.Executor, rows: readonly MeetingWithClass[], now: Date): Promise<MeetingRecord[]> {
  if (rows.length === 0) return [];
  const memberships = await q.classMemberships(db, rows.map((r) => r.class_id));
  const membershipsOf = new Map<number, ClassMembership[]>();
  for (const m of memberships) {
    const list = membershipsOf.get(m.class_id) ?? [];
    list.push(m);
    membershipsOf.set(m.class_id, list);
  }
  const titles = await q.pageTitles(db, [...new Set(rows.flatMap((r) => (r.model_id === null ? [r.program_id] : [r.program_id, r.model_id])))]);
  const owners = await q.userDisplayNames(db, [...new Set(rows.map((r) => r.owner_id))]);
  const marks = await q.attendanceMarks(db, rows.filter((r) => r.attendance_taken_at !== null).map((r) => r.id));
  const marksOf = new Map<number, Map<number, string>>();
  for (const m of marks) marksOf.set(m.meeting_id, (marksOf.get(m.meeting_id) ?? new Map<number, string>()).set(m.student_id, m.mark));
  return rows.map((row) => {
    const roster = rosterAt(row, membershipsOf.get(row.class_id) ?? [], now);
    let attendance: AttendanceCounts | null = null;
    if (row.attendance_taken_at !== null) {
      const given = marksOf.get(row.id) ?? new Map<number, string>();
      attendance = { present: 0, late: 0, absent: 0, unmarked: 0 };
      for (const child of roster) {
        const mark = given.get(child.id);
        if (mark === 'present' || mark === 'late' || mark === 'absent') attendance[mark] += 1;
        else attendance.unmarked += 1;
      }
    }
    return {
      id: row.id,
      classId: row.class_id,
      className: row.class_name,
      ownerId: row.owner_id,
      ownerName: owners.get(row.owner_id) ?? '',
      programId: row.program_id,
      programName: titles.get(row.program_id) ?? '',
      place: row.place,
      timeZone: row.time_zone,
      startsAt: row.starts_at,
      startsAtUtc: row.starts_at_utc,
      lengthMinutes: row.length_minutes,
      kind: row.kind,
      scheduledDate: row.scheduled_date,
      moved: row.kind === 'regular' && row.starts_at !== row.scheduled_start,
      status: row.status,
      note: row.note,
      studentCount: roster.length,
      attendance,
      modelId: row.model_id,
      modelName: row.model_id === null ? null : (titles.get(row.model_id) ?? ''),
    };
  });
}
