/**
 * Renewals due (an owner's, or the office's filtered by owner and country) and the office's monthly
 * report per owner: each one query over every student, the lessons used counted in it (db/queries/lessons.ts).
 */
import { CLASS_LIMITS, type MonthlyReport, type MonthlyReportRow, type RenewalDue } from '../../contract';
import * as q from '../db/queries';
import { invalidParams, notAllowed } from '../errors';
import { isAdmin, isOwner, type Actor, type DomainContext } from './context';
import { countRule, readLessonSettings } from './lessons';

const DAY_MS = 86_400_000;

/** A place's clock is at most 14 hours from UTC: meetings of a month are searched within these bounds. */
const ZONE_MARGIN_MS = 2 * DAY_MS;

export interface RenewalsQuery {
  ownerId?: number;
  country?: string;
}

function renewalFilter(settings: { renewalLessonsLeft: number; renewalDaysBeforeEnd: number }, now: Date, query: RenewalsQuery = {}): q.RenewalFilter {
  const endBy = new Date(now.getTime() + settings.renewalDaysBeforeEnd * DAY_MS).toISOString().slice(0, 10);
  return { ...query, lessonsLeft: settings.renewalLessonsLeft, endBy };
}

export async function listRenewalsDue(ctx: DomainContext, actor: Actor, query: RenewalsQuery): Promise<RenewalDue[]> {
  let scoped: RenewalsQuery;
  if (isAdmin(actor)) scoped = query;
  else if (isOwner(actor)) {
    if (query.ownerId !== undefined && query.ownerId !== actor.id) throw notAllowed(true);
    // An owner's list is her own students, whatever country is named.
    scoped = { ownerId: actor.id };
  } else throw notAllowed(true);
  const db = ctx.db.kysely;
  const now = ctx.clock();
  const settings = await readLessonSettings(db);
  const filter = renewalFilter(settings, now, scoped);
  const rows = await q.renewalsDue(db, ctx.db.dialect, filter, countRule(settings, now));
  return rows.map((r) => {
    const left = r.number_of_lessons - r.used;
    const reasons: RenewalDue['reasons'] = [];
    if (left <= filter.lessonsLeft) reasons.push('lessons');
    if (r.lessons_end_date <= filter.endBy) reasons.push('endDate');
    return {
      studentId: r.user_id,
      firstName: r.student_first_name,
      lastName: r.student_last_name,
      ownerId: r.teacher_id,
      ownerName: r.owner_name,
      country: r.country,
      program: r.program,
      total: r.number_of_lessons,
      used: r.used,
      left,
      endDate: r.lessons_end_date,
      reasons,
      parentName: r.parent_name,
      parentEmail: r.parent_email,
      phone: r.phone,
    };
  });
}

/** YYYY-MM as the month's bounds; 400 naming `month` when it is no month. */
export function monthWindow(month: string): q.MonthWindow {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  const year = match ? Number(match[1]) : NaN;
  const index = match ? Number(match[2]) - 1 : NaN;
  if (!match || index < 0 || index > 11 || year < 2000 || year > 2100) throw invalidParams({ month: 'Must be a month as YYYY-MM.' });
  const from = Date.UTC(year, index, 1);
  const to = Date.UTC(year, index + 1, 1);
  return {
    firstDay: new Date(from).toISOString().slice(0, 10),
    lastDay: new Date(to - DAY_MS).toISOString().slice(0, 10),
    fromUtc: new Date(from).toISOString(),
    toUtc: new Date(to).toISOString(),
    searchFromUtc: new Date(from - ZONE_MARGIN_MS).toISOString(),
    searchToUtc: new Date(to + ZONE_MARGIN_MS).toISOString(),
  };
}

function rate(attended: number, given: number): number | null {
  return given === 0 ? null : attended / given;
}

