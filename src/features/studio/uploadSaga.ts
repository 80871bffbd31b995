/**
 * Uploads: every queued file goes into one channel that UPLOAD_WORKERS workers take from, so at
 * most that many are sent at once; each sends one file and turns its XMLHttpRequest's progress
 * into plain actions through an eventChannel. A refused file says the server's reason and the
 * batch goes on; a failed file can be sent again.
 */
import { buffers, channel, END, eventChannel, type Channel } from 'redux-saga';
import { call, fork, put, take, takeEvery } from 'typed-redux-saga';
import { toApiError } from '../../api/errors';
import type { ApiError } from '../../api/types';
import type { StudioApi, UploadKind, UploadResult } from './api';
import { selectFromStore } from '../../shared/storeHooks';
import { studioFailure, selectUploads } from './studioSelectors';
import { studioApi } from './studioApi';
import { fileOf, forgetFile } from './uploadFiles';
import { studioEditorMessages } from './studio.messages';
import { uploadActions, type UploadItem } from './uploadsSlice';

export const UPLOAD_WORKERS = 3;

type UploadEvent = { type: 'progress'; fraction: number } | { type: 'done'; result: UploadResult } | { type: 'failed'; error: ApiError };

export function uploadEvents(studio: StudioApi, kind: UploadKind, file: Blob & { name?: string }) {
  return eventChannel<UploadEvent>((emit) => {
    const abort = new AbortController();
    studio.upload(kind, file, (fraction) => emit({ type: 'progress', fraction }), abort.signal).then(
      (result) => {
        emit({ type: 'done', result });
        emit(END);
      },
      (error: unknown) => {
        emit({ type: 'failed', error: toApiError(error) });
        emit(END);
      },
    );
    return () => abort.abort();
  }, buffers.expanding(16));
}

/** What a refused or failed file shows: the server's reason when it gave one. */
const reasonOf = (error: ApiError) => (error.kind === 'network' ? studioEditorMessages.get().connectionDropped : studioFailure(error));

function* uploadOne(item: UploadItem) {
  const file = fileOf(item.id);
  if (!file) return yield* put(uploadActions.failed({ id: item.id, error: studioEditorMessages.get().fileGone }));
  yield* put(uploadActions.started({ id: item.id }));
  let studio: StudioApi;
  try {
    studio = yield* call(studioApi);
  } catch (error) {
    return yield* put(uploadActions.failed({ id: item.id, error: reasonOf(toApiError(error)) }));
  }
  const events = yield* call(uploadEvents, studio, item.uploadKind, file);
  try {
    for (;;) {
      const event = yield* take(events);
      if (event.type === 'progress') {
        yield* put(uploadActions.progressed({ id: item.id, progress: Math.min(0.99, event.fraction) }));
      } else if (event.type === 'done') {
        forgetFile(item.id);
        return yield* put(uploadActions.succeeded({ id: item.id, target: item.target, result: event.result, batch: item.batch, seq: item.seq, name: item.name }));
      } else {
        return yield* put(uploadActions.failed({ id: item.id, error: reasonOf(event.error) }));
      }
    }
  } finally {
    events.close();
  }
}

function* worker(queue: Channel<string>) {
  for (;;) {
    const id = yield* take(queue);
    const item = (yield* selectFromStore(selectUploads)).find((candidate) => candidate.id === id);
    if (item?.status === 'queued') yield* call(uploadOne, item);
  }
}

export function* uploadSaga() {
  const queue = yield* call(channel<string>, buffers.expanding<string>(64));
  for (let i = 0; i < UPLOAD_WORKERS; i += 1) yield* fork(worker, queue);
  yield* takeEvery(uploadActions.queued, ({ payload }) => {
    for (const item of payload) if (!item.refused) queue.put(item.id);
  });
  yield* takeEvery(uploadActions.retried, ({ payload }) => queue.put(payload.id));
}
