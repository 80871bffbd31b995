/**
 * Work on untrusted files runs in a worker thread within its limits (server/media/isolated.ts): a
 * task past its deadline or its heap is ended and reported as such, while the main thread goes on
 * answering timers; a task's ApiError reaches the caller as that ApiError.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { ApiError } from '../../errors';
import { IsolatedLimit, runIsolated } from '../../media/isolated';

const TASKS = path.join(__dirname, 'isolatedTasks.ts');

/** The longest gap between timer ticks asked every 20 ms while `work` runs: how long the main thread was held. */
async function worstGap<T>(work: Promise<T>): Promise<{ outcome: T | Error; worstMs: number }> {
  let last = performance.now();
  let worst = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    worst = Math.max(worst, now - last);
    last = now;
  }, 20);
  try {
    return { outcome: await work.catch((err: Error) => err), worstMs: worst };
  } finally {
    clearInterval(timer);
  }
}

test('a task answers from its worker', async () => {
  await expect(runIsolated(TASKS, 'double', 21, { timeoutMs: 10_000, heapMb: 32 })).resolves.toBe(42);
});

test('a task past its deadline is ended, and the main thread was never held', async () => {
  const started = performance.now();
  const { outcome, worstMs } = await worstGap(runIsolated(TASKS, 'spin', null, { timeoutMs: 1500, heapMb: 32 }));
  expect(outcome).toBeInstanceOf(IsolatedLimit);
  expect((outcome as IsolatedLimit).limit).toBe('time');
  expect(performance.now() - started).toBeLessThan(5000);
  expect(worstMs).toBeLessThan(500);
});

test('a task past its heap is ended as out of memory, and the process goes on', async () => {
  const before = process.memoryUsage().heapUsed;
  const { outcome, worstMs } = await worstGap(runIsolated(TASKS, 'hoard', null, { timeoutMs: 60_000, heapMb: 32 }));
  expect(outcome).toBeInstanceOf(IsolatedLimit);
  expect((outcome as IsolatedLimit).limit).toBe('memory');
  expect(worstMs).toBeLessThan(500);
  expect(process.memoryUsage().heapUsed - before).toBeLessThan(64 * 1024 * 1024);
}, 90_000);

test('a heap size given to the whole process does not lift a worker\'s heap limit', async () => {
  // A process started as operators (and CI) often start Node: with a 4 GB heap in NODE_OPTIONS.
  const script = `
    const { runIsolated } = require(${JSON.stringify(path.join(__dirname, '../../media/isolated'))});
    const started = Date.now();
    runIsolated(${JSON.stringify(TASKS)}, 'hoard', null, { timeoutMs: 60000, heapMb: 32 })
      .catch((err) => console.log(JSON.stringify({ limit: err.limit, ms: Date.now() - started })));`;
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '-e', script], {
    env: { ...process.env, NODE_OPTIONS: '--max-old-space-size=4096' },
    timeout: 80_000,
  });
  const { limit, ms } = JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as { limit?: string; ms?: number };
  expect(limit).toBe('memory');
  // Without the fix the worker grows to 4 GB first: about 25 s on a quiet machine.
  expect(ms).toBeLessThan(15_000);
}, 90_000);

test("a task's ApiError reaches the caller as that ApiError", async () => {
  const err = await runIsolated(TASKS, 'refuse', null, { timeoutMs: 10_000, heapMb: 32 }).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(ApiError);
  expect((err as ApiError).toWire()).toEqual({ code: 'too_big', message: 'It is too big.', data: { status: 413, limit: 1 } });
});
