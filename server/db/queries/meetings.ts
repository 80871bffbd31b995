import type { ClassMeetingRow, MeetingAttendanceTable, NewClassMeetingRow } from '../schema';
import type { Executor } from './executor';

/** Rows per statement: well under SQLite's and PostgreSQL's limits on bound values. */
const BATCH = 200;

function chunks<T>(list: readonly T[], size = BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

export type MeetingUpdate = Partial<Omit<ClassMeetingRow, 'id' | 'class_id' | 'kind' | 'created_at'>>;

/** A class's regular meetings as the schedule sync needs them: which date each has and whether the owner touched it. */
export function regularMeetingsOf(db: Executor, classId: number): Promise<Pick<ClassMeetingRow, 'id' | 'scheduled_date' | 'starts_at_utc' | 'starts_at' | 'length_minutes' | 'edited_at' | 'attendance_taken_at'>[]> {
  return db
    .selectFrom('class_meetings')
    .select(['id', 'scheduled_date', 'starts_at_utc', 'starts_at', 'length_minutes', 'edited_at', 'attendance_taken_at'])
    .where('class_id', '=', classId)
    .where('kind', '=', 'regular')
    .execute();
}

/**
 * For the classes' "next meeting": their meetings not cancelled that began at or after `sinceUtc`
 * and have begun by `nowUtc` (one may still be under way), and each class's first one after `nowUtc`.
 */
export async function meetingsAroundNow(db: Executor, classIds: readonly number[], sinceUtc: string, nowUtc: string): Promise<Pick<ClassMeetingRow, 'class_id' | 'starts_at' | 'starts_at_utc' | 'length_minutes'>[]> {
  const out: Pick<ClassMeetingRow, 'class_id' | 'starts_at' | 'starts_at_utc' | 'length_minutes'>[] = [];
  for (const part of chunks(classIds)) {
    const columns = ['class_id', 'starts_at', 'starts_at_utc', 'length_minutes'] as const;
    const scheduled = db.selectFrom('class_meetings').where('class_id', 'in', part).where('status', '=', 'scheduled');
    out.push(...(await scheduled.select(columns).where('starts_at_utc', '>=', sinceUtc).where('starts_at_utc', '<=', nowUtc).execute()));
    const firsts = scheduled.select(['class_id', (eb) => eb.fn.min('starts_at_utc').as('first')]).where('starts_at_utc', '>', nowUtc).groupBy('class_id');
    out.push(
      ...(await db
        .selectFrom('class_meetings')
        .innerJoin(firsts.as('f'), (join) => join.onRef('f.class_id', '=', 'class_meetings.class_id').onRef('f.first', '=', 'class_meetings.starts_at_utc'))
        .select(['class_meetings.class_id', 'class_meetings.starts_at', 'class_meetings.starts_at_utc', 'class_meetings.length_minutes'])
        .where('class_meetings.status', '=', 'scheduled')
        .execute()),
    );
  }
  return out;
}

export async function deleteMeetings(db: Executor, ids: readonly number[]): Promise<void> {
  for (const part of chunks(ids)) await db.deleteFrom('class_meetings').where('id', 'in', part).execute();
}

/** Regular meetings the class does not have yet: a date another save made a moment before is left as it is. */
export async function insertRegularMeetings(db: Executor, rows: readonly NewClassMeetingRow[]): Promise<void> {
  for (const part of chunks(rows)) {
    await db
      .insertInto('class_meetings')
      .values(part)
      .onConflict((oc) => oc.columns(['class_id', 'scheduled_date']).doNothing())
      .execute();
  }
}

export async function insertMeeting(db: Executor, row: NewClassMeetingRow): Promise<number> {
  return (await db.insertInto('class_meetings').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateMeeting(db: Executor, id: number, changes: MeetingUpdate): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db.updateTable('class_meetings').set(changes).where('id', '=', id).execute();
}

/** A meeting with what the answers need of its class. */
export interface MeetingWithClass extends ClassMeetingRow {
  owner_id: number;
  class_name: string;
  program_id: number;
  place: string;
  time_zone: string;
  class_start_date: string;
  class_end_date: string;
  class_created_at: string;
  archived_at: string | null;
}

function meetingsWithClass(db: Executor) {
  return db
    .selectFrom('class_meetings as m')
    .innerJoin('classes as c', 'c.id', 'm.class_id')
    .selectAll('m')
    .select(['c.owner_id', 'c.name as class_name', 'c.program_id', 'c.place', 'c.time_zone', 'c.start_date as class_start_date', 'c.end_date as class_end_date', 'c.created_at as class_created_at', 'c.archived_at']);
}

export function findMeeting(db: Executor, id: number): Promise<MeetingWithClass | undefined> {
  return meetingsWithClass(db).where('m.id', '=', id).executeTakeFirst();
}

export interface MeetingScope {
  /** One owner's classes; every owner's when absent. */
  ownerId?: number;
  classId?: number;
  /** Instants, ISO 8601 UTC: starts at or after `fromUtc` and before `toUtc`. */
  fromUtc: string;
  toUtc: string;
  /** Wall-clock bounds (YYYY-MM-DDTHH:MM prefixes), on each place's own clock: at or after, before. */
  fromLocal?: string;
  toLocal?: string;
}

/** The meetings of classes not archived in the scope, in time order (the instant, then the id). */
export function listMeetings(db: Executor, scope: MeetingScope): Promise<MeetingWithClass[]> {
  let q = meetingsWithClass(db).where('c.archived_at', 'is', null).where('m.starts_at_utc', '>=', scope.fromUtc).where('m.starts_at_utc', '<', scope.toUtc);
  if (scope.ownerId !== undefined) q = q.where('c.owner_id', '=', scope.ownerId);
  if (scope.classId !== undefined) q = q.where('m.class_id', '=', scope.classId);
  if (scope.fromLocal !== undefined) q = q.where('m.starts_at', '>=', scope.fromLocal);
  if (scope.toLocal !== undefined) q = q.where('m.starts_at', '<', scope.toLocal);
  return q.orderBy('m.starts_at_utc').orderBy('m.id').execute();
}

/** The class's meetings not cancelled starting between two instants (ISO 8601 UTC), except one. */
export function liveMeetingsBetween(db: Executor, classId: number, fromUtc: string, toUtc: string, exceptId: number | null): Promise<Pick<ClassMeetingRow, 'id' | 'starts_at' | 'starts_at_utc' | 'length_minutes'>[]> {
  let q = db
    .selectFrom('class_meetings')
    .select(['id', 'starts_at', 'starts_at_utc', 'length_minutes'])
    .where('class_id', '=', classId)
    .where('status', '=', 'scheduled')
    .where('starts_at_utc', '>=', fromUtc)
    .where('starts_at_utc', '<', toUtc);
  if (exceptId !== null) q = q.where('id', '<>', exceptId);
  return q.orderBy('starts_at_utc').execute();
}

export interface ClassMembership {
  class_id: number;
  student_id: number;
  joined_at: string;
  left_at: string | null;
  first_name: string;
  last_name: string;
}

/** Every membership of these classes, past and present, of children whose data is kept (not erased). */
export async function classMemberships(db: Executor, classIds: readonly number[]): Promise<ClassMembership[]> {
  const out: ClassMembership[] = [];
  for (const part of chunks([...new Set(classIds)], 500)) {
    out.push(
      ...(await db
        .selectFrom('class_students as cs')
        .innerJoin('students as s', 's.user_id', 'cs.student_id')
        .select(['cs.class_id', 'cs.student_id', 'cs.joined_at', 'cs.left_at', 's.student_first_name as first_name', 's.student_last_name as last_name'])
        .where('cs.class_id', 'in', part)
        .where('s.erased_at', 'is', null)
        .orderBy('cs.id')
        .execute()),
    );
  }
  return out;
}

/** The marks of these meetings: one row per meeting, child and mark. */
export async function attendanceMarks(db: Executor, meetingIds: readonly number[]): Promise<Pick<MeetingAttendanceTable, 'meeting_id' | 'student_id' | 'mark'>[]> {
  const out: Pick<MeetingAttendanceTable, 'meeting_id' | 'student_id' | 'mark'>[] = [];
  for (const part of chunks(meetingIds, 500)) out.push(...(await db.selectFrom('meeting_attendance').select(['meeting_id', 'student_id', 'mark']).where('meeting_id', 'in', part).execute()));
  return out;
}

export async function upsertMarks(db: Executor, rows: readonly MeetingAttendanceTable[]): Promise<void> {
  for (const part of chunks(rows)) {
    await db
      .insertInto('meeting_attendance')
      .values(part)
      .onConflict((oc) => oc.columns(['meeting_id', 'student_id']).doUpdateSet((eb) => ({ mark: eb.ref('excluded.mark'), marked_at: eb.ref('excluded.marked_at'), marked_by: eb.ref('excluded.marked_by') })))
      .execute();
  }
}

/** Of these children, those who signed in (a password or a card) or moved a step between two instants. */
export async function childrenActiveBetween(db: Executor, studentIds: readonly number[], from: Date, to: Date): Promise<Set<number>> {
  if (studentIds.length === 0) return new Set();
  const fromIso = from.toISOString();
  const toIso = to.toISOString();
  const ids = [...studentIds];
  const signedIn = await db.selectFrom('users').select('id as user_id').where('id', 'in', ids).where('last_sign_in_at', '>=', fromIso).where('last_sign_in_at', '<=', toIso).execute();
  const cards = await db.selectFrom('card_sessions').select('student_id as user_id').where('student_id', 'in', ids).where('started_at', '<=', to.getTime()).where('last_seen_at', '>=', from.getTime()).execute();
  const moved = await db.selectFrom('student_progress').select('user_id').where('user_id', 'in', ids).where('updated_at', '>=', fromIso).where('updated_at', '<=', toIso).execute();
  return new Set([...signedIn, ...cards, ...moved].map((r) => r.user_id));
}

/** A model of the program: a page directly under it. */
export async function isModelOf(db: Executor, modelId: number, programId: number): Promise<boolean> {
  return (await db.selectFrom('pages').select('id').where('id', '=', modelId).where('parent', '=', programId).executeTakeFirst()) !== undefined;
}

/** A child's marks, with each meeting's wall-clock start and class name, oldest first (the child's data export). */
export function attendanceOfStudent(db: Executor, studentId: number): Promise<{ starts_at: string; class_name: string; mark: string }[]> {
  return db
    .selectFrom('meeting_attendance as a')
    .innerJoin('class_meetings as m', 'm.id', 'a.meeting_id')
    .innerJoin('classes as c', 'c.id', 'm.class_id')
    .select(['m.starts_at', 'c.name as class_name', 'a.mark'])
    .where('a.student_id', '=', studentId)
    .orderBy('m.starts_at_utc')
    .execute();
}

export async function deleteAttendanceOf(db: Executor, studentId: number): Promise<void> {
  await db.deleteFrom('meeting_attendance').where('student_id', '=', studentId).execute();
}

/** The owner's meetings not cancelled, of classes not archived, starting between two instants (ISO 8601 UTC, both included), earliest first. */
export function ownerLiveMeetingsStarting(db: Executor, ownerId: number, fromUtc: string, toUtc: string): Promise<Pick<ClassMeetingRow, 'class_id' | 'starts_at_utc' | 'length_minutes'>[]> {
  return db
    .selectFrom('class_meetings as m')
    .innerJoin('classes as c', 'c.id', 'm.class_id')
    .select(['m.class_id', 'm.starts_at_utc', 'm.length_minutes'])
    .where('c.owner_id', '=', ownerId)
    .where('c.archived_at', 'is', null)
    .where('m.status', '=', 'scheduled')
    .where('m.starts_at_utc', '>=', fromUtc)
    .where('m.starts_at_utc', '<=', toUtc)
    .orderBy('m.starts_at_utc')
    .orderBy('m.id')
    .execute();
}
