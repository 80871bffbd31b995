/**
 * Where children get stuck: for each step of each model, how many children reached it, how many
 * stopped there, how many pressed "I'm stuck" on it and how long they took, so that the office can
 * improve the steps children struggle with in the content studio. The portal backend keeps one row
 * per child and step as places are saved and "I'm stuck" is pressed (not a row per event), and
 * answers from it. Administrators read every child's steps (or one owner's with `?owner={id}`); a
 * franchise owner reads her own students' only. Portal backend only.
 */

export const INSIGHTS_PATHS = {
  /**
   * GET → StuckStepsAnswer: the worst steps first (see compareStuckSteps), at most `?limit=` (1-200,
   * default 50). `?owner={id}`: administrators only, one franchise owner's students (404 for an id
   * that is not an owner's). A franchise owner's `?owner=` other than her own id is 403.
   */
  stuckSteps: '/wp-json/yo/v1/insights/stuck-steps',
} as const;

/** A child stopped at a step when she reached no later step of the model within this many days of reaching it. */
export const STOPPED_AFTER_DAYS = 14;

/** A step as children met it, across the students the reader may see. */
export interface StuckStep {
  /** The model (lesson page) id: the studio opens it at /studio/models/{lessonId}. */
  lessonId: number;
  modelTitle: string;
  programTitle: string;
  /** 0-based tab of the model's gallery. */
  tabIndex: number;
  /** The tab's name as the children saw it; empty when the model has no tabs. */
  tabTitle: string;
  /** 1-based step within its tab. */
  step: number;
  /** The step's thumbnail picture (an absolute URL, as the page answers give them); null when the step has none now. */
  thumbnail: string | null;
  /** Children who reached the step. */
  reached: number;
  /**
   * Children who reached it at least STOPPED_AFTER_DAYS days ago and reached no later step of the
   * model within that time (the model's last step does not count: reaching it is finishing).
   */
  stopped: number;
  /** "I'm stuck" presses on the step (a child may press more than once). */
  stuckPresses: number;
  /** Children who pressed "I'm stuck" on the step at least once. */
  stuckChildren: number;
  /** Median seconds on the step of the children who moved on from it; null when none moved on yet. */
  medianSeconds: number | null;
}

export interface StuckStepsAnswer {
  /** ISO 8601 UTC of the answer: "stopped" is counted up to it. */
  at: string;
  steps: StuckStep[];
}

/** Worst first: most stuck children, then most stopped, then most presses; then by model, tab and step. */
export function compareStuckSteps(a: StuckStep, b: StuckStep): number {
  return (
    b.stuckChildren - a.stuckChildren ||
    b.stopped - a.stopped ||
    b.stuckPresses - a.stuckPresses ||
    a.lessonId - b.lessonId ||
    a.tabIndex - b.tabIndex ||
    a.step - b.step
  );
}
