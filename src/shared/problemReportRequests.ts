/**
 * Opens the "Report a problem" dialog from anywhere (the header menu, an error screen, the crash
 * handler) without loading it: the app's host (src/app/ProblemReportHost.tsx) listens and loads the
 * dialog's chunk on the first request. Opening a dialog is screen state, not the session's.
 */
import type { ReportedError } from '../../contract/reports';

export interface ProblemReportRequest {
  /** A crash the report is about (message and stack only). */
  error?: ReportedError;
}

/** Where reports that could not be sent wait (localStorage), until online or the next start. */
export const REPORT_QUEUE_KEY = 'yo-problem-reports';

type Listener = (request: ProblemReportRequest) => void;
let listener: Listener | null = null;
let pending: ProblemReportRequest | null = null;

export function requestProblemReport(request: ProblemReportRequest = {}): void {
  if (listener) listener(request);
  else pending = request;
}

/** The host's subscription; a request made before it mounted is delivered at once. */
export function onProblemReportRequested(next: Listener): () => void {
  listener = next;
  if (pending) {
    next(pending);
    pending = null;
  }
  return () => {
    if (listener === next) listener = null;
  };
}
