/** A student's sign-in details; failures go to the section as data (a refused session the app's client ends itself). */
import { all, call, put, takeEvery, takeLatest } from 'typed-redux-saga';
import { toApiError } from '../../api/errors';
import { getStudentCredentials, resetStudentPassword, sendSignInMail as mailSignIn } from './api';
import { studentSignInActions as actions } from './signInSlice';
import { leaveForPickUp } from './shownOnce';

function* loadDetails(action: ReturnType<typeof actions.studentOpened>) {
  const { studentId } = action.payload;
  try {
    const details = yield* call(getStudentCredentials, studentId);
    yield* put(actions.detailsLoaded({ studentId, details }));
  } catch (error) {
    yield* put(actions.detailsFailed({ studentId, error: toApiError(error) }));
  }
}

function* resetPassword(action: ReturnType<typeof actions.resetRequested>) {
  const { studentId, requestId } = action.payload;
  try {
    const reset = yield* call(resetStudentPassword, studentId);
    leaveForPickUp(requestId, reset);
    yield* put(actions.resetSucceeded({ studentId, requestId }));
  } catch (error) {
    yield* put(actions.resetFailed({ studentId, requestId, error: toApiError(error) }));
  }
}

function* sendSignInMail(action: ReturnType<typeof actions.signInMailRequested>) {
  const { studentId } = action.payload;
  try {
    yield* call(mailSignIn, studentId);
    yield* put(actions.signInMailSent({ studentId }));
  } catch (error) {
    yield* put(actions.signInMailFailed({ studentId, error: toApiError(error) }));
  }
}

export function* studentSignInSaga() {
  yield* all([
    takeEvery(actions.studentOpened, loadDetails),
    takeLatest(actions.resetRequested, resetPassword),
    takeLatest(actions.signInMailRequested, sendSignInMail),
  ]);
}
