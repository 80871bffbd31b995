/** How a class's schedule and next meeting read in the user's language. */
import type { Weekday } from '../../../contract/classes';
import { PSEUDO_LANGUAGE } from '../../shared/i18n/i18n';
import type { classesMessages } from './classes.messages';
import { WEEKDAY_KEYS } from './classForm';

type Texts = ReturnType<typeof classesMessages.get>;

export const weekdayName = (t: Texts, day: Weekday): string => t[WEEKDAY_KEYS[day]];
export const weekdayShort = (t: Texts, day: Weekday): string => t[`${WEEKDAY_KEYS[day]}Short`];

export function scheduleText(t: Texts, record: { weekdays: Weekday[]; startTime: string; lengthMinutes: number }): string {
  return t.schedule({ days: record.weekdays.map((day) => weekdayShort(t, day)).join(', '), time: record.startTime, minutes: record.lengthMinutes });
}

/**
 * The next meeting (the place's wall clock, YYYY-MM-DDTHH:MM) as the language writes a day and a
 * time: read as UTC and written in UTC, so the browser's own zone never shifts it.
 */
export function nextMeetingText(next: string, language: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(next);
  if (!match) return next;
  const [, year, month, day, hours, minutes] = match.map(Number) as [number, number, number, number, number, number];
  const at = new Date(Date.UTC(year, month - 1, day, hours, minutes));
  const locale = language === PSEUDO_LANGUAGE ? 'en' : language;
  return new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' }).format(at);
}
