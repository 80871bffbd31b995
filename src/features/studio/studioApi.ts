import { call, getContext } from 'typed-redux-saga';
import type { ApiClient } from '../../api/types';

/** The studio's calls (their code loads with the first one). */
export function* studioApi() {
  const api = yield* getContext<ApiClient>('api');
  return yield* call([api, api.studio]);
}
