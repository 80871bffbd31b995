/**
 * The live class view: a franchise owner sees where each of their students is right now,
 * and a student says "I'm stuck". Portal backend only.
 */
import type { ContentTexts } from './wire';
export const CLASS_NOW_PATHS = {
  /**
   * GET → ClassNow: the caller's class right now (owners: their own students; administrators:
   * ?owner=ID). Which children: ?class=ID one class of the owner's (another owner's is 404);
   * ?class=all every student of the owner; without ?class, the class whose meeting is under way
   * (from CLASS_NOW_MEETING_EARLY_MINUTES before its start to its end; the earliest to start when
   * several are), else every student.
   */
  classNow: '/wp-json/yo/v1/class-now',
  /**
   * GET → text/event-stream of ClassNowEvent (same auth, ?owner= and ?class= as classNow; only that
   * class's children's events; the class chosen without ?class is decided on connect): a `snapshot` on
   * connect, then `student` and `left` as students move, and `lockouts` when the list of children
   * held back from a model's code changes (within about 2 s); comment lines every 15 s keep proxies open.
   */
  classNowEvents: '/wp-json/yo/v1/class-now/events',
  /** POST ClassNowHelpedBody (the student's owner or an administrator) → ClassNowHelped: clears "I'm stuck". */
  helped: '/wp-json/yo/v1/class-now/helped',
  /** POST StuckBody (a student, on a model they have a place in) → StuckResult. */
  myStuck: '/wp-json/yo/v1/me/stuck',
} as const;

/**
 * A student is in the class right now when their place was written (a step saved, "I'm stuck",
 * "helped") within this many minutes.
 */
export const CLASS_NOW_PRESENT_MINUTES = 30;

/** A meeting counts as under way for the class view from this many minutes before its start. */
export const CLASS_NOW_MEETING_EARLY_MINUTES = 15;

/** A class the view can show, for the picker. */
export interface ClassNowClassChoice {
  id: number;
  name: string;
  /** Its meeting is under way now. */
  meetingNow: boolean;
}

/** One student in the class view: their current place (the model they moved in last). */
export interface ClassNowStudent {
  studentId: number;
  firstName: string;
  lessonId: number;
  lessonTitle: string;
  programId: number;
  programTitle: string;
  tabId: string;
  /** The tab's name ("Build", in English); empty when the lesson has no tabs or the place predates names. */
  tabTitle: string;
  /** The tab's name in Hebrew and Spanish where the model gives them (its meta lesson_N_tab_title_he, _es); absent when none. */
  tabTitleTranslations?: ContentTexts;
  /** 0-based. */
  tabIndex: number;
  tabs: number;
  /** 1-based, of steps (in the tab). */
  step: number;
  steps: number;
  /** ISO 8601 UTC of the last move. */
  updatedAt: string;
  /** ISO 8601 UTC of "I'm stuck" on this step; null when not stuck. */
  stuckSince: string | null;
}

/** The class view's order: stuck students first (the longest stuck first), then by first name. */
export function classNowOrder(a: ClassNowStudent, b: ClassNowStudent): number {
  if ((a.stuckSince === null) !== (b.stuckSince === null)) return a.stuckSince === null ? 1 : -1;
  if (a.stuckSince !== null && b.stuckSince !== null && a.stuckSince !== b.stuckSince) return a.stuckSince < b.stuckSince ? -1 : 1;
  return a.firstName.localeCompare(b.firstName) || a.studentId - b.studentId;
}

/**
 * A child of the owner's held back from one model's code by too many wrong codes (counted per
 * student and model: her other models still open with their codes), present in a lesson or not.
 */
export interface ClassNowLockout {
  studentId: number;
  firstName: string;
  lessonId: number;
  lessonTitle: string;
  /** ISO 8601 UTC: when she may try that model's code again. */
  until: string;
}

export interface ClassNow {
  ownerId: number;
  /** ISO 8601 UTC of the server's answer (the client measures "moved 5 s ago" against it). */
  at: string;
  students: ClassNowStudent[];
  /** The owner's children held back from a model's code now, soonest to end first (of the class shown only). */
  lockedOut: ClassNowLockout[];
  /** The class shown; null: every student of the owner. */
  classId: number | null;
  /** The owner's active classes, those meeting now first (the earliest to start first), then by name (empty on a site without classes). */
  classes: ClassNowClassChoice[];
}

/** The stream's events (each `data:` line is one of these as JSON; the SSE event name is its type). */
export type ClassNowEvent =
  | ({ type: 'snapshot' } & ClassNow)
  | { type: 'student'; at: string; student: ClassNowStudent }
  | { type: 'left'; at: string; studentId: number }
  /** The whole list again, sent only when it differs from the last one sent (a lock-out began or ended, or the owner unlocked the model for her). */
  | { type: 'lockouts'; at: string; lockedOut: ClassNowLockout[] };

export interface ClassNowHelpedBody {
  studentId: number;
}

export interface ClassNowHelped {
  studentId: number;
  /** How many of the student's places were marked stuck (0: nothing to clear). */
  cleared: number;
}

export interface StuckBody {
  lessonId: number;
}

export interface StuckResult {
  lessonId: number;
  /** ISO 8601 UTC since when the student is stuck on their step there. */
  stuckSince: string;
}
