import { call, getContext, put, takeLatest } from 'typed-redux-saga';
import { REPORT_PATHS, type ProblemReportDetail, type ProblemReportPage, type ProblemReportUpdate } from '../../../contract/reports';
import { toApiError } from '../../api/errors';
import { expectRecord } from '../../api/portalAnswers';
import type { ApiRequest } from '../../api/transport';
import type { ApiClient } from '../../api/types';
import { qaInboxActions, REPORTS_PER_PAGE, type ReportQuery } from './qaInboxSlice';

const asRequest = (req: ApiRequest): ApiRequest => req;

function* request(req: ApiRequest) {
  const api = yield* getContext<ApiClient>('api');
  return yield* call([api, api.request], req);
}

export function listPath(query: ReportQuery): string {
  const params = new URLSearchParams();
  for (const key of ['status', 'role', 'program', 'appVersion'] as const) {
    const value = query[key];
    if (value) params.set(key, value);
  }
  params.set('page', String(query.page));
  params.set('per_page', String(REPORTS_PER_PAGE));
  return `${REPORT_PATHS.reports}?${params.toString()}`;
}

function* loadList({ payload }: ReturnType<typeof qaInboxActions.listRequested>) {
  try {
    const page = expectRecord<ProblemReportPage>(yield* call(request, asRequest({ method: 'GET', path: listPath(payload), expiry: 'jwt' })));
    yield* put(qaInboxActions.listLoaded({ reports: page.reports, total: page.total }));
  } catch (error) {
    yield* put(qaInboxActions.listFailed(toApiError(error)));
  }
}

function* loadDetail({ payload }: ReturnType<typeof qaInboxActions.detailRequested>) {
  try {
    const report = expectRecord<ProblemReportDetail>(yield* call(request, asRequest({ method: 'GET', path: REPORT_PATHS.report(payload.id), expiry: 'jwt' })));
    yield* put(qaInboxActions.detailLoaded(report));
  } catch (error) {
    yield* put(qaInboxActions.detailFailed({ id: payload.id, error: toApiError(error) }));
  }
}

function* save({ payload }: ReturnType<typeof qaInboxActions.saveRequested>) {
  const body: ProblemReportUpdate = { status: payload.status, comment: payload.comment };
  try {
    const report = expectRecord<ProblemReportDetail>(yield* call(request, asRequest({ method: 'PATCH', path: REPORT_PATHS.report(payload.id), body, expiry: 'jwt' })));
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

