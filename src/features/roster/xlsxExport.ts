/**
 * The spreadsheet writer. This module imports xlsx and file-saver, so it must only ever be loaded
 * with import() (see exportService.ts): the library stays out of every page's chunk until the user
 * clicks export. It writes; it never reads files.
 */
import { saveAs } from 'file-saver';
import { utils, write, type CellObject, type WorkBook, type WorkSheet } from 'xlsx';
import type { CellValue, ColumnKind } from './rosterColumns';

export interface ExportColumn<Row> {
  header: string;
  kind: ColumnKind;
  value: (row: Row) => CellValue;
}

/** Excel's date format matching the screens' 'MMMM dd, yyyy'. */
export const EXCEL_DATE_FORMAT = 'mmmm dd, yyyy';
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const SHEET_NAME_MAX = 31;
const SHEET_NAME_FORBIDDEN = /[[\]:*?/\\]/g;

/**
 * Excel refuses sheet names longer than 31 characters, containing any of [ ] : * ? / \, starting or
 * ending with an apostrophe, or empty. Forbidden characters become spaces, runs of spaces collapse,
 * and the name is cut at 31 characters; `adjusted` says whether anything changed.
 */
export function cleanSheetName(name: string, fallback = 'Students'): { name: string; adjusted: boolean } {
  let cleaned = name.replace(SHEET_NAME_FORBIDDEN, ' ').replace(/\s+/g, ' ').trim();
  cleaned = cleaned.replace(/^'+|'+$/g, '').trim();
  if (cleaned.length > SHEET_NAME_MAX) cleaned = cleaned.slice(0, SHEET_NAME_MAX).replace(/'+$/, '').trimEnd();
  if (cleaned === '' || cleaned.toLowerCase() === 'history') cleaned = fallback;
  return { name: cleaned, adjusted: cleaned !== name };
}

/** File names: no characters that Windows, macOS or Linux refuse, no control characters. */
export function cleanFileName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const cleaned = name.replace(/[<>:"/\\|?*\u0000-\u001f\u007f]/g, ' ').replace(/\s+/g, ' ').trim().replace(/^\.+/, '');
  return cleaned.slice(0, 180) || 'Youngengineer Online';
}

/** YYYY-MM-DD as the local midnight of that calendar day (xlsx converts dates in local time). */
function calendarDate(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day ? date : null;
}

function cellFor(value: CellValue, kind: ColumnKind): CellObject | null {
  if (kind === 'number' && typeof value === 'number' && Number.isFinite(value)) return { t: 'n', v: value };
  if (kind === 'date') {
    const date = calendarDate(String(value));
    if (date) return { t: 'd', v: date, z: EXCEL_DATE_FORMAT };
  }
  const text = String(value);
  if (text === '') return null;
  // Always a string cell ('s'), never a formula: text such as '=1+1', '+972…', '-', '@x' or a
  // leading tab is written as the shared string it is, so Excel shows it and never evaluates it.
  return { t: 's', v: text };
}

/** A workbook with one sheet: the header row, then one row per record in the given order. */
export function buildWorkbook<Row>(rows: readonly Row[], columns: readonly ExportColumn<Row>[], sheetName: string): WorkBook {
  const sheet: WorkSheet = {};
  const letters = columns.map((_column, c) => utils.encode_col(c));
  columns.forEach((column, c) => {
    sheet[`${letters[c]}1`] = { t: 's', v: column.header };
  });
  for (let index = 0; index < rows.length; index++) {
    const row = rows[index]!;
    const rowNumber = index + 2;
    for (let c = 0; c < columns.length; c++) {
      const column = columns[c]!;
      const cell = cellFor(column.value(row), column.kind);
      if (cell) sheet[`${letters[c]}${rowNumber}`] = cell;
    }
  }
  sheet['!ref'] = utils.encode_range({ s: { r: 0, c: 0 }, e: { r: rows.length, c: Math.max(columns.length - 1, 0) } });
  sheet['!cols'] = columns.map((column) => ({ wch: column.kind === 'date' ? 20 : Math.max(10, Math.min(40, column.header.length + 4)) }));
  const workbook = utils.book_new();
  utils.book_append_sheet(workbook, sheet, cleanSheetName(sheetName).name);
  return workbook;
}

export function workbookToArrayBuffer(workbook: WorkBook): ArrayBuffer {
  return write(workbook, { type: 'array', bookType: 'xlsx', compression: true }) as ArrayBuffer;
}

export interface ExportJob<Row> {
  rows: readonly Row[];
  columns: readonly ExportColumn<Row>[];
  fileName: string;
  sheetName: string;
}

export interface ExportResult {
  fileName: string;
  sheetName: string;
  sheetNameAdjusted: boolean;
}

/** Builds the workbook and hands it to the browser as '{fileName}.xlsx'. */
export function exportToFile<Row>(job: ExportJob<Row>): ExportResult {
  const sheet = cleanSheetName(job.sheetName);
  const fileName = `${cleanFileName(job.fileName)}.xlsx`;
  const workbook = buildWorkbook(job.rows, job.columns, sheet.name);
  const blob = new Blob([workbookToArrayBuffer(workbook)], { type: XLSX_MIME });
  saveAs(blob, fileName);
  return { fileName, sheetName: sheet.name, sheetNameAdjusted: sheet.adjusted };
}
