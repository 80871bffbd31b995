/**
 * Lessons used and left (contract/lessons.ts): a student's package is number_of_lessons between her
 * start and end dates; a meeting in them she attended uses one (or, when the franchise counts held
 * lessons, one held of a class she was in). Counted for a whole list in one grouped query
 * (db/queries/lessons.ts), never one query per student. Renewing is one audited change.
 */
import { CLASS_LIMITS, DEFAULT_LESSON_SETTINGS, LESSON_LIMITS, type LessonSettings, type RenewalInput, type StudentLessons } from '../../contract';
import * as q from '../db/queries';
import { ApiError, invalidParams, invalidUserId, notAllowed, studentErased } from '../errors';
import { changedFields, recordAudit } from './audit';
import { isAdmin, isOwner, type Actor, type DomainContext } from './context';

const SETTINGS_KEY = 'lesson_settings';

function inRange(value: unknown, max: number, fallback: number): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= max ? value : fallback;
}

export async function readLessonSettings(db: q.Executor): Promise<LessonSettings> {
  const stored = await q.readPortalSetting(db, SETTINGS_KEY);
  if (stored === null) return { ...DEFAULT_LESSON_SETTINGS };
  let parsed: Record<string, unknown> = {};
  try {
    const value: unknown = JSON.parse(stored);
    if (typeof value === 'object' && value !== null) parsed = value as Record<string, unknown>;
  } catch {
    // A damaged row reads as the defaults; the next save writes it whole.
  }
  return {
    countHeldLessons: typeof parsed.countHeldLessons === 'boolean' ? parsed.countHeldLessons : DEFAULT_LESSON_SETTINGS.countHeldLessons,
    renewalLessonsLeft: inRange(parsed.renewalLessonsLeft, LESSON_LIMITS.maxRenewalLessonsLeft, DEFAULT_LESSON_SETTINGS.renewalLessonsLeft),
    renewalDaysBeforeEnd: inRange(parsed.renewalDaysBeforeEnd, LESSON_LIMITS.maxRenewalDays, DEFAULT_LESSON_SETTINGS.renewalDaysBeforeEnd),
  };
}

/** Owners and administrators read the settings (an owner's lists follow them). */
export function getLessonSettings(ctx: DomainContext, actor: Actor): Promise<LessonSettings> {
  if (!isAdmin(actor) && !isOwner(actor)) throw notAllowed(true);
  return readLessonSettings(ctx.db.kysely);
}

/** Administrators: the whole settings, checked by the route, written with their audit entry. */
export function putLessonSettings(ctx: DomainContext, actor: Actor, settings: LessonSettings): Promise<LessonSettings> {
  if (!isAdmin(actor)) throw notAllowed(true);
  const now = ctx.clock();
  return q.inTransaction(ctx.db, async (trx) => {
    const before = await readLessonSettings(trx);
    const change = changedFields(before, settings);
    if (Object.keys(change.after).length === 0) return before;
    await q.writePortalSetting(trx, SETTINGS_KEY, JSON.stringify(settings));
    await recordAudit(trx, actor, { action: 'settings.lessons', subjectType: 'user', subjectId: actor.id, ownerId: null, ...change }, now);
    return readLessonSettings(trx);
  });
}

export function countRule(settings: LessonSettings, now: Date): q.LessonCountRule {
  return { countHeld: settings.countHeldLessons, nowUtc: now.toISOString() };
}

/** Lessons used per student of the scope, in one query (absent: none used). */
export async function lessonsUsed(ctx: DomainContext, scope: q.LessonScope): Promise<Map<number, number>> {
  const db = ctx.db.kysely;
  const settings = await readLessonSettings(db);
  return q.usedLessons(db, ctx.db.dialect, scope, countRule(settings, ctx.clock()));
}

/**
 * What the counts of every student depend on besides the students rows: the lessons version
 * (meetings, marks, memberships, settings) and, when held lessons count, the latest meeting to have
 * ended (a meeting ending changes the counts without a write). A cache keyed on it is never stale.
 */
export async function lessonCountsKey(ctx: DomainContext): Promise<string> {
  const db = ctx.db.kysely;
  const [version, settings] = await Promise.all([q.lessonsVersion(db), readLessonSettings(db)]);
  if (!settings.countHeldLessons) return `${version}`;
  return `${version}:${await q.latestMeetingEnd(db, ctx.db.dialect, ctx.clock().toISOString(), CLASS_LIMITS.maxLengthMinutes)}`;
}

