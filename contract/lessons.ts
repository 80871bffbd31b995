/**
 * Lessons each family bought and used: a student's package is the spec's number of lessons
 * (number_of_lessons) between lessons_start_date and lessons_end_date; each meeting between those
 * dates that the child attended (marked present or late) uses one, or, when the franchise counts
 * held lessons (LessonSettings.countHeldLessons), each meeting held (not cancelled, already ended)
 * of a class the child was in at the time. Portal backend only (a plain WordPress site has no
 * classes): the students list's wire rows carry `lessons_used` / `lessons_left` only there, and the
 * app shows the column only when the rows have it.
 *
 * Who sees what follows the students: an owner her own students, an administrator everyone's;
 * another owner's student is 404 rest_user_invalid_id.
 */

export const LESSONS_PATHS = {
  /** GET → StudentLessons. */
  studentLessons: (id: number | string) => `/wp-json/yo/v1/students/${id}/lessons`,
  /** POST RenewalInput → StudentLessons: more lessons and a new end date, in one audited change ('student.renew'). */
  studentRenewal: (id: number | string) => `/wp-json/yo/v1/students/${id}/renewal`,
  /**
   * GET → RenewalDue[]: the signed-in owner's students (an administrator's: everyone's, or with
   * ?owner=ID and/or ?country=NAME) whose lessons left are at most LessonSettings.renewalLessonsLeft
   * or whose end date is within LessonSettings.renewalDaysBeforeEnd days (ended ones not listed: the
   * spec's active students only), fewest lessons left first, then the earliest end date.
   */
  renewalsDue: '/wp-json/yo/v1/renewals-due',
  /** GET → LessonSettings (owners and administrators); PUT LessonSettings → LessonSettings (administrators). */
  lessonSettings: '/wp-json/yo/v1/settings/lessons',
  /**
   * GET ?month=YYYY-MM (administrators) → MonthlyReport: one row per franchise owner, figures of that
   * calendar month (each meeting on its place's clock).
   */
  monthlyReport: '/wp-json/yo/v1/reports/monthly',
} as const;

export const LESSON_LIMITS = {
  /** One renewal adds 1 to this many lessons. */
  maxRenewalLessons: 200,
  maxRenewalLessonsLeft: 50,
  maxRenewalDays: 120,
} as const;

export const DEFAULT_LESSON_SETTINGS: LessonSettings = { countHeldLessons: false, renewalLessonsLeft: 2, renewalDaysBeforeEnd: 14 };

export interface LessonSettings {
  /** false: a lesson is used when the child attends; true: when a meeting of the child's class is held. */
  countHeldLessons: boolean;
  /** 0..LESSON_LIMITS.maxRenewalLessonsLeft */
  renewalLessonsLeft: number;
  /** 0..LESSON_LIMITS.maxRenewalDays */
  renewalDaysBeforeEnd: number;
}

export interface StudentLessonMeeting {
  meetingId: number;
  classId: number;
  className: string;
  /** The place's wall clock, YYYY-MM-DDTHH:MM. */
  startsAt: string;
  status: 'scheduled' | 'cancelled';
  /** Null when not marked. */
  mark: 'present' | 'absent' | 'late' | null;
  /** Whether this meeting used one of the child's lessons. */
  counted: boolean;
}

export interface StudentLessons {
  studentId: number;
  /** number_of_lessons */
  total: number;
  used: number;
  /** total − used; below zero when more were used than bought. */
  left: number;
  startDate: string;
  endDate: string;
  countHeldLessons: boolean;
  /** The child's meetings from the start date to today (and held ones only), newest first. */
  meetings: StudentLessonMeeting[];
}

export interface RenewalInput {
  /** 1..LESSON_LIMITS.maxRenewalLessons, added to number_of_lessons. */
  addLessons: number;
  /** YYYY-MM-DD, not before the current end date nor today. */
  endDate: string;
}

export interface RenewalDue {
  studentId: number;
  firstName: string;
  lastName: string;
  ownerId: number;
  ownerName: string;
  country: string;
  program: string;
  total: number;
  used: number;
  left: number;
  endDate: string;
  /** Why the child is listed. */
  reasons: ('lessons' | 'endDate')[];
  parentName: string;
  parentEmail: string;
  phone: string;
}

export interface MonthlyReportRow {
  ownerId: number;
  ownerName: string;
  country: string;
  /** Students whose package covers at least one day of the month and who were not ended before it. */
  activeStudents: number;
  /** Meetings not cancelled that ended within the month. */
  meetingsHeld: number;
  /** Marks present or late over all marks given at those meetings, 0..1; null when no marks. */
  attendanceRate: number | null;
  /** The owner's renewals due today (the list as it is now, whatever the month). */
  renewalsDue: number;
  /** Renewals made within the month (audit 'student.renew'). */
  renewalsMade: number;
}

export interface MonthlyReport {
  /** YYYY-MM */
  month: string;
  rows: MonthlyReportRow[];
  totals: Omit<MonthlyReportRow, 'ownerId' | 'ownerName' | 'country'>;
}
