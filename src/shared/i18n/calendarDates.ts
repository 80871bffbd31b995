/**
 * Calendar dates (a student's lesson dates, an end or re-activation day): YYYY-MM-DD on the wire and
 * in the forms, the shown language's long date on screen.
 */
import { format } from 'date-fns';
import { currentFormatters, type Formatters } from './formatting';

/**
 * YYYY-MM-DD as the shown language writes a date ('MMMM dd, yyyy' in English). Parsed as a calendar
 * date in local time (never `new Date(iso)`, which reads it as UTC midnight and shows the day before
 * west of Greenwich).
 */
export function formatCalendarDate(value: string, formatters: Formatters = currentFormatters()): string {
  const date = fromIsoDate(value);
  return date ? formatters.date(date) : value;
}

/** A Date from the picker as YYYY-MM-DD (local calendar day). */
export const toIsoDate = (date: Date): string => format(date, 'yyyy-MM-dd');

/** YYYY-MM-DD as a local Date for the picker, or null. */
export function fromIsoDate(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  // Reject days that do not exist (2025-02-30 would roll over to March).
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day ? date : null;
}
