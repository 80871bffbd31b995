/**
 * The workbook writer: rows in, .xlsx bytes out. The export worker (exportWorker.ts) imports this
 * module and nothing that can start the worker again, so the worker's chunk never refers back to
 * the page's chunks. Like xlsxExport.ts, it is only loaded with import() or in the worker.
 */
import { utils, write, type CellObject, type WorkBook, type WorkSheet } from 'xlsx';
import { sheetData, type CellValue, type ColumnKind, type ExportColumn, type SheetData } from './exportSheet';
import { boldFrozenHeader } from './xlsxStyling';

/** Excel's date format matching the screens' 'MMMM dd, yyyy'. */
export const EXCEL_DATE_FORMAT = 'mmmm dd, yyyy';

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

const EXCEL_EPOCH_UTC = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;

/**
 * YYYY-MM-DD as Excel's serial day number (days since 1899-12-30), or null when it is not a real
 * calendar day. Written as a number cell with a date format, which is what Excel stores for a date:
 * the same file as a Date cell, without xlsx's per-cell time-zone conversion (3x faster at 50,000 rows).
 */
function excelSerialDay(value: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utc = Date.UTC(year, month - 1, day);
  const date = new Date(utc);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return (utc - EXCEL_EPOCH_UTC) / DAY_MS;
}

function cellFor(value: CellValue, kind: ColumnKind): CellObject | null {
  if (kind === 'number' && typeof value === 'number' && Number.isFinite(value)) return { t: 'n', v: value };
  if (kind === 'date') {
    const serial = excelSerialDay(String(value));
    if (serial !== null) return { t: 'n', v: serial, z: EXCEL_DATE_FORMAT };
  }
  const text = String(value);
  if (text === '') return null;
  // Always a string cell ('s'), never a formula: text such as '=1+1', '+972…', '-', '@x' or a
  // leading tab is written as the shared string it is, so Excel shows it and never evaluates it.
  return { t: 's', v: text };
}

/** 'September 30, 2026': the longest date the column's format shows. */
const DATE_TEXT_LENGTH = 18;

/** A column as wide as its longest value or its header (characters, plus a margin), 8 to 60. */
function columnWidth(header: string, kind: ColumnKind, cells: CellValue[][], c: number): number {
  let longest = header.length;
  for (const row of cells) {
    const value = row[c];
    const length = kind === 'date' && excelSerialDay(String(value)) !== null ? DATE_TEXT_LENGTH : String(value ?? '').length;
    if (length > longest) longest = length;
  }
  return Math.max(8, Math.min(60, longest + 2));
}

/** A workbook with one sheet: the header row, then one row per record in the given order. */
export function buildWorkbookFromData({ headers, kinds, cells, sheetName }: SheetData): WorkBook {
  const sheet: WorkSheet = {};
  const letters = headers.map((_header, c) => utils.encode_col(c));
  headers.forEach((header, c) => {
    sheet[`${letters[c]}1`] = { t: 's', v: header };
  });
  for (let index = 0; index < cells.length; index++) {
    const values = cells[index]!;
    const rowNumber = index + 2;
    for (let c = 0; c < headers.length; c++) {
      const cell = cellFor(values[c] ?? '', kinds[c]!);
      if (cell) sheet[`${letters[c]}${rowNumber}`] = cell;
    }
  }
  sheet['!ref'] = utils.encode_range({ s: { r: 0, c: 0 }, e: { r: cells.length, c: Math.max(headers.length - 1, 0) } });
  sheet['!cols'] = headers.map((header, c) => ({ wch: columnWidth(header, kinds[c]!, cells, c) }));
  const workbook = utils.book_new();
  utils.book_append_sheet(workbook, sheet, cleanSheetName(sheetName).name);
  return workbook;
}

/** A workbook with one sheet: the header row, then one row per record in the given order. */
export function buildWorkbook<Row>(rows: readonly Row[], columns: readonly ExportColumn<Row>[], sheetName: string): WorkBook {
  return buildWorkbookFromData(sheetData(rows, columns, sheetName));
}

export function workbookToArrayBuffer(workbook: WorkBook): ArrayBuffer {
  return boldFrozenHeader(write(workbook, { type: 'array', bookType: 'xlsx', compression: true }) as ArrayBuffer);
}
