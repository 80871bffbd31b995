import { all, call, put, select, takeEvery, takeLatest } from 'typed-redux-saga';
import { toApiError } from '../../api/errors';
import type { ApiError } from '../../api/types';
import { selectConfig } from '../../entities/config/configSlice';
import { selectSession } from '../../entities/session/sessionSelectors';
import { sessionActions } from '../../entities/session/sessionSlice';
import { createCredentialsApi, type CredentialsApi } from '../../api/credentialsClient';
import { studentSignInActions as actions } from './signInSlice';
import { leaveForPickUp } from './shownOnce';

function* api() {
  const siteUrl = (yield* select(selectConfig)).siteUrl;
  const token = (yield* select(selectSession)).token;
  return createCredentialsApi(siteUrl, token, () => undefined);
}

/** The failure as data; a session the server no longer accepts ends here, as everywhere else. */
function* failure(error: unknown) {
  const apiError: ApiError = toApiError(error);
  if (apiError.kind === 'expired') yield* put(sessionActions.expired());
  return apiError;
}

function* loadDetails(action: ReturnType<typeof actions.studentOpened>) {
  const { studentId } = action.payload;
  try {
    const client: CredentialsApi = yield* api();
    const details = yield* call([client, client.getStudentCredentials], studentId);
    yield* put(actions.detailsLoaded({ studentId, details }));
  } catch (error) {
    yield* put(actions.detailsFailed({ studentId, error: yield* failure(error) }));
  }
}

function* resetPassword(action: ReturnType<typeof actions.resetRequested>) {
  const { studentId, requestId } = action.payload;
  try {
    const client: CredentialsApi = yield* api();
    const reset = yield* call([client, client.resetStudentPassword], studentId);
    leaveForPickUp(requestId, reset);
    yield* put(actions.resetSucceeded({ studentId, requestId }));
  } catch (error) {
    yield* put(actions.resetFailed({ studentId, requestId, error: yield* failure(error) }));
  }
}

function* sendSignInMail(action: ReturnType<typeof actions.signInMailRequested>) {
  const { studentId } = action.payload;
  try {
    const client: CredentialsApi = yield* api();
    yield* call([client, client.sendSignInMail], studentId);
    yield* put(actions.signInMailSent({ studentId }));
  } catch (error) {
    yield* put(actions.signInMailFailed({ studentId, error: yield* failure(error) }));
  }
}

export function* studentSignInSaga() {
  yield* all([
    takeEvery(actions.studentOpened, loadDetails),
    takeLatest(actions.resetRequested, resetPassword),
    takeLatest(actions.signInMailRequested, sendSignInMail),
  ]);
}
