import { call, getContext, put, select, takeLatest } from 'typed-redux-saga';
import { toApiError } from '../../api/errors';
import { signInWithCard } from './api';
import { selectIsSignedIn } from '../../entities/session/sessionSelectors';
import { sessionActions } from '../../entities/session/sessionSlice';
import type { Navigator } from '../../shared/sagaServices';
import { landingPath } from '../../entities/session/landingPath';
import { cardSignInActions } from './cardSignInSlice';

/**
 * The card's token for a session, as the password sign-in gives one (the same answer); the session
 * is a shared tablet's (signed out when idle). Whoever was signed in on the tablet is signed out first.
 */
function* onCardSubmitted({ payload }: ReturnType<typeof cardSignInActions.submitted>) {
  let landing: string;
  try {
    const result = yield* call(signInWithCard, payload.token);
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
  yield* takeLatest(cardSignInActions.submitted, onCardSubmitted);
}

