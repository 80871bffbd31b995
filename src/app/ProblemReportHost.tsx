import { lazy, Suspense, useEffect, useState } from 'react';
import { onProblemReportRequested, type ProblemReportRequest } from '../shared/problemReportRequests';

/** The dialog is its own chunk, downloaded the first time someone reports a problem. */
const ReportDialog = lazy(() => import(/* webpackChunkName: "problem-report" */ '../features/report/ReportDialog'));

/** Shows the "Report a problem" dialog when the menu, an error screen or the crash handler asks for it. */
export function ProblemReportHost() {
  const [request, setRequest] = useState<ProblemReportRequest | null>(null);
  useEffect(() => onProblemReportRequested((next) => setRequest({ ...next })), []);
  if (!request) return null;
  return (
    <Suspense fallback={null}>
      <ReportDialog error={request.error} onClose={() => setRequest(null)} />
    </Suspense>
  );
}
