import { call } from 'typed-redux-saga';
import { toApiError } from '../api/errors';
import { createPrivacyApi, type PrivacyApi } from '../api/privacyClient';

/**
 * Calls the privacy routes (contract/privacy.ts) with the session's token. Only lazy screens import
 * this. Failures are thrown as ApiError: kind 'expired' means the backend ended the session, which
 * the caller reports as every other call does.
 */
export function* callPrivacyApi<T>(session: { siteUrl: string; token: string | null }, run: (api: PrivacyApi) => Promise<T>) {
  try {
    return yield* call(run, createPrivacyApi(session));
  } catch (err) {
    throw toApiError(err);
  }
}
