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
  // Each Intl formatter is made on its first use: making one costs milliseconds (the first of a
  // language tens of them on a classroom tablet), and most pages use none or one of them.
  let numbers: Intl.NumberFormat | undefined;
  let longDates: Intl.DateTimeFormat | undefined;
  let dateTimes: Intl.DateTimeFormat | undefined;
  return {
    language: code,
    number: (value: number) => (numbers ??= new Intl.NumberFormat(intlLocale(code))).format(value),
    date: (date: Date) =>
      code === 'en' || code === PSEUDO_LANGUAGE ? formatWithPattern(date, DATE_DISPLAY_FORMAT) : (longDates ??= new Intl.DateTimeFormat(intlLocale(code), { dateStyle: 'long' })).format(date),
    dateTime: (date: Date) => (dateTimes ??= new Intl.DateTimeFormat(intlLocale(code), { dateStyle: 'medium', timeStyle: 'short' })).format(date),
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
