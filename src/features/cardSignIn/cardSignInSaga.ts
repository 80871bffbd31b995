import { call, getContext, put, select, takeLatest } from 'typed-redux-saga';
import { SIGN_IN_CARD_PATHS, type CardSignInBody } from '../../../contract/signInCards';
import type { TokenResponse } from '../../../contract/wire';
import { toApiError } from '../../api/errors';
import { mapLogin } from '../../api/mappers';
import type { ApiRequest } from '../../api/transport';
import type { ApiClient } from '../../api/types';
import { selectIsSignedIn } from '../../entities/session/sessionSelectors';
import { sessionActions } from '../../entities/session/sessionSlice';
import type { Navigator } from '../../shared/sagaServices';
import { landingPath } from '../../entities/session/landingPath';
import { cardSignInActions } from './cardSignInSlice';

/**
 * The card's token for a session, as the password sign-in gives one (the same answer); the session
 * is a shared tablet's (signed out when idle). Whoever was signed in on the tablet is signed out first.
 */
function* signInWithCard({ payload }: ReturnType<typeof cardSignInActions.submitted>) {
  const api = yield* getContext<ApiClient>('api');
  let landing: string;
  try {
    const body: CardSignInBody = { token: payload.token };
    const request: ApiRequest = { method: 'POST', path: SIGN_IN_CARD_PATHS.cardSignIn, body, expiry: 'never' };
    const result = mapLogin((yield* call([api, api.request], request)) as TokenResponse);
    if (yield* select(selectIsSignedIn)) yield* put(sessionActions.loggedOut());
    yield* put(sessionActions.loginSucceeded(result));
    yield* put(sessionActions.sharedDeviceStarted());
    landing = landingPath(result.role, result.userName);
  } catch (error) {
    yield* put(cardSignInActions.failed(toApiError(error)));
    return;
  }
  const navigator = yield* getContext<Navigator>('navigator');
  yield* call([navigator, navigator.navigate], landing, { replace: true });
}

export function* cardSignInSaga() {
  yield* takeLatest(cardSignInActions.submitted, signInWithCard);
}

