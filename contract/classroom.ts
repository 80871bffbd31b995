/**
 * The classroom: what a franchise owner does for a class. Portal backend only; the
 * routes are for franchise owners (their own students) and administrators.
 */
export const CLASSROOM_PATHS = {
  /** POST ClassUnlockBody: unlocks a model for all of an owner's students or chosen ones → ClassUnlockResult. */
  classUnlocks: '/wp-json/yo/v1/class-unlocks',
  /**
   * GET → MyUnlocks: the signed-in student's unlocked models and the models whose code she may not
   * try now (too many wrong codes). Anyone else: both empty (they open every model).
   */
  myUnlocks: '/wp-json/yo/v1/me/unlocks',
} as const;

/** A model whose code a student may not try again yet. */
export interface CodeLockout {
  lessonId: number;
  /** ISO 8601 UTC: when she may try again. */
  until: string;
  /** Seconds from the answer until then (the clocks of the tablet and the server may differ). */
  retryAfter: number;
}

export interface MyUnlocks {
  /** The models (lesson page ids) she unlocked, or her owner unlocked for her. */
  unlocked: number[];
  lockedOut: CodeLockout[];
}

/** A student of the owner's who may not try a model's code again yet, for the students list. */
export interface StudentLockout {
  lessonId: number;
  lessonTitle: string;
  until: string;
}

export interface ClassUnlockBody {
  /** The model (lesson page) to unlock. */
  lessonId: number;
  /** 'all': every student of the owner; else the chosen students' user ids (1 to 2,000). */
  students: 'all' | number[];
  /** Administrators only, with 'all': whose students. A franchise owner's are always their own. */
  ownerId?: number;
  /**
   * One class (contract/classes.ts) of the caller's (an administrator's: any owner's), with students
   * 'all': every child in the class now, and no one else. Another owner's class, or an archived one,
   * is 404 rest_post_invalid_id.
   */
  classId?: number;
}

export interface ClassUnlockResult {
  lessonId: number;
  /** Students the unlock was for. */
  students: number;
  /** Of those, the ones that had not unlocked it before. */
  newlyUnlocked: number;
}
