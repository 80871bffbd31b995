import type { SortState } from './renewalsSlice';

export type SortValue = string | number | null;

/** The next sort when a column's header is pressed: ascending, descending, then the server's order. */
export function nextSort(current: SortState | null, columnId: string): SortState | null {
  if (current?.columnId !== columnId) return { columnId, direction: 'asc' };
  return current.direction === 'asc' ? { columnId, direction: 'desc' } : null;
}

function collatorFor(language: string): Intl.Collator {
  try {
    return new Intl.Collator(language, { sensitivity: 'base', numeric: true });
  } catch {
    // The QA language is no Intl locale.
    return new Intl.Collator('en', { sensitivity: 'base', numeric: true });
  }
}

/** The rows in the sort's order (a copy); empty values last either way, texts as the language orders them. */
export function sortRows<Row>(rows: readonly Row[], sort: SortState | null, valueOf: (row: Row, columnId: string) => SortValue, language = 'en'): Row[] {
  if (!sort) return [...rows];
  const collator = collatorFor(language);
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = valueOf(a, sort.columnId);
    const y = valueOf(b, sort.columnId);
    if (x === null || x === '') return y === null || y === '' ? 0 : 1;
    if (y === null || y === '') return -1;
    const order = typeof x === 'number' && typeof y === 'number' ? x - y : collator.compare(String(x), String(y));
    return sign * order;
  });
}
