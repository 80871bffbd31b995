/**
 * The spreadsheet export: builds the file (in the export worker where the browser has workers) and
 * hands it to the browser. This module imports xlsx and file-saver, so it must only ever be loaded
 * with import() (see exportService.ts): the library stays out of every page's chunk until the user
 * clicks export. It writes; it never reads files.
 */
import { saveAs } from 'file-saver';
import { sheetData, type ExportColumn, type SheetData } from './exportSheet';
import { buildWorkbookFromData, cleanSheetName, workbookToArrayBuffer } from './xlsxWorkbook';

export type { ExportColumn, SheetData } from './exportSheet';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** File names: no characters that Windows, macOS or Linux refuse, no control characters. */
export function cleanFileName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const cleaned = name.replace(/[<>:"/\\|?*\u0000-\u001f\u007f]/g, ' ').replace(/\s+/g, ' ').trim().replace(/^\.+/, '');
  return cleaned.slice(0, 180) || 'Youngengineer Online';
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

/** The .xlsx file's bytes, built in the export worker when the browser has workers, else here. */
async function xlsxBytes(data: SheetData): Promise<ArrayBuffer> {
  if (typeof Worker !== 'undefined') {
    // Loaded only where Worker exists: the module holds `import.meta.url`, which jsdom tests cannot parse.
    const { writeInWorker } = await import(/* webpackChunkName: "xlsx-worker-client" */ './exportWorkerClient');
    const bytes = await writeInWorker(data);
    if (bytes) return bytes;
  }
  return workbookToArrayBuffer(buildWorkbookFromData(data));
}

/**
 * Builds the workbook and hands it to the browser as '{fileName}.xlsx'. The workbook is built and
 * compressed in a Web Worker (exportWorker.ts), so a 50,000-row export never freezes the page;
 * without Worker (jsdom) or when the worker fails to start, it is built here.
 */
export async function exportToFile<Row>(job: ExportJob<Row>): Promise<ExportResult> {
  const sheet = cleanSheetName(job.sheetName);
  const fileName = `${cleanFileName(job.fileName)}.xlsx`;
  const bytes = await xlsxBytes(sheetData(job.rows, job.columns, sheet.name));
  const blob = new Blob([bytes], { type: XLSX_MIME });
  saveAs(blob, fileName);
  return { fileName, sheetName: sheet.name, sheetNameAdjusted: sheet.adjusted };
}
