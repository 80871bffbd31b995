/**
 * Loads the spreadsheet writer on demand. The saga calls this when the user asks for an export;
 * webpack puts xlsx and file-saver in their own "xlsx" chunk, fetched only then.
 */
import type * as XlsxExportModule from './xlsxExport';

export type XlsxExporter = typeof XlsxExportModule;

export const loadExporter = (): Promise<XlsxExporter> => import(/* webpackChunkName: "xlsx" */ './xlsxExport');