/**
 * The figures of a month are one aggregate query over every student, meeting and mark (about half
 * a second for 20,000 students on SQLite), so they are kept per database and month, keyed by what
 * they depend on: the students and lessons change versions (bumped by triggers in the transaction
 * of every write, whichever instance makes it; a renewal writes the students row), the accounts
 * ended, today (renewals due) and the latest meeting to have ended (meetings held). Any write or a
 * meeting ending makes the next request compute them again; concurrent requests share one
 * computation. Owners' names and countries are read fresh each time.
 */
const MAX_CACHED_MONTHS = 8;
const figureCaches = new WeakMap<object, Map<string, { key: string; figures: Promise<Map<number, q.MonthlyFigures>> }>>();

async function figuresKey(ctx: DomainContext, now: Date): Promise<string> {
  const db = ctx.db.kysely;
  const [students, lessons, ended, lastEnd] = await Promise.all([
    q.studentsVersion(db),
    q.lessonsVersion(db),
    q.endedAccountsMark(db),
    q.latestMeetingEnd(db, ctx.db.dialect, now.toISOString(), CLASS_LIMITS.maxLengthMinutes),
  ]);
  return `${students}|${lessons}|${ended}|${now.toISOString().slice(0, 10)}|${lastEnd ?? ''}`;
}

async function cachedFigures(ctx: DomainContext, month: string, compute: () => Promise<Map<number, q.MonthlyFigures>>): Promise<Map<number, q.MonthlyFigures>> {
  let cache = figureCaches.get(ctx.db);
  if (!cache) {
    cache = new Map();
    figureCaches.set(ctx.db, cache);
  }
  const key = await figuresKey(ctx, ctx.clock());
  const hit = cache.get(month);
  cache.delete(month);
  if (hit && hit.key === key) {
    cache.set(month, hit);
    return hit.figures;
  }
  const entry = { key, figures: compute() };
  cache.set(month, entry);
  while (cache.size > MAX_CACHED_MONTHS) cache.delete(cache.keys().next().value!);
  const kept = cache;
  entry.figures.catch(() => {
    if (kept.get(month) === entry) kept.delete(month);
  });
  return entry.figures;
}

const NO_FIGURES: q.MonthlyFigures = { active_students: 0, meetings_held: 0, marks_attended: 0, marks_given: 0, renewals_due: 0, renewals_made: 0 };

/** Administrators: one row per franchise owner and the totals. */
export async function monthlyReport(ctx: DomainContext, actor: Actor, month: string): Promise<MonthlyReport> {
  if (!isAdmin(actor)) throw notAllowed(true);
  const window = monthWindow(month);
  const db = ctx.db.kysely;
  // The key is read before the figures: figures at least as new as the key they are kept under.
  const byOwner = await cachedFigures(ctx, month, async () => {
    const now = ctx.clock();
    const settings = await readLessonSettings(db);
    return q.monthlyFigures(db, ctx.db.dialect, window, renewalFilter(settings, now), countRule(settings, now));
  });
  const owners = await q.franchiseOwners(db);
  const figures = owners.map((o) => byOwner.get(o.id) ?? NO_FIGURES);
  const rows: MonthlyReportRow[] = owners.map((o, n) => {
    const f = figures[n]!;
    return {
      ownerId: o.id,
      ownerName: o.display_name,
      country: o.country,
      activeStudents: f.active_students,
      meetingsHeld: f.meetings_held,
      attendanceRate: rate(f.marks_attended, f.marks_given),
      renewalsDue: f.renewals_due,
      renewalsMade: f.renewals_made,
    };
  });
  const sum = (pick: (f: q.MonthlyFigures) => number) => figures.reduce((total, f) => total + pick(f), 0);
  return {
    month,
    rows,
    totals: {
      activeStudents: sum((f) => f.active_students),
      meetingsHeld: sum((f) => f.meetings_held),
      attendanceRate: rate(sum((f) => f.marks_attended), sum((f) => f.marks_given)),
      renewalsDue: sum((f) => f.renewals_due),
      renewalsMade: sum((f) => f.renewals_made),
    },
  };
}
