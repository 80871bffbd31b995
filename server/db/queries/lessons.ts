/**
 * Lessons used, counted in the database in one grouped query whatever the number of students
 * (domain/lessons.ts has the rules), and the office's monthly figures as aggregates.
 */
import { sql, type RawBuilder } from 'kysely';
import { readChangeVersion } from '../changeVersions';
import type { DialectName } from '../connection';
import type { Executor } from './executor';

/** Whose lessons: every student, one owner's, or one student. */
export type LessonScope = 'all' | { ownerId: number } | { studentId: number };

export interface LessonCountRule {
  /** true: every meeting held of a class the child was in; false: meetings she attended. */
  countHeld: boolean;
  /** ISO 8601 UTC: a meeting is held once it ended by then. */
  nowUtc: string;
}

/** The instant a meeting ends (ISO 8601 UTC, as starts_at_utc is written), in the dialect's date functions. */
export function meetingEndUtc(dialect: DialectName, m = 'm'): RawBuilder<string> {
  const start = sql.ref(`${m}.starts_at_utc`);
  const length = sql.ref(`${m}.length_minutes`);
  return dialect === 'postgres'
    ? sql<string>`to_char((cast(${start} as timestamptz) at time zone 'UTC') + ${length} * interval '1 minute', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
    : sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', ${start}, '+' || ${length} || ' minutes')`;
}

/** The place's wall clock when a meeting ends, YYYY-MM-DDTHH:MM. */
function meetingEndLocal(dialect: DialectName, m = 'm'): RawBuilder<string> {
  const start = sql.ref(`${m}.starts_at`);
  const length = sql.ref(`${m}.length_minutes`);
  return dialect === 'postgres'
    ? sql<string>`to_char(cast(${start} as timestamp) + ${length} * interval '1 minute', 'YYYY-MM-DD"T"HH24:MI')`
    : sql<string>`strftime('%Y-%m-%dT%H:%M', ${start}, '+' || ${length} || ' minutes')`;
}

function scopeFilter(scope: LessonScope): RawBuilder<unknown> {
  if (scope === 'all') return sql``;
  if ('ownerId' in scope) return sql`and s.teacher_id = ${scope.ownerId}`;
  return sql`and s.user_id = ${scope.studentId}`;
}

/**
 * SELECT student_id, used: one row per student with at least one lesson used. A meeting counts
 * when it is not cancelled and falls (on its place's clock) between the student's start and end dates.
 */
export function usedLessonsSql(dialect: DialectName, scope: LessonScope, rule: LessonCountRule): RawBuilder<{ student_id: number; used: number | string }> {
  const inPackage = sql`substr(m.starts_at, 1, 10) >= s.lessons_start_date and substr(m.starts_at, 1, 10) <= s.lessons_end_date`;
  if (!rule.countHeld) {
    return sql`select a.student_id as student_id, count(*) as used
      from meeting_attendance a
      join class_meetings m on m.id = a.meeting_id
      join students s on s.user_id = a.student_id
      where a.mark in ('present', 'late') and m.status = 'scheduled' and ${inPackage} ${scopeFilter(scope)}
      group by a.student_id`;
  }
  const end = meetingEndUtc(dialect);
  // In the class at the meeting as attendance has it (domain/meetingRecords.ts rosterAt): joined
  // before it ended (or named when the class was made) and not left before it began.
  return sql`select cs.student_id as student_id, count(distinct m.id) as used
    from class_students cs
    join classes c on c.id = cs.class_id
    join class_meetings m on m.class_id = cs.class_id
    join students s on s.user_id = cs.student_id
    where m.status = 'scheduled' and m.starts_at_utc <= ${rule.nowUtc} and ${end} <= ${rule.nowUtc}
      and (cs.joined_at = c.created_at or cs.joined_at < ${end})
      and (cs.left_at is null or cs.left_at > m.starts_at_utc)
      and ${inPackage} ${scopeFilter(scope)}
    group by cs.student_id`;
}

/** Lessons used per student of the scope (students with none are absent). */
export async function usedLessons(db: Executor, dialect: DialectName, scope: LessonScope, rule: LessonCountRule): Promise<Map<number, number>> {
  const { rows } = await usedLessonsSql(dialect, scope, rule).execute(db);
  return new Map(rows.map((r) => [Number(r.student_id), Number(r.used)]));
}

/**
 * The latest end, at or before now, of a meeting begun within the last `windowMinutes` (the longest a
 * meeting lasts): which meetings are held changes only when one ends, so this names the set (null: none in the window).
 */
