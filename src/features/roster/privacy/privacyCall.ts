import { put } from 'typed-redux-saga';
import type { PrivacyApi } from '../../../api/privacyClient';
import type { ApiError } from '../../../api/types';
import { selectConfig } from '../../../entities/config/configSlice';
import { selectToken } from '../../../entities/session/sessionSelectors';
import { sessionActions } from '../../../entities/session/sessionSlice';
import { callPrivacyApi } from '../../../shared/privacyApiSaga';
import { selectFromStore } from '../../../shared/storeHooks';

/** A privacy call with the session's token; a rejected token ends the session. */
export function* privacyCall<T>(run: (api: PrivacyApi) => Promise<T>) {
  const { siteUrl } = yield* selectFromStore(selectConfig);
  const token = yield* selectFromStore(selectToken);
  try {
    return yield* callPrivacyApi({ siteUrl, token }, run);
  } catch (err) {
    if ((err as ApiError).kind === 'expired') yield* put(sessionActions.expired());
    throw err;
  }
}
