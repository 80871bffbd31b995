/** Tasks for isolated.test.ts, run in a worker thread by runIsolated. */
import { ApiError } from '../../errors';

export const double = async (n: number): Promise<number> => n * 2;

/** Never answers: a CPU loop. */
export function spin(): never {
  for (;;) {
    // busy
  }
}

/**
 * Keeps everything it makes until the heap is full: in large arrays on the heap (not buffers, which
 * live outside it), so the heap fills in a few dozen steps instead of a million small objects that
 * keep the collector busy for a long time near the limit on a loaded machine.
 */
export function hoard(): number {
  const kept: number[][] = [];
  for (;;) kept.push(new Array<number>(128 * 1024).fill(kept.length + 0.5));
}

export function refuse(): never {
  throw new ApiError(413, 'too_big', 'It is too big.', { limit: 1 });
}
