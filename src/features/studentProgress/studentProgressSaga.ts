import { call, put, takeLatest } from 'typed-redux-saga';
import { toApiError } from '../../api/errors';
import { getStudentProgress } from './api';
import { studentProgressActions } from './studentProgressSlice';

function* load({ payload: { studentId } }: ReturnType<typeof studentProgressActions.opened>) {
  try {
    const entries = yield* call(getStudentProgress, studentId);
    yield* put(studentProgressActions.loaded({ studentId, entries }));
  } catch (error) {
    yield* put(studentProgressActions.failed({ studentId, error: toApiError(error) }));
  }
}

export function* studentProgressSaga() {
  yield* takeLatest(studentProgressActions.opened, load);
}

