import { call, getContext, put, takeLatest } from 'typed-redux-saga';
import { PROGRESS_PATHS, type StudentProgressEntry } from '../../../contract/progress';
import { toApiError } from '../../api/errors';
import type { ApiRequest } from '../../api/transport';
import type { ApiClient } from '../../api/types';
import { studentProgressActions } from './studentProgressSlice';

function* load({ payload: { studentId } }: ReturnType<typeof studentProgressActions.opened>) {
  const api = yield* getContext<ApiClient>('api');
  try {
    const request: ApiRequest = { method: 'GET', path: PROGRESS_PATHS.studentProgress(studentId), expiry: 'jwt' };
    const answer = yield* call([api, api.request], request);
    yield* put(studentProgressActions.loaded({ studentId, entries: Array.isArray(answer) ? (answer as StudentProgressEntry[]) : [] }));
  } catch (error) {
    yield* put(studentProgressActions.failed({ studentId, error: toApiError(error) }));
  }
}

export function* studentProgressSaga() {
  yield* takeLatest(studentProgressActions.opened, load);
}

