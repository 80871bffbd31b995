/** Dates as a parent reads them: a meeting on the place's own clock, in the language on screen. */
import { PSEUDO_LANGUAGE } from '../../shared/i18n/i18n';

const intlLocale = (code: string) => (code === PSEUDO_LANGUAGE ? 'en' : code);

/**
 * A meeting's wall clock (YYYY-MM-DDTHH:MM in the place's zone) as the place's clock shows it,
 * whatever the zone of the parent's device: the numbers are formatted as they are, never converted.
 */
export function meetingWhen(startsAt: string, language: string): string {
  const [date = '', time = '00:00'] = startsAt.split('T');
  const [year, month, day] = date.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  const wall = new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1, hour ?? 0, minute ?? 0));
  return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'full', timeStyle: 'short', timeZone: 'UTC' }).format(wall);
}

/** An IANA zone as a place's name: Asia/Jerusalem → Jerusalem. */
export const zonePlace = (timeZone: string) => (timeZone.split('/').pop() ?? timeZone).replace(/_/g, ' ');

/** A calendar date (YYYY-MM-DD) or an instant (ISO 8601) as a date. */
export const dayOf = (value: string): Date => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00`) : new Date(value));
