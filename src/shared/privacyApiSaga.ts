import { call } from 'typed-redux-saga';
import { toApiError } from '../api/errors';
import type { PrivacyApi } from '../api/privacyClient';

/**
 * Calls the privacy routes (contract/privacy.ts) with the session's token; the client (its own
 * chunk, "api-privacy") comes with the first call. Failures are thrown as ApiError: kind 'expired'
 * means the backend ended the session, which the caller reports as every other call does.
 */
export function* callPrivacyApi<T>(session: { siteUrl: string; token: string | null }, run: (api: PrivacyApi) => Promise<T>) {
  try {
    const { createPrivacyApi } = yield* call(() => import(/* webpackChunkName: "api-privacy" */ '../api/privacyClient'));
    const api = createPrivacyApi({ siteUrl: session.siteUrl, getToken: () => session.token, onSessionExpired: () => undefined });
    return yield* call(run, api);
  } catch (err) {
    throw toApiError(err);
  }
}
