/**
 * The places a student saw that the server has not saved yet, latest per model, kept in
 * localStorage under the student's id so a lost connection or a closed tab loses nothing: they go
 * when the connection returns or on the next start. Never another student's: the key names whose.
 */
import type { ProgressBody } from '../../../../contract/progress';

const keyOf = (userId: number) => `progressUnsent.${userId}`;

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

const isPlace = (value: unknown): value is ProgressBody => {
  const v = value as Partial<ProgressBody> | null;
  return typeof v === 'object' && v !== null && typeof v.lessonId === 'number' && typeof v.tabId === 'string' && [v.tabIndex, v.tabs, v.step, v.steps].every((n) => typeof n === 'number');
};

export class ProgressOutbox {
  private readonly places = new Map<number, ProgressBody>();

  constructor(readonly userId: number | null) {
    if (userId === null) return;
    try {
      const stored: unknown = JSON.parse(storage()?.getItem(keyOf(userId)) ?? '[]');
      if (Array.isArray(stored)) for (const place of stored.filter(isPlace)) this.places.set(place.lessonId, place);
    } catch {
      // A damaged copy is no place to resume from.
    }
  }

  get size(): number {
    return this.places.size;
  }

  all(): ProgressBody[] {
    return [...this.places.values()];
  }

  put(place: ProgressBody): void {
    this.places.set(place.lessonId, place);
    this.store();
  }

  /** Removes the place once saved or refused, unless a later one for the model came meanwhile. */
  settle(place: ProgressBody): void {
    if (this.places.get(place.lessonId) !== place) return;
    this.places.delete(place.lessonId);
    this.store();
  }

  private store(): void {
    if (this.userId === null) return;
    try {
      const s = storage();
      if (this.places.size === 0) s?.removeItem(keyOf(this.userId));
      else s?.setItem(keyOf(this.userId), JSON.stringify(this.all()));
    } catch {
      // Storage full or off: the place still goes while this page is open.
    }
  }
}
