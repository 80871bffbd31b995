/** Table types of the portal database; the same schema on SQLite and PostgreSQL. */
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

export type Role = 'administrator' | 'franchise_owner' | 'student';
export const ROLES: readonly Role[] = ['administrator', 'franchise_owner', 'student'];

export interface UsersTable {
  id: Generated<number>;
  /** Login name, lower case, unique. */
  username: string;
  /** Lower case, unique. */
  email: string;
  password_hash: string;
  display_name: string;
  nicename: string;
  first_name: string;
  last_name: string;
  role: Role;
  country: string;
  state: string;
  territory: string;
  /** The franchise owner of a student; null for other roles. */
  teacher_id: number | null;
  /** ISO 8601 UTC */
  created_at: string;
  /** ISO 8601 UTC of the last password change ('' when never changed): tokens issued before it are refused. */
  password_changed_at: Generated<string>;
  /** ISO 8601 UTC of ending a student's lessons; while set, sign-in is refused and every token too. */
  sign_in_disabled_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** ISO 8601 UTC of ending the account's sessions ('' when never): tokens issued before it are refused. */
  sessions_ended_at: Generated<string>;
  /** A reset's new password (hash) not used yet: the old one keeps working until it is; null for none. */
  pending_password_hash: ColumnType<string | null, string | null | undefined, string | null>;
  /** ISO 8601 UTC when the pending password was set (it expires, see domain/credentials.ts); null for none. */
  pending_password_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** ISO 8601 UTC of the last successful sign-in; null for never (since recorded). */
  last_sign_in_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The user's language as WordPress names it (en_US, he_IL, es_ES); '' when never chosen. */
  locale: Generated<string>;
}

/** A browser that signed in to the account before: the hash of the random id in its cookie. */
export interface KnownSignInPlacesTable {
  user_id: number;
  place_hash: string;
  /** ISO 8601 UTC */
  last_sign_in_at: string;
}

