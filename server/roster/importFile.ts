/**
 * Reads an uploaded roster file (the bulk student import) into rows of text cells by
 * field: CSV (UTF-8 with or without BOM, comma- or semicolon-separated) or .xlsx (its first sheet).
 * The header row may use the students list's .xlsx export headers or create_student's field names.
 *
 * Cells are data, never formulas: a text such as "=1+1" or "+972 ..." is kept as the text it is
 * (the app never evaluates a cell, and the export writes it back as a text cell); of an .xlsx
 * formula cell, the value the spreadsheet last computed is read.
 * Anything that is not a readable CSV or workbook is refused with a message saying what to send.
 */
import { parse } from 'csv-parse/sync';
import { readSheet } from 'read-excel-file/node';
import { STUDENT_IMPORT_FIELDS, STUDENT_IMPORT_HEADERS, STUDENT_IMPORT_LIMITS, type StudentImportField } from '../../contract/studentImport';
import { ApiError } from '../errors';

export interface ReadRow {
  /** 1-based, as the spreadsheet numbers it (the header is row 1). */
  row: number;
  values: Record<StudentImportField, string>;
}

export interface ReadFile {
  rows: ReadRow[];
  ignoredColumns: string[];
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);
/** A workbook that unpacks to more than this is refused (a zip bomb fits in 5 MB). */
const MAX_UNPACKED_BYTES = 100 * 1024 * 1024;

const refused = (code: string, message: string, status = 400, extra: Record<string, unknown> = {}) => new ApiError(status, code, `${message} Nothing was stored.`, extra);

const notReadable = (name: string) =>
  refused('student_import_unreadable', `"${name}" is not a CSV or Excel (.xlsx) file that can be read. Save the sheet as .xlsx or as CSV (UTF-8) and upload that.`);

/** "Student First Name", "studentFirstName", "student_first_name" all name one column. */
const headerKey = (header: string) => header.toLowerCase().replace(/[^a-z0-9]+/g, '');

const FIELD_BY_HEADER = new Map<string, StudentImportField>();
for (const field of STUDENT_IMPORT_FIELDS) {
  FIELD_BY_HEADER.set(headerKey(field), field);
  FIELD_BY_HEADER.set(headerKey(STUDENT_IMPORT_HEADERS[field]), field);
}
FIELD_BY_HEADER.set('startdate', 'LessonStartDate');
FIELD_BY_HEADER.set('enddate', 'LessonEndDate');
FIELD_BY_HEADER.set('lessons', 'NumberOfLessons');

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** "September 30, 2026" (how the export shows a date, and what a CSV saved from it holds) → 2026-09-30. */
function exportDateAsIso(text: string): string {
  const match = /^([a-z]+) (\d{1,2}), (\d{4})$/i.exec(text);
  const month = match ? MONTHS.indexOf(match[1]!.toLowerCase()) : -1;
  if (!match || month < 0) return text;
  return `${match[3]}-${String(month + 1).padStart(2, '0')}-${match[2]!.padStart(2, '0')}`;
}

const EXCEL_EPOCH_UTC = Date.UTC(1899, 11, 30);

/**
 * A date column's cell as YYYY-MM-DD where it holds a date: a Date, an Excel serial day number (how
 * the export writes dates, which the reader does not take for a date), or the export's shown text.
 */
function dateText(cell: unknown): string {
  if (typeof cell === 'number' && Number.isInteger(cell) && cell > 0 && cell < 2_958_466) {
    return new Date(EXCEL_EPOCH_UTC + cell * 86_400_000).toISOString().slice(0, 10);
  }
  return exportDateAsIso(cellText(cell));
}

function cellText(cell: unknown): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : cell.toISOString().slice(0, 10);
  return String(cell).trim();
}

function columnsOf(headerRow: readonly unknown[]): { fields: (StudentImportField | null)[]; ignored: string[] } {
  const fields: (StudentImportField | null)[] = [];
  const ignored: string[] = [];
  const seen = new Set<StudentImportField>();
  for (const cell of headerRow) {
    const header = cellText(cell);
    const field = FIELD_BY_HEADER.get(headerKey(header)) ?? null;
    if (field && seen.has(field)) throw refused('student_import_columns', `The column "${header}" appears twice. Keep one and upload the file again.`);
    if (field) seen.add(field);
    else if (header !== '') ignored.push(header.slice(0, 100));
    fields.push(field);
  }
  const missing = STUDENT_IMPORT_FIELDS.filter((f) => !seen.has(f)).map((f) => STUDENT_IMPORT_HEADERS[f]);
  if (missing.length > 0) {
    const expected = STUDENT_IMPORT_FIELDS.map((f) => STUDENT_IMPORT_HEADERS[f]).join(', ');
    throw refused(
      'student_import_columns',
      `The first row must name the columns. Missing: ${missing.join(', ')}. Expected: ${expected} (as in the students list's Excel export, or the template).`,
      400,
      { missing, expected: STUDENT_IMPORT_FIELDS.map((f) => STUDENT_IMPORT_HEADERS[f]) },
    );
  }
  return { fields, ignored };
}

