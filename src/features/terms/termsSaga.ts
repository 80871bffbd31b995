import { call, getContext, put, takeLatest } from 'typed-redux-saga';
import { toApiError } from '../../api/errors';
import type { ApiClient } from '../../api/types';
import { termsActions } from './termsSlice';

export function* loadTerms() {
  const api = yield* getContext<ApiClient>('api');
  try {
    const page = yield* call([api, api.getTermsPage]);
    yield* put(termsActions.loadSucceeded(page));
  } catch (error) {
    yield* put(termsActions.loadFailed(toApiError(error)));
  }
}

export function* termsSaga() {
  yield* takeLatest(termsActions.pageOpened, loadTerms);
}
