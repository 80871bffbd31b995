/** The QA inbox's calls of the portal backend: the reports, one report, its status and comment. */
import { REPORT_PATHS, type ProblemReportDetail, type ProblemReportPage, type ProblemReportUpdate } from '../../../contract/reports';
import { expectRecord, portalCall } from '../../api/portalCall';
import { REPORTS_PER_PAGE, type ReportQuery } from './qaInboxSlice';

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

export const getReports = portalCall((query: ReportQuery) => ({ method: 'GET', path: listPath(query) }), expectRecord<ProblemReportPage>);
export const getReport = portalCall((id: number) => ({ method: 'GET', path: REPORT_PATHS.report(id) }), expectRecord<ProblemReportDetail>);
export const updateReport = portalCall((id: number, body: ProblemReportUpdate) => ({ method: 'PATCH', path: REPORT_PATHS.report(id), body }), expectRecord<ProblemReportDetail>);
