/**
 * Sorting for the roster tables: locale-aware and case-insensitive for text (Intl.Collator),
 * chronological for YYYY-MM-DD dates, numeric for numbers. Missing values go last in both
 * directions, and ties keep the store's order (a stable sort on precomputed keys), so the rows
 * never jump around when a column with equal values is toggled.
 */
import type { CellValue, ColumnKind, RosterColumn } from './rosterColumns';

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

function compareValues(a: CellValue, b: CellValue, kind: ColumnKind): number {
  if (kind === 'number') return (a as number) - (b as number);
  // ISO calendar dates (YYYY-MM-DD) sort chronologically as plain strings.
  if (kind === 'date') return a < b ? -1 : a > b ? 1 : 0;
  return collator.compare(a as string, b as string);
}

/** Returns a new array; the input (store data) is never mutated. */
export function sortRows<Row>(rows: readonly Row[], column: RosterColumn<Row>, direction: SortDirection): Row[] {
  const sign = direction === 'asc' ? 1 : -1;
  const { kind } = column;
  const keys = rows.map((row) => column.value(row));
  const order = rows.map((_row, index) => index);
  order.sort((i, j) => {
    const a = keys[i]!;
    const b = keys[j]!;
    const aMissing = isMissing(a, kind);
    const bMissing = isMissing(b, kind);
    if (aMissing || bMissing) return aMissing === bMissing ? i - j : aMissing ? 1 : -1;
    return sign * compareValues(a, b, kind) || i - j;
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
