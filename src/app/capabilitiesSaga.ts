import { actionChannel, call, delay, getContext, put, race, take } from 'typed-redux-saga';
import type { ApiClient, SiteCapabilities } from '../api/types';
import { configActions, selectCapabilitiesKnown } from '../entities/config/configSlice';
import { sessionActions } from '../entities/session/sessionSlice';
import { storedSessionBack } from '../entities/session/storedSession';
import { pageLoaded } from '../shared/pageLoad';
import { selectFromStore } from '../shared/storeHooks';

/** How long calls that depend on a capability wait for the REST index before the app assumes plain WordPress. */
export const SITE_INDEX_TIMEOUT_MS = 5000;

/**
 * On start, the capabilities /portal-config.js left out are looked up in the site's REST index
 * (GET /wp-json/): each is on only where the site lists its route. An index that fails, is
 * unreadable or is slow leaves them off, which is what the spec describes for a plain WordPress
 * site; config/capabilitiesDiscovered with found: null records that (nothing is shown: every
 * screen works without them). Nobody signed in, no screen needs them before it is usable: the
 * lookup waits for the page to load (or a sign-in), which keeps it out of the login page's budget.
 */
export function* capabilitiesSaga() {
  if (yield* selectFromStore(selectCapabilitiesKnown)) return;
  // Kept from now on: the page may load, or someone sign in, while the stored session comes back.
  const usable = yield* actionChannel([pageLoaded.type, sessionActions.loginSucceeded.type]);
  if (!(yield* call(storedSessionBack))) yield* take(usable);
  usable.close();
  const api = yield* getContext<ApiClient>('api');
  let found: SiteCapabilities | undefined;
  try {
    ({ found } = yield* race({ found: call([api, api.getSiteCapabilities]), late: delay(SITE_INDEX_TIMEOUT_MS) }));
  } catch {
    // found stays undefined: plain WordPress
  }
  yield* put(configActions.capabilitiesDiscovered({ found: found ?? null }));
}
