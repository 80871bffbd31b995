import { call, delay, getContext, put, race } from 'typed-redux-saga';
import type { ApiClient, SiteCapabilities } from '../api/types';
import { configActions, selectConfig } from '../entities/config/configSlice';
import { selectFromStore } from '../shared/storeHooks';

/** How long calls that depend on a capability wait for the REST index before the app assumes plain WordPress. */
export const SITE_INDEX_TIMEOUT_MS = 5000;

/**
 * On start, the capabilities /portal-config.js left out are looked up in the site's REST index
 * (GET /wp-json/): each is on only where the site lists its route. An index that fails, is
 * unreadable or is slow leaves them off, which is what the spec describes for a plain WordPress
 * site; config/capabilitiesDiscovered with found: null records that (nothing is shown: every
 * screen works without them).
 */
export function* capabilitiesSaga() {
  const { undiscovered } = yield* selectFromStore(selectConfig);
  if (!undiscovered?.length) return;
  const api = yield* getContext<ApiClient>('api');
  let found: SiteCapabilities | null = null;
  try {
    const { answer } = yield* race({ answer: call([api, api.getSiteCapabilities]), late: delay(SITE_INDEX_TIMEOUT_MS) });
    found = answer ?? null;
  } catch {
    found = null;
  }
  yield* put(configActions.capabilitiesDiscovered({ found }));
}
