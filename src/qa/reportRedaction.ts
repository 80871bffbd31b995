/**
 * What a problem report's action log may carry: the recorder's log (already without secrets, see
 * devToolsSanitizers.ts) with people's personal data redacted too (contract/reports.ts lists the
 * keys: names, e-mail addresses and phone numbers of children, parents and staff). A replay of the
 * redacted log ends in the redacted final state: the same values are redacted wherever they appear.
 */
import { REPORT_PERSONAL_KEYS, REPORT_SECRET_KEYS } from '../../contract/reports';
import type { ActionLog } from './logFormat';
import { createRedactor } from '../shared/redaction';

const report = createRedactor(new Set<string>([...REPORT_SECRET_KEYS, ...REPORT_PERSONAL_KEYS]));

/** A state redacted as a report's log redacts it (compare a replay's final state with the log's finalState). */
export const redactStateForReport = report.state;

export function redactLogForReport(log: ActionLog): ActionLog {
  return {
    ...log,
    startState: report.state(log.startState),
    actions: log.actions.map((entry) => ({ time: entry.time, action: report.action(entry.action) })),
    ...(log.finalState ? { finalState: report.state(log.finalState) } : {}),
  };
}
