/**
 * Families: what a parent sees. A parent signs in without a password, with a one-time link mailed to
 * the parent e-mail of their children's student records; the session is its own kind (no user
 * account): it reads only the children whose parent e-mail it is (across owners) and changes nothing
 * but the family's own settings. Portal backend only: a plain WordPress site has no such routes, and
 * the app offers "I'm a parent" only where the REST index lists FAMILY_PATHS.signInLink with POST.
 *
 * A family, for its settings and its summary mail, is one owner's children with one parent e-mail
 * (as for sign-ups, contract/wire.ts): what one franchise sets never changes what another sends.
 *
 * A parent's token is a Bearer token like any other; every route but the parent's ones (signInLink to
 * settings, and unsubscribe) refuses it with 403 jwt_auth_parent_session, the owner's ones here too
 * (ownerSettings, familyLanguage, erasureRequests). Every parent's route but the two sign-in ones and
 * the unsubscribe one refuses any other token (403 rest_forbidden) or none (401 rest_not_logged_in).
 * A child of another family is 404 rest_user_invalid_id, as if it did not exist.
 */

export const FAMILY_PATHS = {
  /**
   * POST FamilySignInLinkInput (anonymous) → FamilySignInLinkAnswer, the same whether or not the
   * address is a parent's. When it is, one mail with a link to FAMILY_APP_PATHS.signIn (the link's
   * secret in the address's fragment, so no server log sees it) goes to it through the outbox.
   * Limited per client address and per e-mail address (429 too_many_attempts with Retry-After).
   */
  signInLink: '/wp-json/yo/v1/family/sign-in-link',
  /**
   * POST FamilySignInInput (anonymous) → FamilySession. A link signs in once, within
   * FAMILY_LIMITS.linkMinutes of being asked for; used, expired or unknown: 403 family_link_invalid.
   */
  session: '/wp-json/yo/v1/family/session',
  /** DELETE (the parent) → 204: ends this session on every instance. */
  signOut: '/wp-json/yo/v1/family/session',
  /** GET (the parent) → FamilyOverview. */
  overview: '/wp-json/yo/v1/family',
  /** GET (the parent) → StudentDataExport (contract/privacy.ts) of one of their children, as an attachment. */
  childData: (studentId: number | string) => `/wp-json/yo/v1/family/children/${studentId}/data`,
  /**
   * POST (the parent) → FamilyChild: asks for the child's data to be erased. The owner or the office
   * confirms with the erasure that exists (PRIVACY_PATHS.studentErase); asking again answers the same.
   * Recorded in the audit log ('student.erasure_requested').
   */
  erasureRequest: (studentId: number | string) => `/wp-json/yo/v1/family/children/${studentId}/erasure-request`,
  /**
   * POST FamilyMessageInput (the parent) → 204: a short message mailed to the child's teacher (the
   * owner), reply-to the parent; its subject names no child. FAMILY_LIMITS.messagesPerDay per session's e-mail.
   */
  message: (studentId: number | string) => `/wp-json/yo/v1/family/children/${studentId}/message`,
  /** PUT FamilySettingsInput (the parent) → FamilyOverview: their language and, per family, the summary mail. */
  settings: '/wp-json/yo/v1/family/settings',
  /**
   * POST (anonymous; RFC 8058 one-click, body List-Unsubscribe=One-Click, or JSON {}) → 200
   * FamilyUnsubscribeAnswer: that family's summary mails stop. The secret names one family; an
   * unknown one is 404 family_unsubscribe_invalid. The parent undoes it on the family page (settings).
   */
  unsubscribe: (secret: string) => `/wp-json/yo/v1/family/unsubscribe/${secret}`,
  /**
   * GET (the owner of these students, administrators) → FamilyOwnerSettings; PUT FamilyOwnerSettings
   * → FamilyOwnerSettings. The owner's summary frequency for all her families, and one family's language.
   */
  ownerSettings: '/wp-json/yo/v1/family-settings',
  /**
   * GET ?parentEmail= (the owner, administrators) → FamilyLanguageSetting; PUT FamilyLanguageSetting:
   * the language of one of the owner's families (an administrator names the owner with ?owner=ID).
   */
  familyLanguage: '/wp-json/yo/v1/family-settings/language',
  /** GET (the owner, administrators; ?owner=ID for an administrator) → FamilyErasureRequest[] still waiting. */
  erasureRequests: '/wp-json/yo/v1/erasure-requests',
} as const;

