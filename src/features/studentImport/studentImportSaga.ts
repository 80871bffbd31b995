/**
 * The bulk import's side effects: send the chosen file (its progress as plain actions through an
 * eventChannel), confirm the preview, then follow the sign-in mails the server makes afterwards
 * until all are done; the roster lists load again so they count the new students.
 */
import { buffers, END, eventChannel } from 'redux-saga';
import { call, delay, getContext, put, take, takeLatest, takeLeading } from 'typed-redux-saga';
import type { StudentImportPreview } from '../../../contract/studentImport';
import { toApiError } from '../../api/errors';
import type { ApiClient, ApiError } from '../../api/types';
import { rosterListsActions } from '../../entities/roster/rosterListsSlice';
import { selectUserRole } from '../../entities/session/sessionSelectors';
import { selectFromStore } from '../../shared/storeHooks';
import { confirmImport, getImport, uploadImportFile } from './api';
import { takeImportFile } from './importFiles';
import { selectStudentImport, studentImportActions } from './studentImportSlice';

export const MAIL_POLL_MS = 1000;

type UploadEvent = { type: 'progress'; fraction: number } | { type: 'done'; preview: StudentImportPreview } | { type: 'failed'; error: ApiError };

function uploadEvents(api: ApiClient, file: Blob & { name?: string }, ownerId: number | null) {
  return eventChannel<UploadEvent>((emit) => {
    uploadImportFile(api, file, ownerId, (fraction) => emit({ type: 'progress', fraction })).then(
      (preview) => {
        emit({ type: 'done', preview });
        emit(END);
      },
      (error: unknown) => {
        emit({ type: 'failed', error: toApiError(error) });
        emit(END);
      },
    );
    return () => undefined;
  }, buffers.expanding(16));
}

function* upload({ payload }: ReturnType<typeof studentImportActions.fileChosen>) {
  const file = takeImportFile(payload.fileId);
  if (!file) return;
  try {
    const api = yield* getContext<ApiClient>('api');
    const events = yield* call(uploadEvents, api, file, payload.ownerId);
    try {
      for (;;) {
        const event = yield* take(events);
        if (event.type === 'progress') yield* put(studentImportActions.uploadProgressed(Math.min(0.99, event.fraction)));
        else if (event.type === 'done') return yield* put(studentImportActions.previewReceived(event.preview));
        else return yield* put(studentImportActions.failed({ step: 'upload', error: event.error }));
      }
    } finally {
      events.close();
    }
  } catch (error) {
    yield* put(studentImportActions.failed({ step: 'upload', error: toApiError(error) }));
  }
}

/** Asks for the import every MAIL_POLL_MS until every sign-in mail is made. */
function* followMails(preview: StudentImportPreview) {
  let current = preview;
  while (current.signInMails.done < current.signInMails.total) {
    yield* delay(MAIL_POLL_MS);
    try {
      current = yield* call(getImport, current.id);
      yield* put(studentImportActions.previewReceived(current));
    } catch (error) {
      const apiError = toApiError(error);
      yield* put(studentImportActions.failed({ step: 'poll', error: apiError }));
      // The app's client has ended the session: nothing more to follow.
      if (apiError.kind === 'expired') return;
    }
  }
}

function* confirm({ payload }: ReturnType<typeof studentImportActions.confirmRequested>) {
  const { preview } = yield* selectFromStore(selectStudentImport);
  if (!preview) return;
  let imported: StudentImportPreview;
  try {
    imported = yield* call(confirmImport, preview.id, payload.skipDuplicates);
    yield* put(studentImportActions.previewReceived(imported));
  } catch (error) {
    return yield* put(studentImportActions.failed({ step: 'confirm', error: toApiError(error) }));
  }
  // The lists load again when next opened, counting the new students.
  yield* put(rosterListsActions.listsChanged());
  yield* call(followMails, imported);
}

/** An administrator chooses the owner: the owners come with the roster's lists. */
function* opened() {
  const role = yield* selectFromStore(selectUserRole);
  if (role === 'administrator') yield* put(rosterListsActions.listsNeeded());
}

export function* studentImportSaga() {
  yield* takeLatest(studentImportActions.opened, opened);
  yield* takeLatest(studentImportActions.fileChosen, upload);
  // takeLeading: a second click while confirming must not send it twice.
  yield* takeLeading(studentImportActions.confirmRequested, confirm);
}
