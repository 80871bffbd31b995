/**
 * Crashes report themselves: an uncaught error, a rejected promise nobody handled, or a
 * feature's saga that threw is recorded in the action log (app/crashed, app/sagaCrashed) and the
 * "Report a problem" dialog is offered with the error attached, once per page load. The error
 * carries its message and stack only: code locations, never the user's data.
 */
import type { Middleware } from '@reduxjs/toolkit';
import type { ReportedError } from '../../contract/reports';
import { requestProblemReport } from '../shared/problemReportRequests';
import { appEvents } from './rootSaga';

/** Browser noise that is no crash of ours. */
const IGNORED = /ResizeObserver loop|Script error\.?$/;

export function errorDetails(error: unknown, source: string): ReportedError {
  const message = (error instanceof Error ? error.message : typeof error === 'string' ? error : 'Unknown error').slice(0, 1000) || 'Unknown error';
  const stack = error instanceof Error && typeof error.stack === 'string' ? error.stack.slice(0, 8000) : undefined;
  return { message, ...(stack ? { stack } : {}), source };
}

export function createCrashReporter(dispatch: (action: { type: string }) => unknown) {
  let offered = false;
  const offer = (details: ReportedError) => {
    if (offered || IGNORED.test(details.message)) return;
    offered = true;
    requestProblemReport({ error: details });
  };
  const middleware: Middleware = () => (next) => (action) => {
    const result = next(action);
    if (appEvents.sagaCrashed.match(action)) offer({ message: action.payload.message.slice(0, 1000) || 'A saga failed', ...(action.payload.stack ? { stack: action.payload.stack } : {}), source: action.payload.saga });
    return result;
  };
  const listen = (target: Window) => {
    target.addEventListener('error', (event) => {
      const details = errorDetails(event.error ?? event.message, 'window');
      if (IGNORED.test(details.message)) return;
      dispatch(appEvents.crashed(details));
      offer(details);
    });
    target.addEventListener('unhandledrejection', (event) => {
      const details = errorDetails(event.reason, 'promise');
      dispatch(appEvents.crashed(details));
      offer(details);
    });
  };
  return { middleware, listen };
}
