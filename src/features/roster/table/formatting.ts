import type { CellValue, ColumnKind } from '../../../shared/export/exportSheet';
import { formatCalendarDate } from '../../../shared/i18n/calendarDates';
import { currentFormatters, type Formatters } from '../../../shared/i18n/formatting';

/** A cell as the table shows it, dates and numbers written for the shown language. */
export function displayCell(value: CellValue, kind: ColumnKind, empty = '', formatters: Formatters = currentFormatters()): string {
  if (value === '') return empty;
  if (kind === 'date') return formatCalendarDate(String(value), formatters);
  if (kind === 'number' && typeof value === 'number') return formatters.number(value);
  return String(value);
}
