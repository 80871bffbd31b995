/**
 * Loads the spreadsheet writer on demand, when the user asks for a file (a roster list's export,
 * the bulk import's template); webpack puts xlsx and file-saver in their own "xlsx" chunk, fetched
 * only then.
 */
import type * as XlsxExportModule from './xlsxExport';

export type XlsxExporter = typeof XlsxExportModule;

export const loadExporter = (): Promise<XlsxExporter> => import(/* webpackChunkName: "xlsx" */ './xlsxExport');
