/**
 * The classroom: what a franchise owner does for a class. Portal backend only; the
 * routes are for franchise owners (their own students) and administrators.
 */
export const CLASSROOM_PATHS = {
  /** POST ClassUnlockBody: unlocks a model for all of an owner's students or chosen ones → ClassUnlockResult. */
  classUnlocks: '/wp-json/yo/v1/class-unlocks',
} as const;

export interface ClassUnlockBody {
  /** The model (lesson page) to unlock. */
  lessonId: number;
  /** 'all': every student of the owner; else the chosen students' user ids (1 to 2,000). */
  students: 'all' | number[];
  /** Administrators only, with 'all': whose students. A franchise owner's are always their own. */
  ownerId?: number;
}

export interface ClassUnlockResult {
  lessonId: number;
  /** Students the unlock was for. */
  students: number;
  /** Of those, the ones that had not unlocked it before. */
  newlyUnlocked: number;
}
