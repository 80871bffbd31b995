/**
 * The renewal form's first values, its checks before sending, and the server's refusals on their
 * fields. Pure: dates are YYYY-MM-DD calendar days, `today` the browser's (the server checks its own).
 */
import { addDays, differenceInCalendarDays, format, isValid, parse } from 'date-fns';
import { LESSON_LIMITS, type RenewalInput, type StudentLessons } from '../../../../contract/lessons';
import type { ApiError } from '../../../api/types';

// Not the i18n module's date helpers: this file stays free of the catalogues, so the contract tests read refusals with it.
const fromIsoDate = (value: string): Date | null => {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? parse(value, 'yyyy-MM-dd', new Date()) : null;
  return date && isValid(date) ? date : null;
};
const toIsoDate = (date: Date): string => format(date, 'yyyy-MM-dd');

export const DEFAULT_ADDED_LESSONS = 10;
/** A package whose dates cannot be read is taken to last this long. */
const FALLBACK_PACKAGE_DAYS = 90;

export interface RenewalValues {
  addLessons: string;
  endDate: string;
}

export type RenewalField = keyof RenewalValues;
export type RenewalProblem = 'addLessons' | 'endDateMissing' | 'endDateTooEarly';

/** The earliest end date a renewal may set: the current end date, or today when that has passed. */
export const earliestEndDate = (lessons: StudentLessons, today: string): string => (lessons.endDate > today ? lessons.endDate : today);

/** +10 lessons, and the end date moved on by the package's length (from today when it has already passed). */
export function defaultRenewal(lessons: StudentLessons, today: string): RenewalValues {
  const start = fromIsoDate(lessons.startDate);
  const end = fromIsoDate(lessons.endDate);
  const length = start && end && end > start ? differenceInCalendarDays(end, start) : FALLBACK_PACKAGE_DAYS;
  const from = fromIsoDate(earliestEndDate(lessons, today)) ?? new Date();
  return { addLessons: String(DEFAULT_ADDED_LESSONS), endDate: toIsoDate(addDays(from, length)) };
}

/** What is wrong with the typed values, field by field (none: they may be sent). */
export function checkRenewal(values: RenewalValues, lessons: StudentLessons, today: string): Partial<Record<RenewalField, RenewalProblem>> {
  const problems: Partial<Record<RenewalField, RenewalProblem>> = {};
  const added = Number(values.addLessons);
  if (!/^\d+$/.test(values.addLessons.trim()) || added < 1 || added > LESSON_LIMITS.maxRenewalLessons) problems.addLessons = 'addLessons';
  if (!fromIsoDate(values.endDate)) problems.endDate = 'endDateMissing';
  else if (values.endDate < earliestEndDate(lessons, today)) problems.endDate = 'endDateTooEarly';
  return problems;
}

export const renewalInput = (values: RenewalValues): RenewalInput => ({ addLessons: Number(values.addLessons.trim()), endDate: values.endDate });

/** The server's rest_invalid_param on the fields it names; nothing for any other failure. */
export function refusedFields(error: ApiError | null): Partial<Record<RenewalField, RenewalProblem>> {
  if (!error || error.code !== 'rest_invalid_param') return {};
  const named = error.params ?? {};
  const problems: Partial<Record<RenewalField, RenewalProblem>> = {};
  if (named.addLessons !== undefined) problems.addLessons = 'addLessons';
  if (named.endDate !== undefined) problems.endDate = 'endDateTooEarly';
  return problems;
}
