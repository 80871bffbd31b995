/**
 * Filtering the roster rows by a view: the search is accent- and case-insensitive ("jose" finds
 * "José"), every word of it must appear somewhere in the row; the filters must all hold. Each row's
 * search text is normalized once and kept (per row object), so a keystroke only runs `includes`.
 */
import type { Student } from '../../../api/types';
import type { AllStudentsRow, OwnerRow } from './rosterColumns';
import type { ShownQuery } from './rosterView';

/** Decomposed (NFD), combining marks removed, lower case: 'Zoë Åberg' → 'zoe aberg'. */
export const normalizeText = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

const searchTerms = (q: string): string[] => normalizeText(q).split(/\s+/).filter(Boolean);

const digitsOnly = (phone: string) => phone.replace(/\D/g, '');

const studentSearchFields = (s: Student): string[] => [s.firstName, s.lastName, s.parentName, s.parentEmail, s.phone, digitsOnly(s.phone)];
const ownerSearchFields = (u: OwnerRow): string[] => [u.firstName, u.lastName, u.email, u.country, u.state];

/** Rows are store data (never changed in place), so a row object's search text never goes stale. */
function searchTextCache<Row extends object>(fields: (row: Row) => string[]): (row: Row) => string {
  const cache = new WeakMap<Row, string>();
  return (row) => {
    let text = cache.get(row);
    if (text === undefined) {
      text = normalizeText(fields(row).join('\n'));
      cache.set(row, text);
    }
    return text;
  };
}

export const studentSearchText = searchTextCache<Student>(studentSearchFields);
export const ownerSearchText = searchTextCache<OwnerRow>(ownerSearchFields);

/** Ended: the lessons' end date is before today (both local calendar dates, YYYY-MM-DD). */
export const hasEnded = (student: Pick<Student, 'endDate'>, today: string): boolean => student.endDate !== '' && student.endDate < today;

function studentMatches(student: Student, query: ShownQuery): boolean {
  if (query.program && student.program !== query.program) return false;
  if (query.status === 'ended' && !hasEnded(student, query.today)) return false;
  if (query.status === 'active' && hasEnded(student, query.today)) return false;
  if (query.from && !(student.startDate && student.startDate >= query.from)) return false;
  if (query.to && !(student.startDate && student.startDate <= query.to)) return false;
  return true;
}

function bySearch<Row>(rows: readonly Row[], q: string, textOf: (row: Row) => string, keep: (row: Row) => boolean): readonly Row[] {
  const terms = searchTerms(q);
  return rows.filter((row) => {
    if (!keep(row)) return false;
    if (terms.length === 0) return true;
    const text = textOf(row);
    return terms.every((term) => text.includes(term));
  });
}

const nothingSet = (query: ShownQuery) =>
  query.q.trim() === '' && !query.program && query.owner === null && !query.country && !query.status && !query.from && !query.to;

export function filterStudents(rows: readonly Student[], query: ShownQuery): readonly Student[] {
  if (nothingSet(query)) return rows;
  return bySearch(rows, query.q, studentSearchText, (row) => studentMatches(row, query));
}

export function filterAllStudents(rows: readonly AllStudentsRow[], query: ShownQuery): readonly AllStudentsRow[] {
  if (nothingSet(query)) return rows;
  return bySearch(rows, query.q, studentSearchText, (row) => {
    if (query.owner !== null && row.teacherId !== query.owner) return false;
    if (query.country && row.ownerCountry !== query.country) return false;
    return studentMatches(row, query);
  });
}

export function filterOwners(rows: readonly OwnerRow[], query: ShownQuery): readonly OwnerRow[] {
  if (nothingSet(query)) return rows;
  return bySearch(rows, query.q, ownerSearchText, (row) => !query.country || row.country === query.country);
}

/** Distinct non-empty values, in a friendly order: the choices of a filter's list. */
export function distinctValues<Row>(rows: readonly Row[], value: (row: Row) => string): string[] {
  const seen = new Set<string>();
  for (const row of rows) {
    const v = value(row).trim();
    if (v) seen.add(v);
  }
  return [...seen].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'accent', numeric: true }));
}
