/**
 * The export worker: builds and writes the .xlsx workbook off the main thread and sends the file's
 * bytes back (transferred, not copied). Started by exportWorkerClient.ts. It imports only the
 * workbook writer: a module that can start the worker (xlsxExport.ts) would make the worker's chunk
 * and the page's runtime refer to each other.
 */
import type { ExportWorkerReply, SheetData } from './exportSheet';
import { buildWorkbookFromData, workbookToArrayBuffer } from './xlsxWorkbook';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<SheetData>) => void) | null;
  postMessage(message: ExportWorkerReply, transfer?: Transferable[]): void;
};

scope.onmessage = (event) => {
  try {
    const bytes = workbookToArrayBuffer(buildWorkbookFromData(event.data));
    scope.postMessage({ ok: true, bytes }, [bytes]);
  } catch (err) {
    scope.postMessage({ ok: false, message: err instanceof Error ? err.message : String(err) });
  }
};
