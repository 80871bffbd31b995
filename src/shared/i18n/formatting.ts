import { useAtom } from './useAtom';
import { format as formatWithPattern } from 'date-fns';
import { DATE_DISPLAY_FORMAT } from '../constants';
import { locale, PSEUDO_LANGUAGE } from './i18n';

/** The Intl locale of a portal language (the QA language formats as English). */
const intlLocale = (code: string) => (code === PSEUDO_LANGUAGE ? 'en' : code);

/**
 * Dates and numbers in the shown language: a calendar date is the spec's 'MMMM dd, yyyy' in English
 * and the language's long date elsewhere (24 בנובמבר 2026, 24 de noviembre de 2026).
 */
export function formattersFor(code: string) {
  const numbers = new Intl.NumberFormat(intlLocale(code));
  const longDates = new Intl.DateTimeFormat(intlLocale(code), { dateStyle: 'long' });
  const dateTimes = new Intl.DateTimeFormat(intlLocale(code), { dateStyle: 'medium', timeStyle: 'short' });
  return {
    language: code,
    number: (value: number) => numbers.format(value),
    date: (date: Date) => (code === 'en' || code === PSEUDO_LANGUAGE ? formatWithPattern(date, DATE_DISPLAY_FORMAT) : longDates.format(date)),
    dateTime: (date: Date) => dateTimes.format(date),
  };
}

export type Formatters = ReturnType<typeof formattersFor>;

const cached = new Map<string, Formatters>();
/** The formatters of the shown language, outside React (sagas, exports). */
export function currentFormatters(): Formatters {
  const code = locale.get();
  let formatters = cached.get(code);
  if (!formatters) {
    formatters = formattersFor(code);
    cached.set(code, formatters);
  }
  return formatters;
}

/** The formatters of the shown language; the component renders again when it changes. */
export function useFormatters(): Formatters {
  useAtom(locale);
  return currentFormatters();
}
