import { call, put, select, takeLatest } from 'typed-redux-saga';
import { createCredentialsApi } from '../../api/credentialsClient';
import { toApiError } from '../../api/errors';
import { selectConfig } from '../../entities/config/configSlice';
import { selectSession } from '../../entities/session/sessionSelectors';
import { sessionActions } from '../../entities/session/sessionSlice';
import { accountActions } from './accountSlice';

/**
 * Every other session of the user ends on the server; this one goes on with the fresh token the
 * answer holds, taken as a sign-in takes one.
 */
export function* changeMyPassword(action: ReturnType<typeof accountActions.passwordChangeSubmitted>) {
  const session = yield* select(selectSession);
  const client = createCredentialsApi((yield* select(selectConfig)).siteUrl, session.token, () => undefined);
  try {
    const { token } = yield* call([client, client.changeMyPassword], action.payload);
    if (session.userId !== null && session.userRole !== null) {
      yield* put(sessionActions.loginSucceeded({ token, userId: session.userId, userName: session.userName ?? '', userNicename: '', email: session.email ?? '', role: session.userRole }));
    }
    yield* put(accountActions.passwordChanged());
  } catch (error) {
    const apiError = toApiError(error);
    if (apiError.kind === 'expired') yield* put(sessionActions.expired());
    yield* put(accountActions.passwordChangeFailed(apiError));
  }
}

export function* accountSaga() {
  yield* takeLatest(accountActions.passwordChangeSubmitted, changeMyPassword);
}
