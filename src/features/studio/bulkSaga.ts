/** Bulk publish, hide, show, unpublish and delete: one request, then the studio's lists as the server has them. */
import { call, put, takeLatest } from 'typed-redux-saga';
import { toApiError } from '../../api/errors';
import { selectFromStore } from '../../shared/storeHooks';
import { bulkActions } from './bulkSlice';
import { studioApi } from './studioApi';
import { selectStudio } from './studioSelectors';
import { studioActions } from './studioSlice';

function* onBulk({ payload }: ReturnType<typeof bulkActions.requested>) {
  try {
    const studio = yield* call(studioApi);
    const outcome = yield* call([studio, studio.bulk], payload.action, payload.ids);
    if (payload.action === 'delete') {
      const { content } = yield* selectFromStore(selectStudio);
      for (const id of outcome.done) yield* put(studioActions.deleted({ id, programId: content.models.entities[id]?.programId ?? null }));
    }
    yield* put(studioActions.catalogueLoaded(outcome.catalogue));
    yield* put(bulkActions.finished({ action: payload.action, outcome }));
  } catch (error) {
    yield* put(bulkActions.failed(toApiError(error)));
  }
}

export function* bulkSaga() {
  yield* takeLatest(bulkActions.requested, onBulk);
}
