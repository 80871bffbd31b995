/**
 * Problem reports: a signed-in user sends a note, an optional picture of the page and the
 * app's recent action log (redacted in the browser); administrators read them in the QA inbox,
 * replay the log and track each report's status. Reports older than REPORT_RETENTION_DAYS are deleted.
 */

export const REPORT_PATHS = {
  /** POST ProblemReportInput (any signed-in user) → 201 ProblemReportReceipt; GET (administrators) ?status&role&program&appVersion&page&per_page → ProblemReportPage. */
  reports: '/wp-json/yo/v1/reports',
  /** GET (administrators) → ProblemReportDetail; PATCH ProblemReportUpdate → ProblemReportDetail. */
  report: (id: number | string) => `/wp-json/yo/v1/reports/${id}`,
  /** GET (administrators) → the picture's bytes (image/png or image/jpeg); 404 when none was attached. */
  screenshot: (id: number | string) => `/wp-json/yo/v1/reports/${id}/screenshot`,
} as const;

export const REPORT_STATUSES = ['new', 'investigating', 'fixed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const REPORT_LIMITS = {
  /** The whole request body, picture and log included (the server's body limit). */
  bodyBytes: 1024 * 1024,
  noteChars: 1000,
  commentChars: 2000,
  errorMessageChars: 1000,
  errorStackChars: 8000,
  /** Reports one user may send per hour. */
  perUserPerHour: 20,
} as const;

/** The error a crash report carries: what broke, never the user's data. */
export interface ReportedError {
  message: string;
  stack?: string;
  /** Where it was caught: 'window', 'promise', a saga's name, or 'route'. */
  source: string;
}

export interface ProblemReportInput {
  note: string;
  /**
   * The action log's JSON text (src/qa/logFormat.ts, format youngengineer-online/action-log),
   * redacted in the browser. Sent as text so its thousands of keys do not count as request fields.
   */
  log: string;
  /** A data: URL (image/png or image/jpeg, base64); absent without the user's consent. */
  screenshot?: string;
  appVersion: string;
  userAgent: string;
  /** The screen's size in CSS pixels, e.g. "1280x800". */
  screen: string;
  /** The program the user was in, by its path name (e.g. "PlayMachines1"), when known. */
  program?: string;
  /** The lesson (model page) id, when known. */
  lessonId?: number;
  error?: ReportedError;
  /** A random id the browser gives the report: a queued report sent twice is stored once. */
  clientId: string;
}

export interface ProblemReportReceipt {
  id: number;
  /** What the user is told, e.g. "R-1234". */
  reference: string;
}

export interface ProblemReportSummary {
  id: number;
  reference: string;
  status: ReportStatus;
  comment: string;
  note: string;
  userId: number | null;
  /** The sender's name as the portal shows it (the account's display name); null once the account is gone. */
  userName: string | null;
  /** The sender's role when they sent it. */
  role: string;
  appVersion: string;
  userAgent: string;
  screen: string;
  program: string | null;
  lessonId: number | null;
  /** The lesson's (model's) title, when lessonId names a page that still exists. */
  lessonTitle: string | null;
  error: ReportedError | null;
  hasScreenshot: boolean;
  /** ISO 8601 UTC */
  createdAt: string;
  updatedAt: string;
}

export interface ProblemReportDetail extends ProblemReportSummary {
  /** The action log as the browser sent it (parsed JSON). */
  log: unknown;
  /** The picture as a data: URL (also at REPORT_PATHS.screenshot), or null. */
  screenshot: string | null;
}

export interface ProblemReportPage {
  reports: ProblemReportSummary[];
  total: number;
  page: number;
  perPage: number;
}

export interface ProblemReportUpdate {
  status?: ReportStatus;
  comment?: string;
}

/** Reports older than this many days are deleted (REPORT_RETENTION_DAYS on the server). */
export const DEFAULT_REPORT_RETENTION_DAYS = 90;

export { REPORT_SECRET_KEYS } from './reportSecretKeys';

export const REPORT_PERSONAL_KEYS = [
  'userName',
  'userNicename',
  'username',
  'user_login',
  'user_nicename',
  'user_display_name',
  'display_name',
  'displayName',
  'email',
  'user_email',
  'Email',
  'firstName',
  'lastName',
  'FirstName',
  'LastName',
  'first_name',
  'last_name',
  'studentFirstName',
  'studentLastName',
  'student_first_name',
  'student_last_name',
  'parentName',
  'parent_name',
  'parentEmail',
  'parent_email',
  'phone',
  'parentPhone',
  'parent_phone',
] as const;

export const REPORT_REDACTED = '[redacted]';
