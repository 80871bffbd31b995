/**
 * Meetings: the times a class meets. Portal backend only, like classes (contract/classes.ts), and
 * with the same rule of who sees what: an owner her own classes' meetings, an administrator every
 * owner's; anyone else's meeting is answered 404.
 *
 * A class's regular meetings are made from its schedule (weekdays, time, start and end dates) when
 * the class is created or its schedule changes; a meeting that was moved, cancelled, added or had its
 * attendance taken is the owner's and stays as it is when the schedule changes (history is kept).
 * Times are the place's wall clock (YYYY-MM-DDTHH:MM) in the class's time zone.
 */

export const MEETINGS_PATHS = {
  /**
   * GET ?from=YYYY-MM-DD&to=YYYY-MM-DD (both included, at most MEETING_LIMITS.maxRangeDays days;
   * dates on each place's clock), optional ?class=ID, and for an administrator ?owner=ID →
   * MeetingRecord[] in time order (by the instant), cancelled ones included. Archived classes' meetings
   * are not listed.
   */
  meetings: '/wp-json/yo/v1/meetings',
  /** GET → MeetingRecord; PUT MeetingChange → MeetingRecord (move, cancel or put back). */
  meeting: (id: number | string) => `/wp-json/yo/v1/meetings/${id}`,
  /** POST ExtraMeetingInput → MeetingRecord (201): a meeting the schedule does not have. */
  classMeetings: (classId: number | string) => `/wp-json/yo/v1/classes/${classId}/meetings`,
  /** GET → AttendanceRecord; PUT AttendanceInput → AttendanceRecord. */
  attendance: (id: number | string) => `/wp-json/yo/v1/meetings/${id}/attendance`,
  /**
   * The signed-in owner's calendar subscription (franchise owners only). GET → CalendarFeedState;
   * POST → CalendarFeedAddress (a new secret address; any earlier one stops working at once);
   * DELETE → CalendarFeedState (turned off).
   */
  calendarFeed: '/wp-json/yo/v1/me/calendar-feed',
  /**
   * GET, no sign-in (a calendar app cannot sign in): text/calendar (RFC 5545) of the owner's
   * meetings from MEETING_LIMITS.feedPastDays ago to MEETING_LIMITS.feedFutureDays ahead, times in
   * UTC, cancelled meetings with STATUS:CANCELLED. An unknown or revoked secret is 404.
   */
  calendarFile: (secret: string) => `/wp-json/yo/v1/calendar/${secret}.ics`,
} as const;

export const MEETING_LIMITS = {
  /** A timetable asks for a week; more than this in one request is refused (rest_invalid_param). */
  maxRangeDays: 42,
  /** Attendance can be taken from this long before a meeting starts (the teacher is early). */
  attendanceOpensMinutesBefore: 30,
  /** A child who signed in or moved a step from this long before the start to the end is suggested as present. */
  suggestPresentMinutesBefore: 15,
  noteMaxLength: 200,
  feedPastDays: 30,
  feedFutureDays: 183,
} as const;

export type MeetingStatus = 'scheduled' | 'cancelled';
export type MeetingKind = 'regular' | 'extra';
export type AttendanceMark = 'present' | 'absent' | 'late';
export const ATTENDANCE_MARKS: readonly AttendanceMark[] = ['present', 'absent', 'late'];

export interface AttendanceCounts {
  present: number;
  late: number;
  absent: number;
  /** Children of the class at the meeting who have no mark. */
  unmarked: number;
}

export interface MeetingRecord {
  id: number;
  classId: number;
  className: string;
  ownerId: number;
  ownerName: string;
  programId: number;
  programName: string;
  place: string;
  timeZone: string;
  /** When it starts on the place's wall clock, YYYY-MM-DDTHH:MM. */
  startsAt: string;
  /** The same instant in UTC, ISO 8601 (for ordering meetings in different zones). */
  startsAtUtc: string;
  lengthMinutes: number;
  kind: MeetingKind;
  /** The date the class's schedule gave it (YYYY-MM-DD); null for an extra meeting. */
  scheduledDate: string | null;
  /** True when a regular meeting no longer starts at its scheduled date and time. */
  moved: boolean;
  status: MeetingStatus;
  /** The owner's words (a holiday, another room); empty when none. */
  note: string;
  /** Children in the class at the meeting (now, for one still to come). */
  studentCount: number;
  /** Null until attendance is taken. */
  attendance: AttendanceCounts | null;
  /** The model taught, when recorded with the attendance. */
  modelId: number | null;
  modelName: string | null;
}

/**
 * PUT on a meeting: any of the fields. Moving (startsAt) keeps it within the class's start and end
 * dates and off its other meetings; a meeting whose attendance was taken is neither moved nor
 * cancelled (409 yo_meeting_attended). Refusals name the field and change nothing.
 */
export interface MeetingChange {
  /** YYYY-MM-DDTHH:MM on the place's clock. */
  startsAt?: string;
  lengthMinutes?: number;
  /** true cancels, false puts a cancelled meeting back. */
  cancelled?: boolean;
  /** Up to MEETING_LIMITS.noteMaxLength characters. */
  note?: string;
}

export interface ExtraMeetingInput {
  /** YYYY-MM-DDTHH:MM on the place's clock, within the class's start and end dates. */
  startsAt: string;
  /** The class's length when left out. */
  lengthMinutes?: number;
  note?: string;
}

export interface AttendanceStudent {
  id: number;
  displayName: string;
  /** Null until marked. */
  mark: AttendanceMark | null;
  /** Signed in or moved a step during the meeting (see MEETING_LIMITS): shown as a suggestion, never saved by itself. */
  suggested: boolean;
}

export interface AttendanceRecord {
  meetingId: number;
  /** The children of the class at the meeting, by name. */
  students: AttendanceStudent[];
  modelId: number | null;
  /** ISO 8601 UTC of the last save; null until taken. */
  takenAt: string | null;
  takenByName: string | null;
}

/**
 * PUT attendance: the marks given (children left out keep theirs; a child not in the class at the
 * meeting is refused) and the model taught. Refused for a cancelled meeting (409
 * yo_meeting_cancelled) and before it opens (409 yo_meeting_not_started).
 */
export interface AttendanceInput {
  marks: { studentId: number; mark: AttendanceMark }[];
  modelId?: number | null;
}

export interface CalendarFeedState {
  active: boolean;
  /** ISO 8601 UTC; null when off. */
  createdAt: string | null;
}

/** Shown once: only a hash of the secret is kept. */
export interface CalendarFeedAddress extends CalendarFeedState {
  /** https address of the feed (calendarFile), absolute. */
  url: string;
}
