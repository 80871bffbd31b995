/** The problem report's call of the portal backend. */
import { REPORT_PATHS, type ProblemReportInput, type ProblemReportReceipt } from '../../../contract/reports';
import { expectRecord, portalCall } from '../../api/portalCall';

export const sendReport = portalCall((body: ProblemReportInput) => ({ method: 'POST', path: REPORT_PATHS.reports, body }), expectRecord<ProblemReportReceipt>);
