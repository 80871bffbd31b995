/**
 * Wire shapes of editing, ending, re-activating and moving a student, and of the audit log:
 * the portal backend's routes under /wp-json/yo/v1. Owners reach their own students,
 * administrators every student; the audit log is for administrators only.
 */
import type { WireStudent } from './wire';

// Apart, so the login page carries these two strings and nothing else of this file.
export * from './signInStatus';

export const ROSTER_PATHS = {
  /** GET → RosterStudent; PATCH RosterStudentEdit → RosterStudent. */
  student: (id: number | string) => `/wp-json/yo/v1/students/${id}`,
  /** POST: end date today, sign-in disabled → RosterStudent. */
  studentEnd: (id: number | string) => `/wp-json/yo/v1/students/${id}/end`,
  /** POST RosterReactivateBody: a new end date (after today), sign-in enabled → RosterStudent. */
  studentReactivate: (id: number | string) => `/wp-json/yo/v1/students/${id}/reactivate`,
  /** POST RosterMoveBody, administrators only: the student goes to another franchise owner → RosterStudent. */
  studentMove: (id: number | string) => `/wp-json/yo/v1/students/${id}/move`,
  /** GET with AuditQuery as the query string, administrators only → AuditPage. */
  audit: '/wp-json/yo/v1/audit',
} as const;

export type RosterStudentStatus = 'active' | 'ended' | 'erased';

/** One student as the student's page shows it: the roster record plus the account's state. */
export interface RosterStudent extends WireStudent {
  /** The student's login name (users.username). */
  loginName: string;
  /** 'ended' once the lessons were ended (sign-in disabled) and until re-activated; 'erased' for good once the child's data was erased. */
  status: RosterStudentStatus;
  /** ISO 8601 UTC of ending, or null while active. */
  endedAt: string | null;
  signInDisabled: boolean;
}

/**
 * A partial edit, with the sign-up's parameter names and rules (create_student): only the fields
 * sent change. Names change the account's display name too; the parent e-mail is the account's e-mail.
 */
export interface RosterStudentEdit {
  ParentName?: string;
  StudentFirstName?: string;
  StudentLastName?: string;
  ParentEmail?: string;
  Phone?: string;
  Program?: string;
  /** YYYY-MM-DD */
  LessonStartDate?: string;
  /** YYYY-MM-DD, not before the start date. */
  LessonEndDate?: string;
  NumberOfLessons?: number | string;
}

export interface RosterReactivateBody {
  /** YYYY-MM-DD, after today and not before the start date. */
  LessonEndDate: string;
}

export interface RosterMoveBody {
  /** A franchise owner's user id. */
  teacherId: number;
}


export type AuditAction =
  | 'student.edit'
  | 'student.end'
  | 'student.reactivate'
  | 'student.move'
  | 'student.password_reset'
  | 'student.create'
  | 'student.sign_in_mail'
  | 'student.import_mail'
  | 'student.import'
  | 'student.erase'
  | 'student.anonymise'
  | 'student.erasure_requested'
  | 'user.create'
  | 'user.password_reset'
  | 'user.password_change'
  | 'user.terms_accept'
  | 'owner.edit'
  | 'owner.deactivate'
  | 'owner.reactivate';

/** The audit log's filters, all optional; dates YYYY-MM-DD (UTC, both inclusive). */
export interface AuditQuery {
  /** A student's user id (entries about that student). */
  student?: number | string;
  /** A franchise owner's id (entries about that owner's students and account). */
  owner?: number | string;
  action?: string;
  /** Who made the change. */
  actor?: number | string;
  from?: string;
  to?: string;
  /** An entry id: only entries older than it (the next page). */
  before?: number | string;
  /** 1..200, 50 by default. */
  limit?: number | string;
}

export const AUDIT_PAGE_LIMIT = { default: 50, max: 200 } as const;

export interface AuditEntry {
  id: number;
  /** ISO 8601 UTC */
  at: string;
  /** null for the portal's own jobs. */
  actor: { id: number; name: string; role: string } | null;
  action: string;
  subject: { type: 'student' | 'user' | string; id: number; name: string };
  ownerId: number | null;
  /** Only the changed fields, keyed as the wire record names them (e.g. phone, lessons_end_date). */
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

export interface AuditPage {
  entries: AuditEntry[];
  /** Pass as `before` for the next (older) page; null when there is none. */
  nextBefore: number | null;
}
