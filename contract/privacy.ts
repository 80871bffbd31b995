/**
 * Wire shapes of a child's data: one student's stored data as a download, erasing
 * it (the records stay, anonymised, so counts hold), and the acceptances of the terms of use.
 */

export const PRIVACY_PATHS = {
  /** GET (the student's owner, administrators) → StudentDataExport, as an attachment. */
  studentData: (id: number | string) => `/wp-json/yo/v1/students/${id}/data`,
  /** DELETE with { confirm: true } (JSON body, or ?confirm=true) → StudentEraseResult. Erasing again answers the same. */
  studentErase: (id: number | string) => `/wp-json/yo/v1/students/${id}`,
  /** GET → TermsAcceptanceState of the signed-in user; POST TermsAcceptanceInput accepts that version → TermsAcceptanceState. */
  termsAcceptance: '/wp-json/yo/v1/me/terms',
} as const;

/** The shown name of an erased student (first and last name), the same in every answer. */
export const ERASED_STUDENT_FIRST_NAME = 'Erased';
export const ERASED_STUDENT_LAST_NAME = 'student';

export interface StudentEraseInput {
  /** Must be true: erasing cannot be undone. */
  confirm: true;
}

export interface StudentEraseResult {
  userId: number;
  /** ISO 8601 UTC of the erasure (the first one, when erased before). */
  erasedAt: string;
  /** It had been erased already: nothing changed. */
  alreadyErased: boolean;
}

export interface StudentDataExport {
  /** ISO 8601 UTC */
  exportedAt: string;
  student: {
    userId: number;
    ownerId: number;
    firstName: string;
    lastName: string;
    parentName: string;
    parentEmail: string;
    phone: string;
    program: string;
    lessonsStartDate: string;
    lessonsEndDate: string;
    numberOfLessons: number;
    createdAt: string;
    /** Null while the data is kept. */
    erasedAt: string | null;
  };
  /** The student's sign-in account, without its password. */
  account: {
    id: number;
    username: string;
    email: string;
    displayName: string;
    firstName: string;
    lastName: string;
    role: string;
    country: string;
    state: string;
    territory: string;
    createdAt: string;
    /** '' when never changed. */
    passwordChangedAt: string;
  };
  unlocks: { pageId: number; title: string; unlockedAt: string }[];
  /** Where the child is in each model they opened (resume and progress). */
  progress: { lessonId: number; tab: number; tabs: number; step: number; steps: number; startedAt: string; updatedAt: string; finishedAt: string | null }[];
  /**
   * Each step of a model the child reached (tab and step 1-based): when first and last, when she
   * moved on from it (null while on it), her seconds on it and her "I'm stuck" presses there.
   */
  steps: { lessonId: number; tab: number; step: number; firstAt: string; lastAt: string; leftAt: string | null; seconds: number; stuckPresses: number }[];
  /** Wrong unlock codes still on record (they are forgotten after a while). */
  failedUnlockAttempts: number;
  userMeta: Record<string, string>;
  /** Changes recorded about the child (audit log), oldest first. */
  auditEntries: { at: string; action: string; actorRole: string; before: Record<string, unknown>; after: Record<string, unknown> }[];
  /** Mails to the parent about this child: never their text (sign-in mails hold a password). */
  mails: { subject: string; createdAt: string; sentAt: string | null; status: string }[];
  termsAcceptances: { version: string; acceptedAt: string }[];
  /** The classes the child is or was in, with when they joined and left (ISO 8601 UTC; leftAt null while in it). */
  classes: { name: string; joinedAt: string; leftAt: string | null }[];
  /** The child's marks at their classes' meetings, oldest first: the meeting's date on the place's clock (YYYY-MM-DD). */
  attendance: { meetingDate: string; className: string; mark: string }[];
}

export interface TermsAcceptanceState {
  /** The version of the terms of use as they read now (a hash of the terms page); null when there is no terms page. */
  currentVersion: string | null;
  /** The version the user last accepted; null when never. */
  acceptedVersion: string | null;
  acceptedAt: string | null;
}

export interface TermsAcceptanceInput {
  /** The version the user read and accepts: it must be the current one. */
  version: string;
}