function rowsOf(table: readonly (readonly unknown[])[]): ReadFile {
  if (table.length === 0 || table.every((r) => r.every((c) => cellText(c) === ''))) throw refused('student_import_empty', 'The file is empty: it holds no header row and no students.');
  const { fields, ignored } = columnsOf(table[0]!);
  const rows: ReadRow[] = [];
  for (let index = 1; index < table.length; index++) {
    const cells = table[index]!;
    if (cells.every((c) => cellText(c) === '')) continue;
    const values = Object.fromEntries(STUDENT_IMPORT_FIELDS.map((f) => [f, ''])) as Record<StudentImportField, string>;
    fields.forEach((field, c) => {
      if (!field) return;
      values[field] = field === 'LessonStartDate' || field === 'LessonEndDate' ? dateText(cells[c]) : cellText(cells[c]);
    });
    rows.push({ row: index + 1, values });
    if (rows.length > STUDENT_IMPORT_LIMITS.rows) {
      throw refused('student_import_too_many_rows', `The file holds more than ${STUDENT_IMPORT_LIMITS.rows.toLocaleString('en-US')} students. Split it into smaller files.`, 413);
    }
  }
  if (rows.length === 0) throw refused('student_import_empty', 'The file has a header row but no students under it.');
  return { rows, ignoredColumns: ignored };
}

/** The sum of the sizes a zip's entries unpack to, from its central directory; null when it has none. */
function unpackedSize(zip: Buffer): number | null {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0 || end + 22 > zip.length) return null;
  const entries = zip.readUInt16LE(end + 10);
  let offset = zip.readUInt32LE(end + 16);
  let total = 0;
  for (let i = 0; i < entries; i++) {
    if (offset + 46 > zip.length || zip.readUInt32LE(offset) !== 0x02014b50) return null;
    total += zip.readUInt32LE(offset + 24);
    offset += 46 + zip.readUInt16LE(offset + 28) + zip.readUInt16LE(offset + 30) + zip.readUInt16LE(offset + 32);
  }
  return total;
}

async function readXlsx(bytes: Buffer, name: string): Promise<ReadFile> {
  const size = unpackedSize(bytes);
  if (size === null) throw notReadable(name);
  if (size > MAX_UNPACKED_BYTES) throw refused('student_import_too_large', `"${name}" unpacks to more than ${MAX_UNPACKED_BYTES / 1024 / 1024} MB. Split it into smaller files.`, 413);
  let table: unknown[][];
  try {
    table = (await readSheet(bytes, 1)) as unknown[][];
  } catch {
    throw notReadable(name);
  }
  return rowsOf(table);
}

function readCsv(bytes: Buffer, name: string): ReadFile {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw refused('student_import_unreadable', `"${name}" is not a CSV or Excel (.xlsx) file that can be read (a CSV must be UTF-8 text). Save the sheet as .xlsx or as "CSV UTF-8" and upload that.`);
  }
  if (text.startsWith('\ufeff')) text = text.slice(1);
  // eslint-disable-next-line no-control-regex -- NUL and other control characters mark a binary file
  if (/[\u0000-\u0008\u000e-\u001f]/.test(text)) throw notReadable(name);
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  let table: string[][];
  try {
    table = parse(text, { delimiter, relax_column_count: true, skip_empty_lines: false, max_record_size: 64 * 1024 });
  } catch {
    throw refused('student_import_unreadable', `"${name}" could not be read as CSV (a quote may be left open). Check the file, or save it as .xlsx and upload that.`);
  }
  return rowsOf(table);
}

/** The file's student rows by field, or a refusal that says what is wrong. */
export async function readRosterFile(bytes: Buffer, fileName: string): Promise<ReadFile> {
  if (bytes.length === 0) throw refused('student_import_empty', `"${fileName}" is empty.`);
  if (bytes.subarray(0, 4).equals(ZIP_MAGIC)) return readXlsx(bytes, fileName);
  if (bytes.subarray(0, 4).equals(OLE_MAGIC)) {
    throw refused('student_import_unreadable', `"${fileName}" is an old Excel (.xls) workbook. Save it as .xlsx (Excel Workbook) or CSV and upload that.`);
  }
  return readCsv(bytes, fileName);
}
