/**
 * Runs one export in a Web Worker (exportWorker.ts, its own webpack chunk with xlsx). Resolves
 * with the file's bytes, or null when the worker cannot start here, so the caller builds the file
 * on the main thread instead; a failure inside the worker rejects.
 */
import type { ExportWorkerReply, SheetData } from './exportSheet';

export function writeInWorker(data: SheetData): Promise<ArrayBuffer | null> {
  let worker: Worker;
  try {
    worker = new Worker(/* webpackChunkName: "xlsx-worker" */ new URL('./exportWorker.ts', import.meta.url));
  } catch {
    return Promise.resolve(null);
  }
  return new Promise<ArrayBuffer | null>((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<ExportWorkerReply>) => {
      worker.terminate();
      if (event.data.ok) resolve(event.data.bytes);
      else reject(new Error(event.data.message));
    };
    // The worker script failed to load or run (e.g. a blocked chunk): fall back to the main thread.
    worker.onerror = (event) => {
      event.preventDefault();
      worker.terminate();
      resolve(null);
    };
    worker.postMessage(data);
  });
}
