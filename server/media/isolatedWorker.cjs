/**
 * The thread an isolated task runs in (isolated.ts): loads the task's TypeScript module through
 * tsx's require hook (so it works the same under `node --import tsx`, the tests and the CLI), runs
 * the named export on the input and posts back its answer, or the ApiError it refused with.
 */
/* global require */
/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS file Node starts as is, in the worker */
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const { register } = require('tsx/cjs/api');

const { modulePath, exportName, input } = workerData;

async function run() {
  register();
  const task = require(modulePath)[exportName];
  if (typeof task !== 'function') throw new Error(`${exportName} is not a function of ${modulePath}`);
  return task(input);
}

run().then(
  (result) => parentPort.postMessage({ ok: true, result }),
  (err) => {
    const refusal = err && typeof err === 'object' && err.name === 'ApiError' ? { status: err.status, code: err.code, message: err.message, extra: err.extra } : null;
    parentPort.postMessage({ ok: false, refusal, message: err instanceof Error ? err.message : String(err) });
  },
);
