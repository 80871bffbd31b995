import { call, getContext, put, takeLatest } from 'typed-redux-saga';
import { CLASS_NOW_PATHS, type StuckBody } from '../../../../contract/classNow';
import { PROGRESS_PATHS, type ProgressBody } from '../../../../contract/progress';
import type { ApiRequest } from '../../../api/transport';
import type { ApiClient } from '../../../api/types';
import { placeKey, stuckActions } from './stuckSlice';

/**
 * Saves the step first, then says "stuck" on it: the teacher must see the step on the child's
 * screen, even when the gallery's debounced save of the place has not gone out yet.
 */
function* tellTeacher({ payload }: ReturnType<typeof stuckActions.stuckTapped>) {
  const api = yield* getContext<ApiClient>('api');
  const key = placeKey(payload);
  const place: ProgressBody = { lessonId: payload.lessonId, tabId: payload.tabId, tabIndex: payload.tabIndex, tabs: payload.tabs, step: payload.step, steps: payload.steps };
  const stuck: StuckBody = { lessonId: payload.lessonId };
  try {
    const save: ApiRequest = { method: 'PUT', path: PROGRESS_PATHS.myProgress, body: place, expiry: 'jwt' };
    yield* call([api, api.request], save);
    const tell: ApiRequest = { method: 'POST', path: CLASS_NOW_PATHS.myStuck, body: stuck, expiry: 'jwt' };
    yield* call([api, api.request], tell);
    yield* put(stuckActions.stuckSent({ key }));
  } catch {
    yield* put(stuckActions.stuckFailed({ key }));
  }
}

export function* stuckSaga() {
  yield* takeLatest(stuckActions.stuckTapped, tellTeacher);
}

