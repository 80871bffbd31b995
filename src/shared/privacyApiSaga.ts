import { call, getContext } from 'typed-redux-saga';
import { toApiError } from '../api/errors';
import { createPrivacyApi, type PrivacyApi } from '../api/privacyClient';
import type { ApiClient } from '../api/types';

/**
 * Calls the privacy routes (contract/privacy.ts) with the session's token, through the app's
 * transport (a rejected token ends the session as on every call). Only lazy screens import this.
 * Failures are thrown as ApiError.
 */
export function* privacyCall<T>(run: (api: PrivacyApi) => Promise<T>) {
  const api = yield* getContext<ApiClient>('api');
  try {
    return yield* call(run, createPrivacyApi((request) => api.request(request)));
  } catch (err) {
    throw toApiError(err);
  }
}
