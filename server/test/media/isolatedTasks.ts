/** Tasks for isolated.test.ts, run in a worker thread by runIsolated. */
import { ApiError } from '../../errors';

export const double = async (n: number): Promise<number> => n * 2;

/** Never answers: a CPU loop. */
export function spin(): never {
  for (;;) {
    // busy
  }
}

/** Keeps every object it makes until the heap is full. */
export function hoard(): number {
  const kept: unknown[] = [];
  for (;;) kept.push({ at: kept.length, text: `item ${kept.length}`.repeat(8) });
}

export function refuse(): never {
  throw new ApiError(413, 'too_big', 'It is too big.', { limit: 1 });
}
