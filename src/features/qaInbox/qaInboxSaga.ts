import { call, put, takeLatest } from 'typed-redux-saga';
import { toApiError } from '../../api/errors';
import { getReport, getReports, updateReport } from './api';
import { qaInboxActions } from './qaInboxSlice';

function* loadList({ payload }: ReturnType<typeof qaInboxActions.listRequested>) {
  try {
    const page = yield* call(getReports, payload);
    yield* put(qaInboxActions.listLoaded({ reports: page.reports, total: page.total }));
  } catch (error) {
    yield* put(qaInboxActions.listFailed(toApiError(error)));
  }
}

function* loadDetail({ payload }: ReturnType<typeof qaInboxActions.detailRequested>) {
  try {
    const report = yield* call(getReport, payload.id);
    yield* put(qaInboxActions.detailLoaded(report));
  } catch (error) {
    yield* put(qaInboxActions.detailFailed({ id: payload.id, error: toApiError(error) }));
  }
}

function* save({ payload }: ReturnType<typeof qaInboxActions.saveRequested>) {
  try {
    const report = yield* call(updateReport, payload.id, { status: payload.status, comment: payload.comment });
    yield* put(qaInboxActions.saved(report));
  } catch (error) {
    yield* put(qaInboxActions.saveFailed(toApiError(error)));
  }
}

export function* qaInboxSaga() {
  yield* takeLatest(qaInboxActions.listRequested, loadList);
  yield* takeLatest(qaInboxActions.detailRequested, loadDetail);
  yield* takeLatest(qaInboxActions.saveRequested, save);
}

