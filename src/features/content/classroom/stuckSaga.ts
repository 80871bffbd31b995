import { call, put, takeLatest } from 'typed-redux-saga';
import type { ProgressBody } from '../../../../contract/progress';
import { saveStuckPlace, sayStuck } from '../api';
import { placeKey, stuckActions } from './stuckSlice';

/**
 * Saves the step first, then says "stuck" on it: the teacher must see the step on the child's
 * screen, even when the gallery's debounced save of the place has not gone out yet.
 */
function* tellTeacher({ payload }: ReturnType<typeof stuckActions.stuckTapped>) {
  const key = placeKey(payload);
  // With the tab's name, as the gallery saves it: Class now names the tab ("Build"), not "Part 1 of 3".
  const place: ProgressBody = { lessonId: payload.lessonId, tabId: payload.tabId, tabTitle: payload.tabTitle, tabIndex: payload.tabIndex, tabs: payload.tabs, step: payload.step, steps: payload.steps };
  try {
    yield* call(saveStuckPlace, place);
    yield* call(sayStuck, { lessonId: payload.lessonId });
    yield* put(stuckActions.stuckSent({ key }));
  } catch {
    yield* put(stuckActions.stuckFailed({ key }));
  }
}

export function* stuckSaga() {
  yield* takeLatest(stuckActions.stuckTapped, tellTeacher);
}

