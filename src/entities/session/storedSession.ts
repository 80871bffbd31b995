import { REHYDRATE } from 'redux-persist';
import { select, take } from 'typed-redux-saga';

type Persisted = { session: { token: string | null; _persist?: { rehydrated: boolean } } };

/**
 * Waits until the stored session is back from localStorage (redux-persist's REHYDRATE): until then
 * "nobody signed in" is not known. Tells whether someone is signed in.
 */
export function* storedSessionBack() {
  if (!(yield* select((state: Persisted) => state.session._persist?.rehydrated ?? true))) yield* take(REHYDRATE);
  return yield* select((state: Persisted) => state.session.token !== null);
}
