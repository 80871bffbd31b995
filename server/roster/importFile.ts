/**
 * Reads an uploaded roster file (the bulk student import) into rows of text cells by
 * field: CSV (UTF-8 with or without BOM, comma- or semicolon-separated) or .xlsx (its first sheet).
 * The header row may use the students list's .xlsx export headers or create_student's field names.
 *
 * Cells are data, never formulas: a text such as "=1+1" or "+972 ..." is kept as the text it is
 * (the app never evaluates a cell, and the export writes it back as a text cell); of an .xlsx
 * formula cell, the value the spreadsheet last computed is read.
 * Anything that is not a readable CSV or workbook is refused with a message saying what to send.
 * A workbook is unpacked counting what it really inflates to (media/countedUnzip.ts), and the
 * whole reading happens in a worker thread with its own time and memory (media/isolated.ts).
 */
import { crc32 } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import { readSheet } from 'read-excel-file/node';
import { STUDENT_IMPORT_FIELDS, STUDENT_IMPORT_HEADERS, STUDENT_IMPORT_LIMITS, type StudentImportField } from '../../contract/studentImport';
import { ApiError } from '../errors';
import { readZipEntries, UnzipRefusal, type UnzipLimits, type UnzipProblem } from '../media/countedUnzip';
import { IsolatedLimit, runIsolated, type IsolatedLimits } from '../media/isolated';

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

/**
 * What a workbook may unpack to: a sheet of 5,000 students is a few MB of XML, so these leave
 * ample room while a zip bomb (93 KB that inflates to 90 MB) is stopped after 20 MB of inflating.
 */
export const XLSX_LIMITS: UnzipLimits = { entries: 1000, entryBytes: 20 * 1024 * 1024, totalBytes: 40 * 1024 * 1024 };

/** The parts of a workbook the reader uses (the XML and its relations; never pictures or printer settings). */
const workbookPart = (name: string) => name.endsWith('.xml') || name.endsWith('.rels');

const tooLarge = (name: string, why: string) => refused('student_import_too_large', `"${name}" ${why} Split it into smaller files, or save it again as .xlsx or CSV.`, 413);

function unzipRefusal(problem: UnzipProblem, name: string): ApiError {
  switch (problem.kind) {
    case 'entry_too_large':
      return tooLarge(name, `unpacks to more than ${problem.limit / 1024 / 1024} MB in one part ("${problem.entry.slice(0, 100)}"), more than a list of students needs.`);
    case 'total_too_large':
      return tooLarge(name, `unpacks to more than ${problem.limit / 1024 / 1024} MB, more than a list of students needs.`);
    case 'too_many_entries':
      return tooLarge(name, `holds ${problem.count} parts, more than a workbook of students has.`);
    default:
      return notReadable(name);
  }
}

/**
 * The workbook's parts as one archive of stored (uncompressed) entries: the spreadsheet reader
 * unpacks it by its own reading of the zip, so it is given exactly the bytes counted here and
 * nothing a lying header or a part hidden outside the directory could add.
 */
function storedZip(files: readonly (readonly [string, Buffer])[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [fileName, data] of files) {
    const name = Buffer.from(fileName, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

async function readXlsx(bytes: Buffer, name: string): Promise<ReadFile> {
  const parts: [string, Buffer][] = [];
  try {
    await readZipEntries(bytes, XLSX_LIMITS, { keep: workbookPart }, (part, data) => void parts.push([part, data]));
  } catch (err) {
    if (err instanceof UnzipRefusal) throw unzipRefusal(err.problem, name);
    throw err;
  }
  let table: unknown[][];
  try {
    table = (await readSheet(storedZip(parts), 1)) as unknown[][];
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

/** The file's student rows by field, or a refusal (ApiError) that says what is wrong. Runs in the reading worker. */
export async function parseRosterFile(input: { bytes: Uint8Array; fileName: string }): Promise<ReadFile> {
  const bytes = Buffer.from(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength);
  const fileName = input.fileName;
  if (bytes.length === 0) throw refused('student_import_empty', `"${fileName}" is empty.`);
  if (bytes.subarray(0, 4).equals(ZIP_MAGIC)) return readXlsx(bytes, fileName);
  if (bytes.subarray(0, 4).equals(OLE_MAGIC)) {
    throw refused('student_import_unreadable', `"${fileName}" is an old Excel (.xls) workbook. Save it as .xlsx (Excel Workbook) or CSV and upload that.`);
  }
  return readCsv(bytes, fileName);
}

/** How long, and with how much memory, one file may be read: a class list needs a fraction of either. */
export const ROSTER_READ_LIMITS: IsolatedLimits = { timeoutMs: 20_000, heapMb: 256 };

/**
 * The file's student rows by field, or a refusal that says what is wrong. The file is read in a
 * worker thread within ROSTER_READ_LIMITS, so a hostile file costs its own thread, never the server's.
 */
export async function readRosterFile(bytes: Buffer, fileName: string, limits: IsolatedLimits = ROSTER_READ_LIMITS): Promise<ReadFile> {
  const copy = new Uint8Array(bytes);
  try {
    return await runIsolated<{ bytes: Uint8Array; fileName: string }, ReadFile>(__filename, 'parseRosterFile', { bytes: copy, fileName }, limits, [copy.buffer]);
  } catch (err) {
    if (err instanceof ApiError) throw err;
    if (err instanceof IsolatedLimit) {
      throw tooLarge(fileName, err.limit === 'time' ? 'takes too long to read.' : 'needs more memory to read than a list of students does.');
    }
    throw notReadable(fileName);
  }
}
