/**
 * Domain types the app works with, and the ApiClient every saga talks to.
 * Mappers in this folder turn wire records (contract/wire.ts) into these; nothing outside src/api
 * knows URLs, headers or wire shapes. Every value here is plain JSON, so it can live in the store.
 */

import type { ContentTexts, OwnerDetails, PortalRuntimeConfig, UserLocale } from '../../contract';
import type { ApiRequest } from './transport';
import type { XhrRequest } from './xhrRequest';

/** The calls beyond plain WordPress that a site offers (its REST index lists them). */
export type SiteCapabilities = PortalRuntimeConfig['capabilities'];

/** unknown: a role the portal has no pages for (the spec's "anyone else"); none: no role was named at all. */
export type Role = 'administrator' | 'franchise_owner' | 'student' | 'unknown' | 'none';

export interface LoginResult {
  token: string;
  userId: number;
  /** Display name, shown as 'Hi {name}' and used in routes. */
  userName: string;
  userNicename: string;
  email: string;
  /** First role of user_roles, normalised ('admin' -> 'administrator'); 'none' when the answer names none. */
  role: Role;
  /** The user's remembered language as WordPress names it (he_IL), where the answer says (user_locale). */
  locale?: string;
}

/** What a student's sign-up records besides the student's name and owner. */
export interface StudentEnrolment {
  parentName: string;
  parentEmail: string;
  phone: string;
  program: string;
  /** YYYY-MM-DD */
  startDate: string;
  /** YYYY-MM-DD */
  endDate: string;
  numberOfLessons: number;
}

export interface Student extends StudentEnrolment {
  /** The student's user id. */
  id: number;
  teacherId: number;
  firstName: string;
  lastName: string;
  /** Lessons used and left (below zero: more used than bought); only the portal backend's rows carry them. */
  lessonsUsed?: number;
  lessonsLeft?: number;
}

export type NewFranchiseOwner = OwnerDetails;

export interface User extends NewFranchiseOwner {
  id: number;
  role: Role;
  /** The owner's id for students; null otherwise. */
  teacherId: number | null;
}

export interface NewStudent extends StudentEnrolment {
  studentFirstName: string;
  studentLastName: string;
  /** The franchise owner the student belongs to (the backend trusts this only from an administrator). */
  teacherId: number;
}

export type CreateStudentOutcome = 'already_exists' | 'email_sent';

export interface ContentPage {
  id: number;
  title: string;
  /** Unsanitised HTML from the CMS: sanitise before rendering. */
  html: string;
}

export interface Program {
  id: number;
  title: string;
  order: number;
  hidden: boolean;
  /** For franchise owners and administrators only (metadata.audience teachers): never a student's program. */
  forTeachers: boolean;
  /** Portal backend, for a signed-in student: the program her record names. */
  enrolled: boolean;
  /** metadata.title */
  displayTitle: string;
  /** metadata.program_name, e.g. 'PlayMachines1' */
  programName: string;
  legoLong: string | null;
  logo: string | null;
  desktopBackground: string | null;
  mobileBackground: string | null;
}

export interface Lesson {
  id: number;
  programId: number;
  title: string;
  order: number;
  experimental: boolean;
  colorTitleImage: string | null;
  smallImage: string | null;
  programName: string;
  /** The 4-digit code; null when the backend withholds it (students, anonymous callers). */
  unlockCode: string | null;
  /** Backend's word for a signed-in student; null when the backend does not say. */
  unlocked: boolean | null;
  lessonPlansTitle: string;
  lessonPlansUrl: string;
  showInTabs: boolean;
}

/** The sizes the content studio made of a step (portal backend): the browser picks the one it shows. */
export interface ResponsiveImage {
  /** "{url} 375w, {url} 750w, ..." of the JPEG files, and of the WebP ones. */
  srcSet: string;
  webpSrcSet: string;
  /** The <img> sizes attribute for the gallery's layout. */
  sizes: string;
  /** The 160-px thumbnail in WebP ('' when not given). */
  thumbnailWebp: string;
}

export interface GalleryItem {
  original: string;
  thumbnail: string;
  embedUrl?: string;
  width?: number;
  height?: number;
  /** The step's text in English (the picture's text alternative), and in the other languages it was given in. */
  description?: string;
  descriptionTranslations?: ContentTexts;
  responsive?: ResponsiveImage;
}

