/**
 * When a class meets: its weekdays at its start time on the place's wall clock, in the place's time
 * zone, whatever the server's zone. Calendar days are counted on UTC dates (a day is always 24 hours
 * there), never on the server's local clock, whose daylight-saving changes would shift them.
 */
import type { Weekday } from '../../contract';

const DAY_MS = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function wallFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone's canonical name (Intl's spelling, e.g. "Europe/Madrid" for "europe/madrid"), or null when Intl knows no such zone. */
export function canonicalTimeZone(name: string): string | null {
  // Offsets such as "+02:00" are no place's zone: a class keeps its place's daylight-saving rules.
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(name)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** The wall clock of an instant in a zone, written as if it were UTC (milliseconds, whole seconds). */
function wallClock(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of wallFormatter(timeZone).formatToParts(new Date(instant))) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

/** How far the zone's clock is ahead of UTC at an instant, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const second = Math.floor(instant / 1000) * 1000;
  return wallClock(second, timeZone) - second;
}

const dayMs = (date: string): number => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
const minutesOf = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const isoOf = (ms: number): string => new Date(ms).toISOString();

export const addDays = (date: string, days: number): string => isoOf(dayMs(date) + days * DAY_MS).slice(0, 10);

/** Calendar days from one YYYY-MM-DD to another. */
export const daysBetween = (from: string, to: string): number => Math.round((dayMs(to) - dayMs(from)) / DAY_MS);

/** ISO weekday of a calendar date: 1 Monday .. 7 Sunday. */
export function isoWeekday(date: string): Weekday {
  const day = new Date(dayMs(date)).getUTCDay();
  return (day === 0 ? 7 : day) as Weekday;
}

/**
 * The instant a wall-clock time happens in a zone. A time the clock skips (spring forward) happens
 * as long after the change as it would have been (02:30 becomes 03:30); a time the clock shows twice
 * (fall back), the first time.
 */
export function zonedInstant(date: string, time: string, timeZone: string): number {
  const wall = dayMs(date) + minutesOf(time) * 60_000;
  const before = offsetAt(wall - DAY_MS, timeZone);
  const after = offsetAt(wall + DAY_MS, timeZone);
  const fits = [...new Set([before, after])].map((offset) => wall - offset).filter((instant) => wall - offsetAt(instant, timeZone) === instant);
  return fits.length > 0 ? Math.min(...fits) : wall - before;
}

/** An instant on the zone's wall clock as YYYY-MM-DDTHH:MM. */
export function wallTime(instant: number, timeZone: string): string {
  return isoOf(wallClock(instant, timeZone)).slice(0, 16);
}

export interface Schedule {
  weekdays: readonly Weekday[];
  startTime: string;
  lengthMinutes: number;
  startDate: string;
  endDate: string;
  timeZone: string;
}

export interface Meeting {
  /** The start on the place's wall clock, YYYY-MM-DDTHH:MM. */
  start: string;
  /** The start, in milliseconds since the epoch (for ordering classes in different zones). */
  at: number;
}

/**
 * The meeting under way or next to come at `now`: on one of the weekdays between the start and end
 * dates, not yet over (a meeting counts until start + length). Null when none is left.
 */
export function nextMeeting(schedule: Schedule, now: Date): Meeting | null {
  const nowMs = now.getTime();
  const today = wallTime(nowMs, schedule.timeZone).slice(0, 10);
  // From yesterday: a late meeting may still be under way after midnight.
  const yesterday = addDays(today, -1);
  let day = schedule.startDate > yesterday ? schedule.startDate : yesterday;
  // Every weekday comes round within 8 days of yesterday.
  for (let i = 0; i < 9 && day <= schedule.endDate; i += 1, day = addDays(day, 1)) {
    if (!schedule.weekdays.includes(isoWeekday(day))) continue;
    const at = zonedInstant(day, schedule.startTime, schedule.timeZone);
    if (at + schedule.lengthMinutes * 60_000 > nowMs) return { start: wallTime(at, schedule.timeZone), at };
  }
  return null;
}
