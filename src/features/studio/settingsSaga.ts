/** Loads and saves the administrators' setting about students' programs. */
import { call, put, takeLatest } from 'typed-redux-saga';
import { toApiError } from '../../api/errors';
import { settingsActions } from './settingsSlice';
import { studioApi } from './studioApi';

function* onRequested() {
  try {
    const studio = yield* call(studioApi);
    yield* put(settingsActions.loaded(yield* call([studio, studio.getSettings])));
  } catch (error) {
    yield* put(settingsActions.loadFailed(toApiError(error)));
  }
}

function* onChanged({ payload }: ReturnType<typeof settingsActions.changed>) {
  try {
    const studio = yield* call(studioApi);
    yield* put(settingsActions.loaded(yield* call([studio, studio.saveSettings], payload)));
  } catch (error) {
    yield* put(settingsActions.saveFailed(toApiError(error)));
  }
}

export function* settingsSaga() {
  yield* takeLatest(settingsActions.requested, onRequested);
  yield* takeLatest(settingsActions.changed, onChanged);
}
