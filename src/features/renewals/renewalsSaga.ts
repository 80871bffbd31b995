import { call, getContext, put, select, takeLatest, takeLeading } from 'typed-redux-saga';
import type { MonthlyReportRow } from '../../../contract/lessons';
import { toApiError } from '../../api/errors';
import type { ApiClient } from '../../api/types';
import { loadExporter } from '../../shared/export/exportService';
import { currentFormatters } from '../../shared/i18n/formatting';
import { getFamilySummary, getLessonSettings, getMonthlyReport, getRenewalsDue, putFamilySummary, putLessonSettings } from './api';
import { exportColumns, reportSortValue } from './reportColumns';
import { reportMessages } from './report.messages';
import { renewalsActions, selectRenewals, type OwnerChoice } from './renewalsSlice';
import { sortRows } from './sorting';

function* loadDue({ payload }: ReturnType<typeof renewalsActions.dueRequested>) {
  try {
    yield* put(renewalsActions.dueLoaded(yield* call(getRenewalsDue, payload)));
  } catch (error) {
    yield* put(renewalsActions.dueFailed(toApiError(error)));
  }
}

/** The franchise owners, for an administrator's filters (their countries make the country filter). */
function* loadOwners() {
  const { owners } = yield* select(selectRenewals);
  if (owners.status === 'ready') return;
  const api = yield* getContext<ApiClient>('api');
  try {
    const users = yield* call([api, api.getAllUsers]);
    const choices: OwnerChoice[] = users
      .filter((user) => user.role === 'franchise_owner')
      .map((user) => ({ id: user.id, name: `${user.firstName} ${user.lastName}`.trim(), country: user.country }))
      .sort((a, b) => a.name.localeCompare(b.name));
    yield* put(renewalsActions.ownersLoaded(choices));
  } catch (error) {
    yield* put(renewalsActions.ownersFailed(toApiError(error)));
  }
}

function* loadSettings() {
  try {
    yield* put(renewalsActions.settingsLoaded(yield* call(getLessonSettings)));
  } catch (error) {
    yield* put(renewalsActions.settingsFailed(toApiError(error)));
  }
}

/** New thresholds change who is listed: the list loads again with them. */
function* saveSettings({ payload }: ReturnType<typeof renewalsActions.settingsSaveRequested>) {
  try {
    yield* put(renewalsActions.settingsSaved(yield* call(putLessonSettings, payload)));
  } catch (error) {
    yield* put(renewalsActions.settingsSaveFailed(toApiError(error)));
    return;
  }
  const { query } = yield* select(selectRenewals);
  yield* put(renewalsActions.dueRequested(query));
}

/** The students list's notice: a failure only means no notice. */
function* loadCount() {
  try {
    const rows = yield* call(getRenewalsDue, { ownerId: null, country: null });
    yield* put(renewalsActions.countLoaded(rows.length));
  } catch {
    yield* put(renewalsActions.countFailed());
  }
}

function* loadReport({ payload }: ReturnType<typeof renewalsActions.reportRequested>) {
  try {
    yield* put(renewalsActions.reportLoaded(yield* call(getMonthlyReport, payload.month)));
  } catch (error) {
    yield* put(renewalsActions.reportFailed(toApiError(error)));
  }
}

/** The report as the table shows it (its sort, then the totals row), in the language on screen. */
function* exportReport({ payload }: ReturnType<typeof renewalsActions.reportExportRequested>) {
  const { report } = yield* select(selectRenewals);
  if (!report.value) return;
  const t = reportMessages.get();
  const { month, rows, totals } = report.value;
  const sorted = sortRows(rows, payload.sort, reportSortValue, currentFormatters().language);
  const totalRow: MonthlyReportRow = { ownerId: 0, ownerName: t.total, country: '', ...totals };
  try {
    const exporter = yield* call(loadExporter);
    const result = yield* call(exporter.exportToFile<MonthlyReportRow>, {
      rows: [...sorted, totalRow],
      columns: exportColumns(t),
      fileName: t.fileName({ month }),
      sheetName: t.sheetName({ month }),
    });
    yield* put(renewalsActions.reportExported({ fileName: result.fileName }));
  } catch (error) {
    yield* put(renewalsActions.reportExportFailed(toApiError(error, 'export_failed')));
  }
}

function* loadFamilySummary() {
  try {
    yield* put(renewalsActions.familySummaryLoaded((yield* call(getFamilySummary)).frequency));
  } catch (error) {
    yield* put(renewalsActions.familySummaryFailed(toApiError(error)));
  }
}

function* saveFamilySummary({ payload }: ReturnType<typeof renewalsActions.familySummaryChanged>) {
  try {
    yield* put(renewalsActions.familySummarySaved((yield* call(putFamilySummary, payload)).frequency));
  } catch (error) {
    yield* put(renewalsActions.familySummarySaveFailed(toApiError(error)));
  }
}

export function* renewalsSaga() {
  yield* takeLatest(renewalsActions.familySummaryRequested, loadFamilySummary);
  yield* takeLatest(renewalsActions.familySummaryChanged, saveFamilySummary);
  yield* takeLatest(renewalsActions.dueRequested, loadDue);
  yield* takeLatest(renewalsActions.ownersRequested, loadOwners);
  yield* takeLatest(renewalsActions.settingsRequested, loadSettings);
  yield* takeLeading(renewalsActions.settingsSaveRequested, saveSettings);
  yield* takeLatest(renewalsActions.countRequested, loadCount);
  yield* takeLatest(renewalsActions.reportRequested, loadReport);
  yield* takeLeading(renewalsActions.reportExportRequested, exportReport);
}