export interface StudentsTable {
  /** The student's user id. */
  user_id: number;
  teacher_id: number;
  student_first_name: string;
  student_last_name: string;
  parent_name: string;
  parent_email: string;
  phone: string;
  program: string;
  /** YYYY-MM-DD */
  lessons_start_date: string;
  /** YYYY-MM-DD */
  lessons_end_date: string;
  number_of_lessons: number;
  created_at: string;
  /** ISO 8601 UTC of the erasure of the child's data (names and contacts replaced); null while kept. */
  erased_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface PagesTable {
  id: number;
  parent: number;
  title: string;
  slug: string;
  status: string;
  menu_order: number;
  content: string;
  excerpt: string;
  /** ISO 8601 UTC */
  date: string;
  modified: string;
  /** JSON object: post meta, key -> single string value. */
  meta_json: string;
  /** JSON object: custom top-level fields of the page. */
  fields_json: string;
  /** The content studio's unpublished edit of a published page (JSON of a StoredPageState), or null. */
  draft_json: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface UnlocksTable {
  user_id: number;
  page_id: number;
  created_at: string;
}

export interface UnlockFailuresTable {
  id: Generated<number>;
  user_id: number;
  page_id: number;
  created_at: string;
}

export interface UserMetaTable {
  user_id: number;
  meta_key: string;
  meta_value: string;
}

/** One counter of a rate limit: the hits of one key inside one fixed window (times in ms since 1970). */
/** A slowed key: the attempts since its limit was used up (level) and when the next may go. */
export interface SlowdownsTable {
  limit_name: string;
  /** SHA-256 (hex), as in rate_limit_counters. */
  limit_key: string;
  level: number;
  /** ms since the epoch */
  next_at: number;
  /** When the row may go (the level starts again from the first delay). */
  expires_at: number;
}

export interface RateLimitCountersTable {
  limit_name: string;
  /** SHA-256 (hex) of the account name or address: no personal data is stored. */
  limit_key: string;
  window_start: number;
  hits: number;
  /** When the window is over and the row may go. */
  expires_at: number;
}

/** An upload being read by some instance (domain/uploadLeases.ts); times in ms since 1970. */
export interface UploadLeasesTable {
  lease_key: string;
  /** Random, per lease: only its holder gives it back. */
  holder: string;
  expires_at: number;
}

/** A published state of a studio page: what was published, by whom, when. */
export interface PageVersionsTable {
  id: Generated<number>;
  page_id: number;
  /** ISO 8601 UTC */
  at: string;
  /** Who published it; null when unknown (a page published before history was kept). */
  actor_id: number | null;
  /** The version this one put back, when it was a "put back"; null for a publish. */
  restored_from: number | null;
  title: string;
  content: string;
  meta_json: string;
  fields_json: string;
}

/** A program or model in the trash (its pages row has status 'trash'). */
export interface PageTrashTable {
  page_id: number;
  /** The page whose deletion put this one here: itself, or the program it went with. */
  entry_id: number;
  /** ISO 8601 UTC */
  trashed_at: string;
  actor_id: number | null;
  /** 'publish' or 'draft': what restoring gives it back. */
  status_before: string;
}

/** Versions bumped by triggers in the same transaction as a write ('students': the roster; 'content': the pages). */
/** An administrator's portal-wide choice (see domain/portalSettings.ts for the names and values). */
export interface PortalSettingsTable {
  name: string;
  value: string;
}

export interface ChangeVersionsTable {
  name: string;
  version: number;
}

export type MailStatus = 'pending' | 'sent';

/** Mail waiting to be sent, and sent mail (its body scrubbed: it held a password). */
export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  body: string;
  status: MailStatus;
  attempts: number;
  created_at: string;
  /** ms since 1970: when a worker may (re)try; a claim moves it past the sending time. */
  next_attempt_at: number;
  sent_at: string | null;
  /** An SMTP code or error name, never the server's text (it may name the recipient). */
  last_error: string | null;
  /** The HTML part of a right-to-left mail (null: text only); scrubbed like the body once sent. */
  html: ColumnType<string | null, string | null | undefined, string | null>;
  /** Extra header fields as a JSON object (List-Unsubscribe...; null: none); scrubbed like the body once sent. */
  headers: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A WordPress page the import wrote: which portal page it became, and the hash of what was written. */
export interface ImportSourcesTable {
  /** The site's address without a trailing slash ("https://site"). */
  site: string;
  source_id: number;
  page_id: number;
  content_hash: string;
  /** The import job that last wrote the page's draft (0: an import run without a job). */
  job_id: ColumnType<number, number | undefined, number>;
  /** 1 while what the import wrote waits for review (unpublished), else 0. */
  pending: ColumnType<number, number | undefined, number>;
  /** 1 when the import made the page (discarding deletes it), 0 when it wrote a draft of a page that was there. */
  created_page: ColumnType<number, number | undefined, number>;
}

/** A media file the import downloaded: its storage path and the hash (and ETag) of the bytes the site sent. */
export interface ImportMediaTable {
  source_url: string;
  path: string;
  sha256: string;
  etag: string;
}

export type ImportJobStatus = 'queued' | 'running' | 'finished' | 'failed';

export interface ImportJobsTable {
  id: Generated<number>;
  url: string;
  status: ImportJobStatus;
  /** 0..1 */
  progress: number;
  step: string;
  summary_json: string;
  started_at: string;
  finished_at: string | null;
  /** The instance (or 'cli') that runs it. */
  instance: string;
  /** ms since 1970 of the runner's last sign of life: a job silent for long is taken as abandoned. */
  heartbeat_at: number;
  /** 'import' while queued or running, null afterwards: unique, so one import runs at a time. */
  active: string | null;
}

/**
 * One change to the roster or an account, kept for the office: who did what to whom, the fields
 * before and after. Erasing a child's data also scrubs their entries' before and after.
 */
export interface AuditLogTable {
  id: Generated<number>;
  /** ISO 8601 UTC */
  at: string;
  /** The signed-in user who made the change; null for the portal's own jobs. */
  actor_id: number | null;
  actor_role: string;
  /** What was done, e.g. 'student.edit', 'student.end', 'student.move', 'student.password_reset'. */
  action: string;
  /** 'student' | 'user' */
  subject_type: string;
  subject_id: number;
  /** The franchise owner the subject belongs to (filtering an owner's history); null for none. */
  owner_id: number | null;
  /** JSON object of the changed fields' old values ('{}' when none). */
  before_json: string;
  /** JSON object of the changed fields' new values ('{}' when none). */
  after_json: string;
}

/** One acceptance of the terms of use: which version (a hash of the terms page's content), when. */
export interface TermsAcceptancesTable {
  id: Generated<number>;
  user_id: number;
  version: string;
  /** ISO 8601 UTC */
  accepted_at: string;
}

/** A bulk student import: the checked rows of an uploaded file, until confirmed or expired. */
export interface StudentImportsTable {
  id: Generated<number>;
  /** The franchise owner whose roster the students join. */
  owner_id: number;
  /** Who uploaded it (the owner, or an administrator). */
  actor_id: number;
  file_name: string;
  /** 'preview' until confirmed, then 'imported'. */
  status: string;
  /** JSON StudentImportRow[] (contract/studentImport.ts). */
  rows_json: string;
  /** JSON StudentImportCounts. */
  counts_json: string;
  created_at: string;
  /** ms since 1970 after which the preview is deleted. */
  expires_at: number;
  imported_at: string | null;
  imported_count: Generated<number>;
}

/** An imported student account still waiting for its password and sign-in mail (mailed 0), or done (1). */
export interface StudentImportAccountsTable {
  user_id: number;
  import_id: number;
  mailed: Generated<number>;
}

/** The step a student is on in a model, one row per student and model. */
export interface StudentProgressTable {
  user_id: number;
  lesson_id: number;
  program_id: number;
  tab_id: string;
  /** The tab's name as the student saw it; '' without tabs. */
  tab_title: ColumnType<string, string | undefined, string>;
  tab_index: number;
  tabs: number;
  step: number;
  steps: number;
  /** Bit n set: the student reached the last step of tab n (0-based). */
  tabs_done: ColumnType<number, number | undefined, number>;
  /** ISO 8601 UTC of first having reached the last step of every tab; null while not yet. */
  finished_at: string | null;
  /** ISO 8601 UTC */
  started_at: string;
  /** ISO 8601 UTC of the last move (a step saved). */
  updated_at: string;
  /** ISO 8601 UTC of the student's "I'm stuck" on this model; null when not stuck (cleared by a move or "helped"). */
  stuck_at: string | null;
  /** ISO 8601 UTC of the row's last write of any kind (move, stuck, helped): what the class-now poller reads. */
  changed_at: string;
}

/** A child's time on one step of a model, one row per child and step (where children get stuck). */
export interface StepVisitsTable {
  user_id: number;
  lesson_id: number;
  /** 0-based tab and 1-based step, as her place names them. */
  tab_index: number;
  step: number;
  /** The tab's name as she saw it last; '' without tabs. */
  tab_title: ColumnType<string, string | undefined, string>;
  /** ISO 8601 UTC of first reaching the step, kept. */
  first_at: string;
  /** ISO 8601 UTC of her last arrival at the step. */
  last_at: string;
  /** ISO 8601 UTC of her last move from the step to another step of the model; null while she never moved on. */
  left_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** Seconds spent on the step (each gap between two of her writes capped). */
  seconds: ColumnType<number, number | undefined, number>;
  /** "I'm stuck" presses on the step. */
  stuck_presses: ColumnType<number, number | undefined, number>;
}

/** A printed sign-in card: the SHA-256 of its random token, never the token. */
export interface SignInCardsTable {
  id: Generated<number>;
  student_id: number;
  token_hash: string;
  /** Who issued it (an owner or administrator); null once that account is gone. */
  created_by: number | null;
  created_at: string;
  voided_at: string | null;
  last_used_at: string | null;
}

/** A session signed in with a sign-in card (times in ms since the epoch). */
export interface CardSessionsTable {
  id: Generated<number>;
  card_id: number;
  student_id: number;
  started_at: number;
  /** The session's last request, kept to within CARD_SESSION_TOUCH_MS: the idle time counts from it. */
  last_seen_at: number;
}

export type ProblemReportStatus = 'new' | 'investigating' | 'fixed';

/** A problem report a signed-in user sent; deleted after REPORT_RETENTION_DAYS. */
export interface ProblemReportsTable {
  id: Generated<number>;
  /** What the user was told, 'R-' and the id. */
  reference: string;
  user_id: number | null;
  /** The sender's role when they sent it. */
  role: string;
  note: string;
  /** The action log's JSON text, redacted in the browser and checked here. */
  log_json: string;
  app_version: string;
  user_agent: string;
  screen: string;
  program: string | null;
  lesson_id: number | null;
  /** JSON ReportedError, or null. */
  error_json: string | null;
  screenshot: Buffer | null;
  /** 'image/png' | 'image/jpeg', with screenshot. */
  screenshot_type: string | null;
  status: ProblemReportStatus;
  comment: string;
  /** The browser's id of the report: a retried send is stored once. */
  client_id: string;
  /** ISO 8601 UTC */
  created_at: string;
  updated_at: string;
}

/**
 * One open class-now stream (the live class view), wherever it runs: the limit of streams per user
 * holds across every instance. The process holding the stream renews seen_at at each heartbeat; a
 * row not renewed for a while (its process died) no longer counts.
 */
export interface ClassNowStreamsTable {
  /** A random id the process holding the stream knows it by. */
  id: string;
  /** Who opened it (an owner, or an administrator watching an owner's class). */
  user_id: number;
  /** ISO 8601 UTC */
  opened_at: string;
  seen_at: string;
}

/** A class: an owner's group meeting on fixed weekdays at a time, between two dates (contract/classes.ts). */
export interface ClassesTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  /** The name folded for comparison (case, spacing): unique among the owner's classes not archived. */
  name_key: string;
  /** The program's page id (no foreign key: a program may be purged from the trash, the class stays). */
  program_id: number;
  place: string;
  /** ISO weekdays (1 Monday .. 7 Sunday), ascending, comma-separated: "1,3". */
  weekdays: string;
  /** HH:MM, the place's wall clock. */
  start_time: string;
  length_minutes: number;
  /** YYYY-MM-DD */
  start_date: string;
  end_date: string;
  /** IANA time zone of the place. */
  time_zone: string;
  /** ISO 8601 UTC of archiving; null while active. */
  archived_at: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  updated_at: string;
}

/** A student's time in a class: left_at null while she is in it; rows stay after she leaves. */
export interface ClassStudentsTable {
  id: Generated<number>;
  class_id: number;
  student_id: number;
  /** ISO 8601 UTC */
  joined_at: string;
  left_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A time a class meets (contract/meetings.ts): made from its schedule (regular) or added (extra). */
export interface ClassMeetingsTable {
  id: Generated<number>;
  class_id: number;
  kind: 'regular' | 'extra';
  /** YYYY-MM-DD the schedule gave it; null for an extra meeting. */
  scheduled_date: string | null;
  /** YYYY-MM-DDTHH:MM the schedule gave it (the place's wall clock); null for an extra meeting. */
  scheduled_start: string | null;
  /** YYYY-MM-DDTHH:MM, the place's wall clock. */
  starts_at: string;
  /** ISO 8601 UTC of the same instant (sortable). */
  starts_at_utc: string;
  length_minutes: number;
  status: 'scheduled' | 'cancelled';
  note: ColumnType<string, string | undefined, string>;
  model_id: ColumnType<number | null, number | null | undefined, number | null>;
  attendance_taken_at: ColumnType<string | null, string | null | undefined, string | null>;
  attendance_taken_by: ColumnType<number | null, number | null | undefined, number | null>;
  /** ISO 8601 UTC of the owner's last change (move, cancel, put back, note); null: as the schedule made it. */
  edited_at: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  updated_at: string;
}

/** One child's mark at one meeting. */
export interface MeetingAttendanceTable {
  meeting_id: number;
  student_id: number;
  mark: 'present' | 'absent' | 'late';
  /** ISO 8601 UTC */
  marked_at: string;
  marked_by: number | null;
}

/** An owner's calendar subscription: the SHA-256 of the secret in its address. */
export interface CalendarFeedsTable {
  owner_id: number;
  secret_hash: string;
  /** ISO 8601 UTC */
  created_at: string;
}

/** A parent's one-time sign-in link: the SHA-256 of its secret, never the secret. */
export interface FamilySignInLinksTable {
  id: Generated<number>;
  secret_hash: string;
  /** Lower case. */
  email: string;
  /** ISO 8601 UTC */
  created_at: string;
  /** ISO 8601 UTC of its one use; null while unused. */
  used_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A parent's session (no user account): its token names the row, read on every request. */
export interface FamilySessionsTable {
  /** Random, 128 bits in hex. */
  id: string;
  /** Lower case. */
  email: string;
  created_at: string;
  expires_at: string;
  /** ISO 8601 UTC of signing out; null while open. */
  ended_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One summary mail's unsubscribe link: the hash of its secret, and the family it names. */
export interface FamilyUnsubscribeLinksTable {
  secret_hash: string;
  owner_id: number;
  parent_email: string;
  created_at: string;
}

/** One family's settings: an owner's children with one parent e-mail. */
export interface FamilySettingsTable {
  owner_id: number;
  /** Lower case. */
  parent_email: string;
  language: 'en' | 'he' | 'es';
  /** 1 while the summary mails go, 0 after an unsubscribe. */
  subscribed: ColumnType<number, number | undefined, number>;
  /** The SHA-256 of the latest unsubscribe secret (the mail carries the secret). */
  unsubscribe_hash: string;
  /** The period of the last summary mail sent (e.g. 2026-12 or 2026-W50); null for none yet. */
  last_summary_period: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  updated_at: string;
}

export interface FamilyOwnerSettingsTable {
  owner_id: number;
  frequency: 'monthly' | 'weekly';
  updated_at: string;
}

/** A parent's request to erase a child's data; resolved_at set when the child is erased. */
export interface FamilyErasureRequestsTable {
  id: Generated<number>;
  student_id: number;
  requested_at: string;
  resolved_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface Database {
  sign_in_cards: SignInCardsTable;
  card_sessions: CardSessionsTable;
  audit_log: AuditLogTable;
  terms_acceptances: TermsAcceptancesTable;
  users: UsersTable;
  students: StudentsTable;
  pages: PagesTable;
  unlocks: UnlocksTable;
  unlock_failures: UnlockFailuresTable;
  user_meta: UserMetaTable;
  rate_limit_counters: RateLimitCountersTable;
  slowdowns: SlowdownsTable;
  change_versions: ChangeVersionsTable;
  portal_settings: PortalSettingsTable;
  mail_outbox: MailOutboxTable;
  import_sources: ImportSourcesTable;
  import_media: ImportMediaTable;
  import_jobs: ImportJobsTable;
  known_sign_in_places: KnownSignInPlacesTable;
  student_imports: StudentImportsTable;
  student_import_accounts: StudentImportAccountsTable;
  student_progress: StudentProgressTable;
  step_visits: StepVisitsTable;
  problem_reports: ProblemReportsTable;
  upload_leases: UploadLeasesTable;
  class_now_streams: ClassNowStreamsTable;
  page_versions: PageVersionsTable;
  page_trash: PageTrashTable;
  classes: ClassesTable;
  class_students: ClassStudentsTable;
  class_meetings: ClassMeetingsTable;
  meeting_attendance: MeetingAttendanceTable;
  calendar_feeds: CalendarFeedsTable;
  family_sign_in_links: FamilySignInLinksTable;
  family_sessions: FamilySessionsTable;
  family_settings: FamilySettingsTable;
  family_unsubscribe_links: FamilyUnsubscribeLinksTable;
  family_owner_settings: FamilyOwnerSettingsTable;
  family_erasure_requests: FamilyErasureRequestsTable;
}

export type FamilySettingsRow = Selectable<FamilySettingsTable>;
export type FamilySessionRow = Selectable<FamilySessionsTable>;

export type SignInCardRow = Selectable<SignInCardsTable>;
export type AuditLogRow = Selectable<AuditLogTable>;
export type StudentProgressRow = Selectable<StudentProgressTable>;
export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type StudentRow = Selectable<StudentsTable>;
export type NewStudentRow = Insertable<StudentsTable>;
export type PageRow = Selectable<PagesTable>;
export type NewPageRow = Insertable<PagesTable>;
export type PageVersionRow = Selectable<PageVersionsTable>;
export type PageTrashRow = Selectable<PageTrashTable>;
export type ProblemReportRow = Selectable<ProblemReportsTable>;
export type ClassRow = Selectable<ClassesTable>;
export type NewClassRow = Insertable<ClassesTable>;
export type ClassStudentRow = Selectable<ClassStudentsTable>;
export type ClassMeetingRow = Selectable<ClassMeetingsTable>;
export type NewClassMeetingRow = Insertable<ClassMeetingsTable>;
