/**
 * Editing, ending, re-activating and moving a student, and the audit log (contract/rosterEdit.ts),
 * over the ApiClient's transport. Imported only by those screens' saga, so it loads with them.
 */
import { ROSTER_PATHS, type AuditPage, type AuditQuery, type RosterMoveBody, type RosterReactivateBody, type RosterStudent } from '../../contract/rosterEdit';
import { unexpectedAnswer } from './errors';
import { expectRecord } from './portalAnswers';
import type { ApiRequest } from './transport';
import type { RosterEditApi } from './types';

type Send = (request: ApiRequest) => Promise<unknown>;

function expectAuditPage(answer: unknown): AuditPage {
  const page = expectRecord<AuditPage>(answer);
  if (!Array.isArray(page.entries)) throw unexpectedAnswer();
  return page;
}

function queryString(query: AuditQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

export function createRosterEditApi(send: Send): RosterEditApi {
  const call = (method: ApiRequest['method'], path: string, body?: object) => send({ method, path, ...(body ? { body } : {}), expiry: 'jwt' });
  return {
    getStudent: (id) => call('GET', ROSTER_PATHS.student(id)).then(expectRecord<RosterStudent>),
    editStudent: (id, edit) => call('PATCH', ROSTER_PATHS.student(id), edit).then(expectRecord<RosterStudent>),
    endStudent: (id) => call('POST', ROSTER_PATHS.studentEnd(id)).then(expectRecord<RosterStudent>),
    reactivateStudent: (id, endDate) => call('POST', ROSTER_PATHS.studentReactivate(id), { LessonEndDate: endDate } satisfies RosterReactivateBody).then(expectRecord<RosterStudent>),
    moveStudent: (id, teacherId) => call('POST', ROSTER_PATHS.studentMove(id), { teacherId } satisfies RosterMoveBody).then(expectRecord<RosterStudent>),
    getAudit: (query) => call('GET', `${ROSTER_PATHS.audit}${queryString(query)}`).then(expectAuditPage),
  };
}
