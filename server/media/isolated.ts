/**
 * Work on untrusted files (a roster workbook, a studio zip) done off the main thread: a worker
 * thread with its own small heap and a deadline. When the file turns out to need more time or
 * memory than allowed, the worker is ended and the caller gets an IsolatedLimit; meanwhile the
 * main thread goes on answering every other request (/healthz included).
 *
 * The task is a named export of a TypeScript module, loaded in the worker through tsx; its input
 * and answer cross by structured clone. An ApiError thrown by the task reaches the caller as that
 * ApiError; any other failure as an Error with the task's message.
 */
import { availableParallelism } from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import { Worker } from 'node:worker_threads';
import { ApiError } from '../errors';

export interface IsolatedLimits {
  /** The worker is ended when its answer has not come by then. */
  timeoutMs: number;
  /** The worker's JavaScript heap (old generation); past it the worker is ended. */
  heapMb: number;
}

/** The task needed more time or memory than its limits. */
export class IsolatedLimit extends Error {
  constructor(readonly limit: 'time' | 'memory') {
    super(limit === 'time' ? 'the task ran out of time' : 'the task ran out of memory');
  }
}

const WORKER = path.join(__dirname, 'isolatedWorker.cjs');

type Answer = { ok: true; result: unknown } | { ok: false; refusal: { status: number; code: string; message: string; extra?: Record<string, unknown> } | null; message: string };

/**
 * Workers running at once in this process: one per core. Further tasks wait their turn (their
 * deadline starts when they start); they are few, as each account reads one upload at a time.
 */
const MAX_RUNNING = Math.max(2, availableParallelism());
let running = 0;
const waiting: (() => void)[] = [];

/** Waits for a free place; the answer gives it back (straight to the next waiting task, if any). */
async function turn(): Promise<() => void> {
  if (running < MAX_RUNNING) running += 1;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  return () => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };
}

/** Runs `exportName` of the module at `modulePath` on `input` in a worker thread within `limits`. */
export async function runIsolated<I, O>(modulePath: string, exportName: string, input: I, limits: IsolatedLimits, transfer: readonly ArrayBuffer[] = []): Promise<O> {
  const done = await turn();
  try {
    return await inWorker<I, O>(modulePath, exportName, input, limits, transfer);
  } finally {
    done();
  }
}

/**
 * A heap size given to the whole process (`--max-old-space-size` in NODE_OPTIONS, as operators and
 * CI set it) is a V8 flag that overrides every worker's resourceLimits: a hostile workbook could then
 * take gigabytes. Cleared before the first worker starts; this process's own heap, already made,
 * keeps its size.
 */
let processHeapFlagCleared = false;
function clearProcessHeapFlag(): void {
  if (processHeapFlagCleared) return;
  processHeapFlagCleared = true;
  const given = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)];
  if (given.some((arg) => /^--max[-_]old[-_]space[-_]size\b/.test(arg))) v8.setFlagsFromString('--max-old-space-size=0');
}

function inWorker<I, O>(modulePath: string, exportName: string, input: I, limits: IsolatedLimits, transfer: readonly ArrayBuffer[]): Promise<O> {
  clearProcessHeapFlag();
  return new Promise<O>((resolve, reject) => {
    const worker = new Worker(WORKER, {
      workerData: { modulePath, exportName, input },
      transferList: [...transfer],
      // Not the parent's flags: the worker loads TypeScript itself, and nothing else applies to it.
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: limits.heapMb, maxYoungGenerationSizeMb: Math.min(32, Math.max(4, Math.floor(limits.heapMb / 8))), stackSizeMb: 4 },
      stdout: false,
      stderr: false,
    });
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
      void worker.terminate();
    };
    const timer = setTimeout(() => settle(() => reject(new IsolatedLimit('time'))), limits.timeoutMs);
    worker.once('message', (answer: Answer) =>
      settle(() => {
        if (answer.ok) resolve(answer.result as O);
        else if (answer.refusal) reject(new ApiError(answer.refusal.status, answer.refusal.code, answer.refusal.message, answer.refusal.extra ?? {}));
        else reject(new Error(answer.message));
      }),
    );
    worker.once('error', (err: NodeJS.ErrnoException) => settle(() => reject(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new IsolatedLimit('memory') : err)));
    worker.once('exit', (code) => settle(() => reject(new Error(`the worker stopped (exit code ${code}) without an answer`))));
  });
}
