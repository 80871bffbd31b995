/**
 * The bulk import's side effects: send the chosen file (its progress as plain actions through an
 * eventChannel), confirm the preview, then follow the sign-in mails the server makes afterwards
 * until all are done; the roster lists load again so they count the new students.
 */
import { buffers, END, eventChannel } from 'redux-saga';
import { call, delay, getContext, put, take, takeLatest, takeLeading } from 'typed-redux-saga';
import type { StudentImportPreview } from '../../../contract/studentImport';
import { toApiError } from '../../api/errors';
import type { ApiClient, ApiError, StudentImportApi } from '../../api/types';
import { createStudentImportApi } from '../../api/studentImportClient';
import { rosterListsActions } from '../../entities/roster/rosterListsSlice';
import { selectUserRole } from '../../entities/session/sessionSelectors';
import { selectFromStore } from '../../shared/storeHooks';
import { takeImportFile } from './importFiles';
import { selectStudentImport, studentImportActions } from './studentImportSlice';

export const MAIL_POLL_MS = 1000;

type UploadEvent = { type: 'progress'; fraction: number } | { type: 'done'; preview: StudentImportPreview } | { type: 'failed'; error: ApiError };

function uploadEvents(api: StudentImportApi, file: Blob & { name?: string }, ownerId: number | null) {
  return eventChannel<UploadEvent>((emit) => {
    api.upload(file, ownerId, (fraction) => emit({ type: 'progress', fraction })).then(
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

/** The import's calls: the API client's own when it brings them (tests), else made here, with the session's token. */
function* importApi() {
  const api = yield* getContext<ApiClient>('api');
  if (api.studentImports) return yield* call([api, api.studentImports]);
  const { siteUrl, token } = yield* selectFromStore((state) => ({ siteUrl: state.config.siteUrl, token: state.session.token }));
  return createStudentImportApi({ siteUrl, getToken: () => token });
}

type Step = 'upload' | 'confirm' | 'poll';

function* failed(step: Step, error: ApiError) {
  yield* put(studentImportActions.failed({ step, error }));
  if (error.kind !== 'expired') return;
  // A rejected token: the app's own client checks it, and ends the session as it always does.
  const api = yield* getContext<ApiClient>('api');
  try {
    yield* call([api, api.validateToken]);
  } catch {
    // the session has ended
  }
}

function* upload({ payload }: ReturnType<typeof studentImportActions.fileChosen>) {
  const file = takeImportFile(payload.fileId);
  if (!file) return;
  try {
    const api = yield* call(importApi);
    const events = yield* call(uploadEvents, api, file, payload.ownerId);
    try {
      for (;;) {
        const event = yield* take(events);
        if (event.type === 'progress') yield* put(studentImportActions.uploadProgressed(Math.min(0.99, event.fraction)));
        else if (event.type === 'done') return yield* put(studentImportActions.previewReceived(event.preview));
        else return yield* call(failed, 'upload' as Step, event.error);
      }
    } finally {
      events.close();
    }
  } catch (error) {
    yield* call(failed, 'upload' as Step, toApiError(error));
  }
}

/** Asks for the import every MAIL_POLL_MS until every sign-in mail is made. */
function* followMails(api: StudentImportApi, preview: StudentImportPreview) {
  let current = preview;
  while (current.signInMails.done < current.signInMails.total) {
    yield* delay(MAIL_POLL_MS);
    try {
      current = yield* call([api, api.get], current.id);
      yield* put(studentImportActions.previewReceived(current));
    } catch (error) {
      const apiError = toApiError(error);
      yield* call(failed, 'poll' as Step, apiError);
      if (apiError.kind === 'expired') return;
    }
  }
}

function* confirm({ payload }: ReturnType<typeof studentImportActions.confirmRequested>) {
  const { preview } = yield* selectFromStore(selectStudentImport);
  if (!preview) return;
  let api: StudentImportApi;
  let imported: StudentImportPreview;
  try {
    api = yield* call(importApi);
    imported = yield* call([api, api.confirm], preview.id, payload.skipDuplicates);
    yield* put(studentImportActions.previewReceived(imported));
  } catch (error) {
    return yield* call(failed, 'confirm' as Step, toApiError(error));
  }
  // The lists load again when next opened, counting the new students.
  yield* put(rosterListsActions.listsChanged());
  yield* call(followMails, api, imported);
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
