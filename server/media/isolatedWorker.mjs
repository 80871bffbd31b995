/**
 * The thread an isolated task runs in (isolated.ts): loads the task's TypeScript module through
 * tsx (so it works the same under `node --import tsx`, the tests and the CLI), runs the named
 * export on the input and posts back its answer, or the ApiError it refused with.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const { modulePath, exportName, input } = workerData;
try {
  const mod = await tsImport(pathToFileURL(modulePath).href, import.meta.url);
  const task = mod[exportName] ?? mod.default?.[exportName];
  if (typeof task !== 'function') throw new Error(`${exportName} is not a function of ${modulePath}`);
  const result = await task(input);
  parentPort.postMessage({ ok: true, result });
} catch (err) {
  const refusal =
    err && typeof err === 'object' && err.name === 'ApiError' ? { status: err.status, code: err.code, message: err.message, extra: err.extra } : null;
  parentPort.postMessage({ ok: false, refusal, message: err instanceof Error ? err.message : String(err) });
}