/** The student, when the actor may see her: 403 for other roles, 404 for an unknown or another owner's. */
async function reachableStudent(db: q.Executor, actor: Actor, id: number) {
  if (!isAdmin(actor) && !isOwner(actor)) throw notAllowed(true);
  const student = await q.findStudent(db, id);
  if (!student || (!isAdmin(actor) && student.teacher_id !== actor.id)) throw invalidUserId();
  const user = await q.findUserById(db, id);
  if (!user) throw invalidUserId();
  return { student, user };
}

async function studentLessonsOf(ctx: DomainContext, db: q.Executor, id: number, student: { number_of_lessons: number; lessons_start_date: string; lessons_end_date: string }): Promise<StudentLessons> {
  const now = ctx.clock();
  const nowUtc = now.toISOString();
  const settings = await readLessonSettings(db);
  const rows = await q.studentMeetings(db, id, student.lessons_start_date, nowUtc);
  const meetings: StudentLessons['meetings'] = [];
  const seen = new Set<number>();
  const inClassAt = (r: q.StudentMeetingRow, end: number) =>
    r.joined_at !== null && (r.joined_at === r.created_at || Date.parse(r.joined_at) < end) && (r.left_at === null || r.left_at > r.starts_at_utc);
  // One row per membership of the meeting's class: she was in it when any of them says so.
  const byMeeting = new Map<number, q.StudentMeetingRow[]>();
  for (const r of rows) byMeeting.set(r.meeting_id, [...(byMeeting.get(r.meeting_id) ?? []), r]);
  for (const r of rows) {
    if (seen.has(r.meeting_id)) continue;
    seen.add(r.meeting_id);
    const end = Date.parse(r.starts_at_utc) + r.length_minutes * 60_000;
    const ended = end <= now.getTime();
    const inClass = byMeeting.get(r.meeting_id)!.some((m) => inClassAt(m, end));
    const attended = r.mark === 'present' || r.mark === 'late';
    // Listed: meetings held while she was in the class, and any she has a mark at (one under way too).
    if (r.status === 'cancelled' || (!(ended && inClass) && r.mark === null)) continue;
    const day = r.starts_at.slice(0, 10);
    const inPackage = day >= student.lessons_start_date && day <= student.lessons_end_date;
    const counted = inPackage && (settings.countHeldLessons ? ended && inClass : attended);
    meetings.push({ meetingId: r.meeting_id, classId: r.class_id, className: r.class_name, startsAt: r.starts_at, status: r.status, mark: r.mark, counted });
  }
  // The total comes from the same grouped query the lists use, so the page and the lists agree.
  const used = (await q.usedLessons(db, ctx.db.dialect, { studentId: id }, countRule(settings, now))).get(id) ?? 0;
  return {
    studentId: id,
    total: student.number_of_lessons,
    used,
    left: student.number_of_lessons - used,
    startDate: student.lessons_start_date,
    endDate: student.lessons_end_date,
    countHeldLessons: settings.countHeldLessons,
    meetings,
  };
}

export async function getStudentLessons(ctx: DomainContext, actor: Actor, id: number): Promise<StudentLessons> {
  const db = ctx.db.kysely;
  const { student } = await reachableStudent(db, actor, id);
  return studentLessonsOf(ctx, db, id, student);
}

function studentEnded(): ApiError {
  return new ApiError(409, 'student_ended', "This student's lessons were ended: re-activate the student before renewing.");
}

/** More lessons and a new end date, with the 'student.renew' audit entry, in one transaction. */
export async function renewStudent(ctx: DomainContext, actor: Actor, id: number, input: RenewalInput): Promise<StudentLessons> {
  const now = ctx.clock();
  return q.inTransaction(ctx.db, async (trx) => {
    const { student, user } = await reachableStudent(trx, actor, id);
    if (student.erased_at !== null) throw studentErased();
    if (user.sign_in_disabled_at !== null) throw studentEnded();
    const day = now.toISOString().slice(0, 10);
    if (input.endDate < student.lessons_end_date || input.endDate < day) {
      const floor = student.lessons_end_date > day ? student.lessons_end_date : day;
      throw invalidParams({ endDate: `The new end date must not be before ${floor} (the current end date, or today).` });
    }
    const after = { number_of_lessons: student.number_of_lessons + input.addLessons, lessons_end_date: input.endDate };
    await q.updateStudent(trx, id, after);
    const before = { number_of_lessons: student.number_of_lessons, lessons_end_date: student.lessons_end_date };
    await recordAudit(trx, actor, { action: 'student.renew', subjectType: 'student', subjectId: id, ownerId: student.teacher_id, before, after }, now);
    return studentLessonsOf(ctx, trx, id, { ...student, ...after });
  });
}