export async function latestMeetingEnd(db: Executor, dialect: DialectName, nowUtc: string, windowMinutes: number): Promise<string | null> {
  const from = new Date(Date.parse(nowUtc) - windowMinutes * 60_000).toISOString();
  const end = meetingEndUtc(dialect);
  const { rows } = await sql<{ last: string | null }>`select max(${end}) as last from class_meetings m
    where m.starts_at_utc > ${from} and m.starts_at_utc <= ${nowUtc} and m.status = 'scheduled' and ${end} <= ${nowUtc}`.execute(db);
  return rows[0]?.last ?? null;
}

export interface StudentMeetingRow {
  meeting_id: number;
  class_id: number;
  class_name: string;
  starts_at: string;
  starts_at_utc: string;
  length_minutes: number;
  status: 'scheduled' | 'cancelled';
  mark: 'present' | 'absent' | 'late' | null;
  created_at: string;
  joined_at: string | null;
  left_at: string | null;
}

/**
 * The meetings of a student's classes from `fromDate` (the place's day) to `toUtc`, and those she
 * has a mark at, with her memberships of their classes: one row per meeting and membership.
 */
export async function studentMeetings(db: Executor, studentId: number, fromDate: string, toUtc: string): Promise<StudentMeetingRow[]> {
  const { rows } = await sql<StudentMeetingRow>`select m.id as meeting_id, m.class_id as class_id, c.name as class_name, m.starts_at as starts_at,
      m.starts_at_utc as starts_at_utc, m.length_minutes as length_minutes, m.status as status, a.mark as mark, c.created_at as created_at,
      cs.joined_at as joined_at, cs.left_at as left_at
    from class_meetings m
    join classes c on c.id = m.class_id
    left join meeting_attendance a on a.meeting_id = m.id and a.student_id = ${studentId}
    left join class_students cs on cs.class_id = m.class_id and cs.student_id = ${studentId}
    where substr(m.starts_at, 1, 10) >= ${fromDate} and m.starts_at_utc <= ${toUtc}
      and (a.student_id is not null or cs.student_id is not null)
    order by m.starts_at_utc desc, m.id desc`.execute(db);
  return rows.map((r) => ({ ...r, meeting_id: Number(r.meeting_id), class_id: Number(r.class_id), length_minutes: Number(r.length_minutes) }));
}

export interface RenewalCandidateRow {
  user_id: number;
  student_first_name: string;
  student_last_name: string;
  teacher_id: number;
  owner_name: string;
  country: string;
  program: string;
  number_of_lessons: number;
  used: number;
  lessons_end_date: string;
  parent_name: string;
  parent_email: string;
  phone: string;
}

export interface RenewalFilter {
  ownerId?: number;
  country?: string;
  /** At most this many lessons left. */
  lessonsLeft: number;
  /** An end date on or before this day (YYYY-MM-DD). */
  endBy: string;
}

/** Active students (kept, sign-in not disabled) due for a renewal, fewest lessons left first, then the earliest end date. */
export async function renewalsDue(db: Executor, dialect: DialectName, filter: RenewalFilter, rule: LessonCountRule): Promise<RenewalCandidateRow[]> {
  const scope: LessonScope = filter.ownerId !== undefined ? { ownerId: filter.ownerId } : 'all';
  const { rows } = await sql<RenewalCandidateRow>`select s.user_id as user_id, s.student_first_name as student_first_name, s.student_last_name as student_last_name,
      s.teacher_id as teacher_id, o.display_name as owner_name, o.country as country, s.program as program, s.number_of_lessons as number_of_lessons,
      coalesce(u.used, 0) as used, s.lessons_end_date as lessons_end_date, s.parent_name as parent_name, s.parent_email as parent_email, s.phone as phone
    from students s
    join users su on su.id = s.user_id
    join users o on o.id = s.teacher_id
    left join (${usedLessonsSql(dialect, scope, rule)}) u on u.student_id = s.user_id
    where s.erased_at is null and su.sign_in_disabled_at is null ${scopeFilter(scope)}
      ${filter.country !== undefined ? sql`and o.country = ${filter.country}` : sql``}
      and (s.number_of_lessons - coalesce(u.used, 0) <= ${filter.lessonsLeft} or s.lessons_end_date <= ${filter.endBy})
    order by s.number_of_lessons - coalesce(u.used, 0), s.lessons_end_date, s.user_id`.execute(db);
  return rows.map((r) => ({ ...r, user_id: Number(r.user_id), teacher_id: Number(r.teacher_id), number_of_lessons: Number(r.number_of_lessons), used: Number(r.used) }));
}

export interface MonthlyFigures {
  active_students: number;
  meetings_held: number;
  marks_attended: number;
  marks_given: number;
  renewals_due: number;
  renewals_made: number;
}

export interface MonthWindow {
  /** YYYY-MM-DD, the first and last days. */
  firstDay: string;
  lastDay: string;
  /** ISO 8601 UTC of the first instant of the month and of the next (the audit log's clock). */
  fromUtc: string;
  toUtc: string;
  /** ISO 8601 UTC bounds wide enough for every place's clock (the index on starts_at_utc narrows the meetings first). */
  searchFromUtc: string;
  searchToUtc: string;
}

