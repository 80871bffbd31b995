/**
 * Classes: groups of an owner's students that meet at a place on fixed weekdays and a time, for a
 * program, between two dates. Portal backend only (a plain WordPress site has no classes): a
 * franchise owner reaches her own classes, an administrator every owner's; anyone else's class is
 * answered 404, as if it did not exist.
 *
 * Times are the place's wall clock: a class at 16:00 meets at 16:00 where it meets, in its time
 * zone (an IANA name such as Asia/Jerusalem), whatever the server's or the browser's zone.
 */

export const CLASSES_PATHS = {
  /**
   * GET → ClassRecord[] (the signed-in owner's; an administrator's: every owner's, or one owner's
   * with ?owner=ID); archived classes only with ?archived=1. POST ClassInput → ClassRecord (201).
   */
  classes: '/wp-json/yo/v1/classes',
  /** GET → ClassRecord; PUT ClassInput (the whole class) → ClassRecord. */
  class: (id: number | string) => `/wp-json/yo/v1/classes/${id}`,
  /** POST ClassArchiveBody → ClassRecord: archived classes leave the list and have no next meeting. */
  classArchive: (id: number | string) => `/wp-json/yo/v1/classes/${id}/archive`,
} as const;

/** ISO weekday: 1 Monday ... 7 Sunday. */
export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;
export const WEEKDAYS: readonly Weekday[] = [1, 2, 3, 4, 5, 6, 7];

/** What the server refuses (rest_invalid_param, naming the field), and the form checks first. */
export const CLASS_LIMITS = {
  nameMaxLength: 80,
  placeMaxLength: 120,
  /** A class's children: more is a mistake (a whole roster picked), not a class. */
  maxStudents: 60,
  minLengthMinutes: 15,
  maxLengthMinutes: 240,
  /** A class runs for at most this long (start to end date): a typo in a year is refused. */
  maxDays: 2 * 366,
} as const;

/** A class as the owner writes it; PUT sends it whole. */
export interface ClassInput {
  /** 1 to CLASS_LIMITS.nameMaxLength characters, trimmed; unique among the owner's active classes. */
  name: string;
  /** The program's page id (a top-level program the owner may see). */
  programId: number;
  /** Where it meets (a school, a centre); may be empty. */
  place: string;
  /** At least one, each once. */
  weekdays: Weekday[];
  /** HH:MM, 24-hour, the place's wall clock. */
  startTime: string;
  lengthMinutes: number;
  /** YYYY-MM-DD, the first day it may meet. */
  startDate: string;
  /** YYYY-MM-DD, not before startDate, at most CLASS_LIMITS.maxDays after it. */
  endDate: string;
  /** IANA time zone of the place, e.g. 'Europe/Madrid'. */
  timeZone: string;
  /** The owner's students in the class (user ids), at most CLASS_LIMITS.maxStudents; a child may be in several classes. */
  studentIds: number[];
  /** Administrators only, when creating: whose class it is. An owner's classes are always her own. */
  ownerId?: number;
}

export interface ClassStudent {
  id: number;
  displayName: string;
}

export interface ClassRecord {
  id: number;
  ownerId: number;
  ownerName: string;
  name: string;
  programId: number;
  programName: string;
  place: string;
  weekdays: Weekday[];
  startTime: string;
  lengthMinutes: number;
  startDate: string;
  endDate: string;
  timeZone: string;
  /** The students in the class now, by name. */
  students: ClassStudent[];
  archived: boolean;
  /**
   * The next time it meets, from now: the place's wall-clock date and time (YYYY-MM-DDTHH:MM), or
   * null once the end date has passed or the class is archived. A meeting under way counts until it ends.
   */
  nextMeeting: string | null;
  /** ISO 8601 UTC. */
  createdAt: string;
  updatedAt: string;
}

export interface ClassArchiveBody {
  archived: boolean;
}