/** The app's own addresses that mails link to. */
export const FAMILY_APP_PATHS = {
  /** The sign-in link: `${site}/family/sign-in#${secret}`. */
  signIn: '/family/sign-in',
  /** The summary mail's unsubscribe link in its body: `${site}/family/unsubscribe#${secret}`. */
  unsubscribe: '/family/unsubscribe',
  family: '/family',
} as const;

export const FAMILY_LIMITS = {
  /** A sign-in link works once, this long after it was asked for. */
  linkMinutes: 30,
  /** A family session lasts this long (a parent signs in again with a new link). */
  sessionDays: 30,
  messageMaxLength: 2000,
  messagesPerDay: 10,
} as const;

export const FAMILY_LANGUAGES = ['en', 'he', 'es'] as const;
export type FamilyLanguage = (typeof FAMILY_LANGUAGES)[number];
export const isFamilyLanguage = (value: unknown): value is FamilyLanguage => (FAMILY_LANGUAGES as readonly unknown[]).includes(value);

export type SummaryFrequency = 'monthly' | 'weekly';

export interface FamilySignInLinkInput {
  email: string;
  /** The language of the page that asked: the mail's language when the address has no family setting. */
  language?: FamilyLanguage;
}

export interface FamilySignInLinkAnswer {
  /** Always true: the answer never says whether the address is known. */
  sent: true;
}

export interface FamilySignInInput {
  /** The secret from the link's fragment. */
  secret: string;
}

export interface FamilySession {
  /** A Bearer token for FAMILY_PATHS routes only. */
  token: string;
  /** The parent e-mail the session reads for (lower case). */
  email: string;
  /** Shown as "Hello, NAME": the parent name on the newest of their children's records. */
  name: string;
  language: FamilyLanguage;
  /** ISO 8601 UTC */
  expiresAt: string;
}

export interface FamilyModel {
  pageId: number;
  title: string;
  /** The model's picture (its featured image), '' when it has none. */
  imageUrl: string;
  /** The furthest place reached: tab and step (1-based) of how many. */
  tab: number;
  tabs: number;
  step: number;
  steps: number;
  /** ISO 8601 UTC; null while in progress. */
  finishedAt: string | null;
  /** ISO 8601 UTC of the last step moved. */
  updatedAt: string;
}

export interface FamilyMeeting {
  className: string;
  /** The place's wall clock, YYYY-MM-DDTHH:MM, and its time zone (IANA). */
  startsAt: string;
  timeZone: string;
  place: string;
}

export interface FamilyChild {
  studentId: number;
  firstName: string;
  lastName: string;
  program: string;
  /** Built (finished) first, then in progress; newest first within each. */
  models: FamilyModel[];
  lessons: { total: number; used: number; left: number; startDate: string; endDate: string };
  /** Null when the child's classes have no meeting ahead. */
  nextMeeting: FamilyMeeting | null;
  teacher: { name: string };
  /** The terms of use the child's account accepted, newest first. */
  termsAccepted: { version: string; acceptedAt: string }[];
  /** ISO 8601 UTC of the family's erasure request still waiting; null when none. */
  erasureRequestedAt: string | null;
}

export interface FamilySummarySetting {
  ownerId: number;
  /** The teacher (owner) whose family it is. */
  teacherName: string;
  frequency: SummaryFrequency;
  /** False after an unsubscribe, until the parent turns the mails on again. */
  subscribed: boolean;
}

export interface FamilyOverview {
  email: string;
  name: string;
  language: FamilyLanguage;
  /** Ordered by first name. */
  children: FamilyChild[];
  /** One per family (owner) the parent belongs to. */
  summaries: FamilySummarySetting[];
}

export interface FamilySettingsInput {
  language?: FamilyLanguage;
  /** Turn one family's summary mails on or off. */
  summaries?: { ownerId: number; subscribed: boolean }[];
}

export interface FamilyMessageInput {
  /** 1..FAMILY_LIMITS.messageMaxLength characters. */
  text: string;
}

export interface FamilyUnsubscribeAnswer {
  unsubscribed: true;
  teacherName: string;
}

export interface FamilyOwnerSettings {
  ownerId: number;
  /** How often this owner's families get the summary mail (monthly unless she turns weekly on). */
  frequency: SummaryFrequency;
}

export interface FamilyLanguageSetting {
  parentEmail: string;
  language: FamilyLanguage;
}

export interface FamilyErasureRequest {
  studentId: number;
  firstName: string;
  lastName: string;
  /** ISO 8601 UTC */
  requestedAt: string;
}
