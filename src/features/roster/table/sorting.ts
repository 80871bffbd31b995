/**
 * Sorting for the roster tables: locale-aware and case-insensitive for text (Intl.Collator),
 * chronological for YYYY-MM-DD dates, numeric for numbers. Missing values go last in both
 * directions, and ties keep the store's order (a stable sort on precomputed keys), so the rows
 * never jump around when a column with equal values is toggled.
 */
import type { CellValue, ColumnKind } from '../../../shared/export/exportSheet';
import type { RosterColumn } from './rosterColumns';

export type SortDirection = 'asc' | 'desc';

export interface SortState {
  columnId: string;
  direction: SortDirection;
}

/** Case-insensitive (accents still count), numbers inside text in numeric order ('Robotics 2' < 'Robotics 10'). */
const collator = new Intl.Collator(undefined, { sensitivity: 'accent', numeric: true, usage: 'sort' });

export const compareText = (a: string, b: string): number => collator.compare(a, b);

const isMissing = (value: CellValue, kind: ColumnKind): boolean =>
  kind === 'number' ? typeof value !== 'number' || Number.isNaN(value) : String(value).trim() === '';

/**
 * Each row's place in the column's order as a number (equal values share one), so the sort itself
 * compares numbers. Text is collated once per distinct value instead of once per comparison: with
 * 50,000 students most names repeat, and the collator is the costly part.
 */
function ranksOf(keys: readonly CellValue[], missing: readonly boolean[], kind: ColumnKind): number[] {
  if (kind === 'number') return keys.map((key, i) => (missing[i] ? 0 : (key as number)));
  const distinct = [...new Set(keys.filter((_key, i) => !missing[i]).map(String))];
  // ISO calendar dates (YYYY-MM-DD) sort chronologically as plain strings.
  distinct.sort(kind === 'date' ? (a, b) => (a < b ? -1 : a > b ? 1 : 0) : collator.compare);
  const rank = new Map<string, number>();
  let current = 0;
  distinct.forEach((value, index) => {
    // Values the collator calls equal ('noa', 'Noa') share a rank: ties keep the store's order.
    if (index > 0 && (kind === 'date' || collator.compare(distinct[index - 1]!, value) !== 0)) current += 1;
    rank.set(value, current);
  });
  return keys.map((key, i) => (missing[i] ? 0 : rank.get(String(key))!));
}

/** Returns a new array; the input (store data) is never mutated. */
export function sortRows<Row>(rows: readonly Row[], column: RosterColumn<Row>, direction: SortDirection): Row[] {
  const sign = direction === 'asc' ? 1 : -1;
  const { kind } = column;
  const keys = rows.map((row) => column.value(row));
  const missing = keys.map((key) => isMissing(key, kind));
  const ranks = ranksOf(keys, missing, kind);
  const order = rows.map((_row, index) => index);
  order.sort((i, j) => {
    if (missing[i] || missing[j]) return missing[i] === missing[j] ? i - j : missing[i] ? 1 : -1;
    return sign * (ranks[i]! - ranks[j]!) || i - j;
  });
  return order.map((index) => rows[index]!);
}

/** Sorts by the active column when it is one of the table's sortable columns; otherwise store order. */
export function applySort<Row>(rows: readonly Row[], columns: readonly RosterColumn<Row>[], sort: SortState | null): readonly Row[] {
  if (!sort) return rows;
  const column = columns.find((candidate) => candidate.id === sort.columnId && candidate.sortable);
  return column ? sortRows(rows, column, sort.direction) : rows;
}

/** First click on a column: ascending; the same column again: the other direction. */
export function nextSort(current: SortState | null, columnId: string): SortState {
  if (current && current.columnId === columnId) {
    return { columnId, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  }
  return { columnId, direction: 'asc' };
}