export interface LessonTab {
  /** 0..4 */
  index: number;
  /** The tab's name in English ('' when not named), and in the other languages it was given in. */
  title: string;
  titleTranslations?: ContentTexts;
  videoUrl: string | null;
  videoId: string | null;
  gallery: GalleryItem[];
}

export interface LessonDetail {
  id: number;
  programId: number;
  title: string;
  showInTabs: boolean;
  /** Up to five tabs, in order; empty tabs are kept so indexes stay stable. */
  tabs: LessonTab[];
  /** Older gallery route: image count and per-tab counts from content data. */
  imageCount: number | null;
  imageTabs: { title: string; count: number; folder: string }[];
}

/**
 * What went wrong, so that each screen can say it in plain words:
 * - network: the server could not be reached (offline, fetch rejected, a chunk that would not download);
 * - expired: the backend no longer accepts this session (the client has already reported it);
 * - rejected: the server understood and said no (another 4xx: wrong password, invalid field, 403, 429);
 * - server: the server failed (5xx) or answered something the app cannot read.
 */
export type ApiErrorKind = 'network' | 'expired' | 'rejected' | 'server';

/** Failures leave the API layer as this plain, serializable object. */
export interface ApiError {
  kind: ApiErrorKind;
  /** HTTP status; 0 when no answer arrived. */
  status: number;
  /** WordPress error code, e.g. 'rest_forbidden', '[jwt_auth] incorrect_password'. */
  code: string;
  message: string;
  /** Seconds to wait, from Retry-After on 429. */
  retryAfter?: number;
  params?: Record<string, string>;
}

export interface CurrentUser {
  id: number;
  role: Role;
  name: string;
  /** The user's remembered language (WordPress `locale`, e.g. he_IL); absent or '' when none. */
  locale?: string;
}

export interface UnlockResult {
  lessonId: number;
  unlocked: true;
}

export interface ApiClient {
  login(username: string, password: string): Promise<LoginResult>;
  validateToken(): Promise<void>;
  getAllStudents(): Promise<Student[]>;
  getAllUsers(): Promise<User[]>;
  createStudent(input: NewStudent): Promise<CreateStudentOutcome>;
  resetPassword(email: string): Promise<{ message: string }>;
  getTermsPage(): Promise<ContentPage>;
  getPrograms(): Promise<Program[]>;
  getLessons(programId: number): Promise<Lesson[]>;
  getLesson(lessonId: number): Promise<LessonDetail>;
  /**
   * Starts the reads a content page opened from its address makes (the programs, the program's
   * models, and the model's page when it is one) before the page's code has loaded
   * (app/earlyPageData.ts): the first getPrograms / getLessons / getLesson of the same page with the
   * same token within a few seconds takes the answer instead of asking again.
   */
  askEarly(programId: number, lessonId?: number): void;
  /** The same for a roster page (a list of students or owners): its students and users, taken by the first getAllStudents / getAllUsers. */
  askRosterEarly(): void;
  // portal backend additions; call only where RuntimeConfig.capabilities says the backend has them
  unlockLesson(lessonId: number, code: string): Promise<UnlockResult>;
  /** Remembers on the server that this user has opened Kit Contents (the legacy site reads it too). */
  markKitContentsOpened(): Promise<void>;
  /** Remembers the signed-in user's language (users/me `locale`, WordPress core: en_US, he_IL, es_ES). */
  saveLocale(locale: UserLocale): Promise<void>;
  /**
   * Who the token belongs to (users/me?context=edit, WordPress core): the server's word on id, role
   * and name. `token`: ask for a token the session does not hold yet (right after login).
   */
  getCurrentUser(token?: string): Promise<CurrentUser>;
  /** Which of the additions the site serves, from its REST index (GET /wp-json/). */
  getSiteCapabilities(): Promise<SiteCapabilities>;
  createFranchiseOwner(input: NewFranchiseOwner): Promise<{ userId: number; username: string }>;
  /**
   * The transport itself, for the portal backend's own routes: each feature declares its calls in its
   * api.ts (portalCall.ts), so they load with its screens and the entry carries no line of them.
   */
  request(request: ApiRequest): Promise<unknown>;
  /**
   * A request that reports its upload's progress (XMLHttpRequest: fetch cannot), with the session's
   * token; its code loads with the first upload. Answers and failures as the transport makes them.
   */
  upload(request: XhrRequest): Promise<unknown>;
}
