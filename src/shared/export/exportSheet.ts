/**
 * What an export is made of, as plain data, and the worker's reply. No library here: the page,
 * the export (xlsxExport.ts), the workbook writer (xlsxWorkbook.ts), the worker and its client all
 * import this module, and it imports none of them, so the export code has no import cycle.
 */

/** How a column's cells are written: text, a number, or a date (YYYY-MM-DD, written as an Excel date). */
export type ColumnKind = 'text' | 'number' | 'date';
/** A cell's raw value: text, a number, or a date as YYYY-MM-DD ('' when missing). */
export type CellValue = string | number;

export interface ExportColumn<Row> {
  header: string;
  kind: ColumnKind;
  value: (row: Row) => CellValue;
  empty?: (row: Row) => string;
}

/** The value as the table shows it: an empty one as the column's word for it ('Never'). */
export function shownValue<Row>(column: ExportColumn<Row>, row: Row): CellValue {
  const value = column.value(row);
  return value === '' && column.empty ? column.empty(row) : value;
}

/**
 * The header row and the cell values row by row. This is what the export worker receives
 * (functions cannot cross postMessage).
 */
export interface SheetData {
  headers: string[];
  kinds: ColumnKind[];
  cells: CellValue[][];
  sheetName: string;
}

export function sheetData<Row>(rows: readonly Row[], columns: readonly ExportColumn<Row>[], sheetName: string): SheetData {
  return {
    headers: columns.map((column) => column.header),
    kinds: columns.map((column) => column.kind),
    cells: rows.map((row) => columns.map((column) => shownValue(column, row))),
    sheetName,
  };
}

export type ExportWorkerReply = { ok: true; bytes: ArrayBuffer } | { ok: false; message: string };
