import { getContext } from 'typed-redux-saga';
import type { ApiClient } from '../../api/types';
import { createStudioApi } from './api';

/** The studio's calls, made with the sagas' client. */
export function* studioApi() {
  return createStudioApi(yield* getContext<ApiClient>('api'));
}
