/**
 * Attendance at a meeting (contract/meetings.ts AttendanceRecord): the children in the class at the
 * meeting with their marks, and the children suggested as present because they signed in (a
 * password sign-in, or a sign-in card's session) or moved a step in a model from a little before
 * the start to the end. A suggestion is never saved by itself: the teacher confirms it.
 */
import { MEETING_LIMITS, type AttendanceMark, type AttendanceRecord } from '../../contract';
import * as q from '../db/queries';
import { invalidParams } from '../errors';
import { recordAudit } from './audit';
import type { Actor, DomainContext } from './context';
import { endMs, rosterAt, startMs, type RosterChild } from './meetingRecords';
import type { AttendanceFields } from './meetingRules';
import { lockedMeeting, meetingConflict, reachableMeeting, requireStaff } from './meetings';

const MINUTE_MS = 60_000;
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

async function rosterOf(db: q.Executor, meeting: q.MeetingWithClass, now: Date): Promise<RosterChild[]> {
  return rosterAt(meeting, await q.classMemberships(db, [meeting.class_id]), now);
}

async function attendanceRecord(ctx: DomainContext, db: q.Executor, meeting: q.MeetingWithClass): Promise<AttendanceRecord> {
  const roster = (await rosterOf(db, meeting, ctx.clock())).sort((a, b) => collator.compare(a.displayName, b.displayName) || a.id - b.id);
  const marks = new Map((await q.attendanceMarks(db, [meeting.id])).map((m) => [m.student_id, m.mark as AttendanceMark]));
  const from = new Date(startMs(meeting) - MEETING_LIMITS.suggestPresentMinutesBefore * MINUTE_MS);
  const suggested = await q.childrenActiveBetween(db, roster.map((c) => c.id), from, new Date(endMs(meeting)));
  const takenBy = meeting.attendance_taken_by === null ? null : ((await q.userDisplayNames(db, [meeting.attendance_taken_by])).get(meeting.attendance_taken_by) ?? null);
  return {
    meetingId: meeting.id,
    students: roster.map((child) => ({ id: child.id, displayName: child.displayName, mark: marks.get(child.id) ?? null, suggested: suggested.has(child.id) })),
    modelId: meeting.model_id,
    takenAt: meeting.attendance_taken_at,
    takenByName: meeting.attendance_taken_at === null ? null : takenBy,
  };
}

export async function getAttendance(ctx: DomainContext, actor: Actor, id: number): Promise<AttendanceRecord> {
  requireStaff(actor);
  const db = ctx.db.kysely;
  return attendanceRecord(ctx, db, await reachableMeeting(db, actor, id));
}

/** The marks given (children left out keep theirs) and the model taught, for the children in the class at the meeting. */
export async function takeAttendance(ctx: DomainContext, actor: Actor, id: number, fields: AttendanceFields): Promise<AttendanceRecord> {
  requireStaff(actor);
  await reachableMeeting(ctx.db.kysely, actor, id);
  const now = ctx.clock();
  const at = now.toISOString();
  return q.inTransaction(ctx.db, async (trx) => {
    const meeting = await lockedMeeting(ctx, trx, actor, id);
    if (meeting.status === 'cancelled') throw meetingConflict('yo_meeting_cancelled', 'marks', 'This meeting was cancelled: put it back before taking attendance.');
    const opens = startMs(meeting) - MEETING_LIMITS.attendanceOpensMinutesBefore * MINUTE_MS;
    if (now.getTime() < opens) {
      throw meetingConflict('yo_meeting_not_started', 'marks', `Attendance opens ${MEETING_LIMITS.attendanceOpensMinutesBefore} minutes before the meeting starts (${meeting.starts_at}).`);
    }
    const inClass = new Set((await rosterOf(trx, meeting, now)).map((c) => c.id));
    const errors: Record<string, string> = {};
    const given = new Set<number>();
    fields.marks.forEach((m, i) => {
      if (given.has(m.studentId)) errors[`marks.${i}.studentId`] = `Student ${m.studentId} is marked twice.`;
      else if (!inClass.has(m.studentId)) errors[`marks.${i}.studentId`] = `Student ${m.studentId} was not in the class at this meeting.`;
      given.add(m.studentId);
    });
    if (fields.modelId !== undefined && fields.modelId !== null && !(await q.isModelOf(trx, fields.modelId, meeting.program_id))) {
      errors.modelId = "Must be one of the class's program's models, or null.";
    }
    if (Object.keys(errors).length > 0) throw invalidParams(errors);
    await q.upsertMarks(trx, fields.marks.map((m) => ({ meeting_id: id, student_id: m.studentId, mark: m.mark, marked_at: at, marked_by: actor.id })));
    const modelId = fields.modelId === undefined ? meeting.model_id : fields.modelId;
    await q.updateMeeting(trx, id, { attendance_taken_at: at, attendance_taken_by: actor.id, model_id: modelId, updated_at: at });
    // Children by id only, never by name.
    const after = { meetingId: id, marks: fields.marks.map((m) => ({ studentId: m.studentId, mark: m.mark })), modelId };
    await recordAudit(trx, actor, { action: 'attendance.take', subjectType: 'class', subjectId: meeting.class_id, ownerId: meeting.owner_id, after }, now);
    return attendanceRecord(ctx, trx, await reachableMeeting(trx, actor, id));
  });
}
