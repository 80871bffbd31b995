import { call, put, takeEvery, takeLatest } from 'typed-redux-saga';
import { toApiError } from '../../api/errors';
import { getErasureRequests, getFamilyLanguage, putFamilyLanguage } from './api';
import { familyOwnerActions } from './familyOwnerSlice';

function* loadLanguage({ payload }: ReturnType<typeof familyOwnerActions.languageRequested>) {
  try {
    const setting = yield* call(getFamilyLanguage, payload.parentEmail, payload.ownerId);
    yield* put(familyOwnerActions.languageLoaded({ parentEmail: payload.parentEmail, language: setting.language }));
  } catch (error) {
    yield* put(familyOwnerActions.languageFailed({ parentEmail: payload.parentEmail, error: toApiError(error) }));
  }
}

function* saveLanguage({ payload }: ReturnType<typeof familyOwnerActions.languageChanged>) {
  try {
    const setting = yield* call(putFamilyLanguage, payload.parentEmail, payload.ownerId, payload.language);
    yield* put(familyOwnerActions.languageSaved({ parentEmail: payload.parentEmail, language: setting.language }));
  } catch (error) {
    yield* put(familyOwnerActions.languageSaveFailed({ parentEmail: payload.parentEmail, error: toApiError(error) }));
  }
}

/** The notice's and the student page's list: a failure only means no notice. */
function* loadErasureRequests() {
  try {
    yield* put(familyOwnerActions.erasureRequestsLoaded(yield* call(getErasureRequests)));
  } catch (error) {
    yield* put(familyOwnerActions.erasureRequestsFailed(toApiError(error)));
  }
}

export function* familyOwnerSaga() {
  yield* takeEvery(familyOwnerActions.languageRequested, loadLanguage);
  yield* takeLatest(familyOwnerActions.languageChanged, saveLanguage);
  yield* takeLatest(familyOwnerActions.erasureRequestsRequested, loadErasureRequests);
}
