/** The student's page details and the audit log: the portal backend's student routes (contract/rosterEdit.ts). */
import {
  ROSTER_PATHS,
  type AuditPage,
  type AuditQuery,
  type RosterMoveBody,
  type RosterReactivateBody,
  type RosterStudent,
  type RosterStudentEdit,
} from '../../../contract/rosterEdit';
import { unexpectedAnswer } from '../../api/errors';
import { expectRecord, portalCall } from '../../api/portalCall';

/** An audit page whose entries are not a list cannot be shown. */
function expectAuditPage(answer: unknown): AuditPage {
  const page = expectRecord<AuditPage>(answer);
  if (!Array.isArray(page.entries)) throw unexpectedAnswer();
  return page;
}

/** The filters as a query string: those left empty are not sent. */
function queryString(query: AuditQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

export const getStudent = portalCall((id: number) => ({ method: 'GET', path: ROSTER_PATHS.student(id) }), expectRecord<RosterStudent>);

export const editStudent = portalCall((id: number, edit: RosterStudentEdit) => ({ method: 'PATCH', path: ROSTER_PATHS.student(id), body: edit }), expectRecord<RosterStudent>);

/** The lessons end today and the student can no longer sign in. */
export const endStudent = portalCall((id: number) => ({ method: 'POST', path: ROSTER_PATHS.studentEnd(id) }), expectRecord<RosterStudent>);

/** endDate YYYY-MM-DD, after today. */
export const reactivateStudent = portalCall(
  (id: number, endDate: string) => ({ method: 'POST', path: ROSTER_PATHS.studentReactivate(id), body: { LessonEndDate: endDate } satisfies RosterReactivateBody }),
  expectRecord<RosterStudent>,
);

/** To another franchise owner (an administrator's move). */
export const moveStudent = portalCall(
  (id: number, teacherId: number) => ({ method: 'POST', path: ROSTER_PATHS.studentMove(id), body: { teacherId } satisfies RosterMoveBody }),
  expectRecord<RosterStudent>,
);

export const getAudit = portalCall((query: AuditQuery) => ({ method: 'GET', path: `${ROSTER_PATHS.audit}${queryString(query)}` }), expectAuditPage);
