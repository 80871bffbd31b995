/**
 * Which period a family's summary mail tells about. Monthly: the previous calendar month, sent from
 * the 1st; weekly (where the owner turned it on): the previous Monday-to-Sunday week, sent from
 * Monday. A mail not sent at the start (every instance was down) still goes within a few days, and
 * after that the period is let go: a mail about a month long past tells a parent nothing.
 *
 * The clock is UTC's calendar. An owner has no single place: each class has its own zone, and one
 * family's children may meet in classes in different zones; the office's monthly report already
 * counts months in UTC, so the mail and the report agree on what "November" holds; and every
 * instance finds the same period whatever its own zone. The franchises' places (Israel, Spain,
 * Singapore) are zero to eight hours ahead of UTC: a period's edge falls at night or early morning
 * there, when no class meets, and the mail arrives on the 1st (or Monday) of the place's calendar.
 */
import type { SummaryFrequency } from '../../contract';
import type { SummaryPeriodDates } from '../mail/familySummary';

const DAY_MS = 86_400_000;

/** How many days into the next period a late summary still goes. */
export const SUMMARY_CATCH_UP_DAYS: Readonly<Record<SummaryFrequency, number>> = { monthly: 7, weekly: 2 };

export interface SummaryPeriod extends SummaryPeriodDates {
  /** Names the period in a family's claim (family_settings.last_summary_period): "2026-11", or the ISO week "2026-W48". */
  key: string;
  /** The instants the period holds, [fromUtc, toUtc), ISO 8601 UTC. */
  fromUtc: string;
  toUtc: string;
}

const dateOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** ISO 8601 week of a Monday: the week belongs to the year of its Thursday. */
function isoWeekKey(mondayMs: number): string {
  const thursday = new Date(mondayMs + 3 * DAY_MS);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * DAY_MS)) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

function period(kind: SummaryPeriodDates['kind'], fromMs: number, toMs: number): SummaryPeriod {
  const start = dateOf(fromMs);
  const end = dateOf(toMs - DAY_MS);
  const key = kind === 'month' ? start.slice(0, 7) : isoWeekKey(fromMs);
  return { kind, start, end, key, fromUtc: new Date(fromMs).toISOString(), toUtc: new Date(toMs).toISOString() };
}

/** The period a summary of this frequency tells about at `now`, or null when none is due (past the catch-up days). */
export function summaryPeriodDue(frequency: SummaryFrequency, now: Date): SummaryPeriod | null {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  if (frequency === 'monthly') {
    if (now.getUTCDate() > SUMMARY_CATCH_UP_DAYS.monthly) return null;
    const thisMonth = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
    return period('month', Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1), thisMonth);
  }
  // Days since Monday: getUTCDay() is 0 on Sunday.
  const sinceMonday = (now.getUTCDay() + 6) % 7;
  if (sinceMonday >= SUMMARY_CATCH_UP_DAYS.weekly) return null;
  const thisMonday = today - sinceMonday * DAY_MS;
  return period('week', thisMonday - 7 * DAY_MS, thisMonday);
}
