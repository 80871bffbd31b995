import { call, put, select, takeLatest } from 'typed-redux-saga';
import { toApiError } from '../../api/errors';
import { selectSession } from '../../entities/session/sessionSelectors';
import { sessionActions } from '../../entities/session/sessionSlice';
import { accountActions } from './accountSlice';
import { changeMyPassword as sendNewPassword } from './api';

/**
 * Every other session of the user ends on the server; this one goes on with the fresh token the
 * answer holds, taken as a sign-in takes one. A session the server no longer accepts is ended by
 * the app's client itself.
 */
export function* changeMyPassword(action: ReturnType<typeof accountActions.passwordChangeSubmitted>) {
  const session = yield* select(selectSession);
  try {
    const { token } = yield* call(sendNewPassword, action.payload);
    if (session.userId !== null && session.userRole !== null) {
      yield* put(sessionActions.loginSucceeded({ token, userId: session.userId, userName: session.userName ?? '', userNicename: '', email: session.email ?? '', role: session.userRole }));
    }
    yield* put(accountActions.passwordChanged());
  } catch (error) {
    yield* put(accountActions.passwordChangeFailed(toApiError(error)));
  }
}

export function* accountSaga() {
  yield* takeLatest(accountActions.passwordChangeSubmitted, changeMyPassword);
}
