/**
 * Where students are in their models (resume and progress): the portal backend's routes.
 * A student saves their place as they move through a model's steps and reads it back on any device;
 * their franchise owner and administrators read a student's progress.
 */
import type { StudentLockout } from './classroom';

export const PROGRESS_PATHS = {
  /** PUT ProgressBody (a student, their own place) → ProgressEntry; GET → the student's own ProgressEntry[]. */
  myProgress: '/wp-json/yo/v1/me/progress',
  /** GET → that student's StudentProgressEntry[] (their franchise owner or an administrator). */
  studentProgress: (id: number | string) => `/wp-json/yo/v1/students/${id}/progress`,
  /**
   * GET → ProgressSummary[], one per student: a franchise owner's own students; an administrator's
   * every student, or one owner's with `?owner={id}`.
   */
  progressSummary: '/wp-json/yo/v1/progress-summary',
} as const;

/** A place as the student's owner reads it: with the model's title. */
export interface StudentProgressEntry extends ProgressEntry {
  title: string;
}

/** How far one student is, for the roster tables. */
export interface ProgressSummary {
  studentId: number;
  /** Models unlocked (with a code, by the student or their owner). */
  unlocked: number;
  /** Models opened and not finished. */
  inProgress: number;
  finished: number;
  /** ISO 8601 UTC of the last step saved or model unlocked; null when never. */
  lastActiveAt: string | null;
  /** Models whose code the student may not try again yet (too many wrong codes), soonest first; the portal backend always sends it. */
  lockedOut?: StudentLockout[];
}

/** The step a student is on in a model (lesson page). */
export interface ProgressBody {
  lessonId: number;
  /** The gallery tab's id (the lesson's only part when it has no tabs); at most 100 characters. */
  tabId: string;
  /** The tab's name as the student sees it ("Build", "Video"); empty or left out when the lesson has no tabs. At most 100 characters. */
  tabTitle?: string;
  /** 0-based, below tabs. */
  tabIndex: number;
  /** At most MAX_PROGRESS_TABS. */
  tabs: number;
  /** 1-based, at most steps. */
  step: number;
  steps: number;
}

/** More tabs than any lesson has (five): what a saved place may say. */
export const MAX_PROGRESS_TABS = 30;

export interface ProgressEntry extends ProgressBody {
  tabTitle: string;
  /** The tabs (0-based) whose last step the student has reached, in order. */
  tabsDone: number[];
  /** The model's program (the lesson page's parent). */
  programId: number;
  /** ISO 8601 UTC of having reached the last step of every tab (see tabsDone); null while not yet. Stays once set. */
  finishedAt: string | null;
  /** ISO 8601 UTC of the first step saved. */
  startedAt: string;
  /** ISO 8601 UTC of the last step saved. */
  updatedAt: string;
}
