/** The answers about lessons used and left, renewals and the monthly report (contract/lessons.ts). */
import { z } from 'zod';
import type { LessonSettings, MonthlyReport, RenewalDue, StudentLessons } from '../../../contract';

export const lessonSettings = z.object({
  countHeldLessons: z.boolean(),
  renewalLessonsLeft: z.number(),
  renewalDaysBeforeEnd: z.number(),
}) satisfies z.ZodType<LessonSettings>;

export const studentLessons = z.object({
  studentId: z.number(),
  total: z.number(),
  used: z.number(),
  left: z.number(),
  startDate: z.string(),
  endDate: z.string(),
  countHeldLessons: z.boolean(),
  meetings: z.array(
    z.object({
      meetingId: z.number(),
      classId: z.number(),
      className: z.string(),
      startsAt: z.string(),
      status: z.enum(['scheduled', 'cancelled']),
      mark: z.enum(['present', 'absent', 'late']).nullable(),
      counted: z.boolean(),
    }),
  ),
}) satisfies z.ZodType<StudentLessons>;

export const renewalsDue = z.array(
  z.object({
    studentId: z.number(),
    firstName: z.string(),
    lastName: z.string(),
    ownerId: z.number(),
    ownerName: z.string(),
    country: z.string(),
    program: z.string(),
    total: z.number(),
    used: z.number(),
    left: z.number(),
    endDate: z.string(),
    reasons: z.array(z.enum(['lessons', 'endDate'])),
    parentName: z.string(),
    parentEmail: z.string(),
    phone: z.string(),
  }),
) satisfies z.ZodType<RenewalDue[]>;

const figures = {
  activeStudents: z.number(),
  meetingsHeld: z.number(),
  attendanceRate: z.number().nullable(),
  renewalsDue: z.number(),
  renewalsMade: z.number(),
};

export const monthlyReport = z.object({
  month: z.string(),
  rows: z.array(z.object({ ownerId: z.number(), ownerName: z.string(), country: z.string(), ...figures })),
  totals: z.object(figures),
}) satisfies z.ZodType<MonthlyReport>;
