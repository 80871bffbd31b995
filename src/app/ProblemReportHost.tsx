import { lazy, Suspense, useEffect, useState } from 'react';
import { onProblemReportRequested, type ProblemReportRequest } from '../shared/problemReportRequests';
import type { ReportDraft } from '../features/report/ReportDialog';

/** The dialog is its own chunk, downloaded the first time someone reports a problem. */
const ReportDialog = lazy(() => import(/* webpackChunkName: "problem-report" */ '../features/report/ReportDialog'));

/**
 * Shows the "Report a problem" dialog when the menu, an error screen or the crash handler asks for
 * it. A note closed without sending (Cancel, Escape) is kept here, beside the router, so it is
 * there again on the next opening, whichever page that is on.
 */
export function ProblemReportHost() {
  const [request, setRequest] = useState<ProblemReportRequest | null>(null);
  const [draft, setDraft] = useState<ReportDraft | undefined>(undefined);
  useEffect(() => onProblemReportRequested((next) => setRequest({ ...next })), []);
  if (!request) return null;
  return (
    <Suspense fallback={null}>
      <ReportDialog error={request.error} draft={draft} onDraftChange={setDraft} onClose={() => setRequest(null)} />
    </Suspense>
  );
}
