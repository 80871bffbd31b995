import { take } from 'typed-redux-saga';
import { selectFromStore } from '../../shared/storeHooks';
import { configActions, selectCapabilities, selectCapabilitiesKnown } from './configSlice';

/**
 * The site's capabilities, once known: a call that exists only on some sites waits for the REST
 * index (src/app/capabilitiesSaga.ts, which gives up after a short timeout) instead of guessing.
 */
export function* capabilitiesWhenKnown() {
  if (!(yield* selectFromStore(selectCapabilitiesKnown))) yield* take(configActions.capabilitiesDiscovered);
  return yield* selectFromStore(selectCapabilities);
}