/** The month's figures by franchise owner id (owners with none of them absent), in one query of grouped parts. */
export async function monthlyFigures(db: Executor, dialect: DialectName, month: MonthWindow, renewals: RenewalFilter, rule: LessonCountRule): Promise<Map<number, MonthlyFigures>> {
  const endLocal = meetingEndLocal(dialect);
  const endUtc = meetingEndUtc(dialect);
  // Wall-clock bounds (T24:00 sorts after every time of the last day and before the next day).
  const monthStart = `${month.firstDay}T00:00`;
  const monthEnd = `${month.lastDay}T24:00`;
  const { rows } = await sql<MonthlyFigures & { owner_id: number }>`
    with parts as (
      select s.teacher_id as owner_id, 1 as active_students, 0 as meetings_held, 0 as marks_attended, 0 as marks_given, 0 as renewals_due, 0 as renewals_made
      from students s join users su on su.id = s.user_id
      where s.lessons_start_date <= ${month.lastDay} and s.lessons_end_date >= ${month.firstDay}
        and (su.sign_in_disabled_at is null or su.sign_in_disabled_at >= ${month.fromUtc})
        and (s.erased_at is null or s.erased_at >= ${month.fromUtc})
      union all
      select h.owner_id, 0, 1, coalesce(sum(case when a.mark in ('present', 'late') then 1 else 0 end), 0), count(a.meeting_id), 0, 0
      from (
        select m.id as id, c.owner_id as owner_id from class_meetings m join classes c on c.id = m.class_id
        where m.status = 'scheduled' and m.starts_at_utc >= ${month.searchFromUtc} and m.starts_at_utc < ${month.searchToUtc}
          and m.starts_at >= ${previousDay(month.firstDay)} and m.starts_at < ${monthEnd}
          and ${endLocal} >= ${monthStart} and ${endLocal} < ${monthEnd} and ${endUtc} <= ${rule.nowUtc}
      ) h left join meeting_attendance a on a.meeting_id = h.id
      group by h.id, h.owner_id
      union all
      select s.teacher_id, 0, 0, 0, 0, 1, 0 from students s join users su on su.id = s.user_id
      left join (${usedLessonsSql(dialect, 'all', rule)}) u on u.student_id = s.user_id
      where s.erased_at is null and su.sign_in_disabled_at is null
        and (s.number_of_lessons - coalesce(u.used, 0) <= ${renewals.lessonsLeft} or s.lessons_end_date <= ${renewals.endBy})
      union all
      select owner_id, 0, 0, 0, 0, 0, 1 from audit_log where action = 'student.renew' and at >= ${month.fromUtc} and at < ${month.toUtc} and owner_id is not null
    )
    select owner_id, sum(active_students) as active_students, sum(meetings_held) as meetings_held, sum(marks_attended) as marks_attended,
      sum(marks_given) as marks_given, sum(renewals_due) as renewals_due, sum(renewals_made) as renewals_made
    from parts group by owner_id`.execute(db);
  return new Map(
    rows.map((r) => [
      Number(r.owner_id),
      {
        active_students: Number(r.active_students),
        meetings_held: Number(r.meetings_held),
        marks_attended: Number(r.marks_attended),
        marks_given: Number(r.marks_given),
        renewals_due: Number(r.renewals_due),
        renewals_made: Number(r.renewals_made),
      },
    ]),
  );
}

/** Every franchise owner, by name: the monthly report's rows. */
export function franchiseOwners(db: Executor): Promise<{ id: number; display_name: string; country: string }[]> {
  return db.selectFrom('users').select(['id', 'display_name', 'country']).where('role', '=', 'franchise_owner').orderBy('display_name').orderBy('id').execute();
}

/**
 * Which accounts have sign-in disabled, in short (how many, the latest): ending a student whose
 * dates stay as they were writes no students row, so a cache keyed on the students version alone would miss it.
 */
export async function endedAccountsMark(db: Executor): Promise<string> {
  const row = await db
    .selectFrom('users')
    .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.max('sign_in_disabled_at').as('last')])
    .where('sign_in_disabled_at', 'is not', null)
    .executeTakeFirst();
  return `${Number(row?.n ?? 0)}:${row?.last ?? ''}`;
}

/** The day before a YYYY-MM-DD, as YYYY-MM-DDT00:00 (a meeting begun then may end in the month). */
function previousDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return `${d.toISOString().slice(0, 10)}T00:00`;
}

/** The lessons change version: bumped with every write to meetings, marks, class memberships and portal settings. */
export function lessonsVersion(db: Executor): Promise<number> {
  return readChangeVersion(db, 'lessons');
}
