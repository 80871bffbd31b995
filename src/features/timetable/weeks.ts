/**
 * Weeks and days as calendar dates (YYYY-MM-DD), counted in UTC so the browser's own zone and its
 * summer time never shift a day; and a meeting's wall-clock time written in the user's language.
 */
import { PSEUDO_LANGUAGE } from '../../shared/i18n/i18n';

const DAY = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const toDate = (day: string) => new Date(`${day}T00:00:00Z`);
const toDay = (date: Date) => date.toISOString().slice(0, 10);

export const isDay = (value: string | null): value is string => value !== null && DATE.test(value) && !Number.isNaN(toDate(value).getTime()) && toDay(toDate(value)) === value;

export const addDays = (day: string, days: number): string => toDay(new Date(toDate(day).getTime() + days * DAY));

/** The Monday of the week a day is in. */
export function mondayOf(day: string): string {
  const weekday = (toDate(day).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

/** Today on the device's own calendar. */
export function localToday(now: Date = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

export const weekDays = (monday: string): string[] => Array.from({ length: 7 }, (_, index) => addDays(monday, index));

const intlLocale = (language: string) => (language === PSEUDO_LANGUAGE ? 'en' : language);

/** A wall-clock time (YYYY-MM-DDTHH:MM) as a Date read in UTC, so writing it in UTC gives it back as it is. */
function wallClock(at: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(at);
  if (!match) return null;
  const [, year, month, day, hours, minutes] = match.map(Number) as [number, number, number, number, number, number];
  return new Date(Date.UTC(year, month - 1, day, hours, minutes));
}

export function timeText(at: string, language: string): string {
  const date = wallClock(at);
  if (!date) return at;
  return new Intl.DateTimeFormat(intlLocale(language), { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' }).format(date);
}

/** "Monday, November 23" in the user's language. */
export function dayText(day: string, language: string): string {
  return new Intl.DateTimeFormat(intlLocale(language), { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(toDate(day));
}

/** "Mon, Nov 23, 2026, 16:00" in the user's language. */
export function dateTimeText(at: string, language: string): string {
  const date = wallClock(at);
  if (!date) return at;
  return new Intl.DateTimeFormat(intlLocale(language), { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' }).format(date);
}

/** "Nov 23 – 29, 2026" in the user's language. */
export function weekText(monday: string, language: string): string {
  return new Intl.DateTimeFormat(intlLocale(language), { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).formatRange(toDate(monday), toDate(addDays(monday, 6)));
}
