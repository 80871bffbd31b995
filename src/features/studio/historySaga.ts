/** The studio's history and trash flows: load a page's versions, put one back, load the trash, restore. */
import { call, put, takeEvery, takeLatest } from 'typed-redux-saga';
import type { StudioModel, StudioProgram } from '../../../contract/studio';
import { toApiError } from '../../api/errors';
import { historyActions } from './historySlice';
import { studioApi } from './studioApi';
import { studioActions } from './studioSlice';

function* loadHistory(id: number) {
  try {
    const studio = yield* call(studioApi);
    const history = yield* call([studio, studio.getHistory], id);
    yield* put(historyActions.historyLoaded({ id, versions: history.versions }));
  } catch (error) {
    yield* put(historyActions.historyFailed({ id, error: toApiError(error) }));
  }
}

function* onHistoryOpened({ payload }: ReturnType<typeof historyActions.historyOpened>) {
  yield* call(loadHistory, payload.id);
}

/** The page as put back is what the editor shows now; the history gains the new version. */
function* onPutBack({ payload }: ReturnType<typeof historyActions.putBackRequested>) {
  try {
    const studio = yield* call(studioApi);
    const page: StudioProgram | StudioModel = yield* call([studio, studio.putBack], payload.id, payload.versionId);
    yield* put(studioActions.saved({ page, notice: 'putBackNotice' }));
    yield* put(historyActions.putBackFinished({ id: payload.id, error: null }));
  } catch (error) {
    yield* put(historyActions.putBackFinished({ id: payload.id, error: toApiError(error) }));
  }
  yield* call(loadHistory, payload.id);
}

/** A publish is a new version: an open history shows it. */
function* onSaved({ payload }: ReturnType<typeof studioActions.saved>) {
  if (payload.notice === 'publishedNotice') yield* call(loadHistory, payload.page.id);
}

function* onTrashRequested() {
  try {
    const studio = yield* call(studioApi);
    yield* put(historyActions.trashLoaded((yield* call([studio, studio.getTrash])).entries));
  } catch (error) {
    yield* put(historyActions.trashFailed(toApiError(error)));
  }
}

function* onRestore({ payload }: ReturnType<typeof historyActions.restoreRequested>) {
  try {
    const studio = yield* call(studioApi);
    const page = yield* call([studio, studio.restore], payload.id);
    yield* put(historyActions.restored(page));
    yield* put('programId' in page ? studioActions.modelLoaded(page) : studioActions.programLoaded(page));
  } catch (error) {
    yield* put(historyActions.restoreFailed({ id: payload.id, error: toApiError(error) }));
  }
}

export function* historySaga() {
  yield* takeLatest(historyActions.historyOpened, onHistoryOpened);
  yield* takeEvery(historyActions.putBackRequested, onPutBack);
  yield* takeEvery(studioActions.saved, onSaved);
  yield* takeLatest(historyActions.trashRequested, onTrashRequested);
  yield* takeEvery(historyActions.restoreRequested, onRestore);
}
