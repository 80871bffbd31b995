/** The answers about meetings and attendance (contract/meetings.ts). */
import { z } from 'zod';
import { ATTENDANCE_MARKS, type AttendanceRecord, type MeetingRecord } from '../../../contract';

export const meetingRecord = z.object({
  id: z.number(),
  classId: z.number(),
  className: z.string(),
  ownerId: z.number(),
  ownerName: z.string(),
  programId: z.number(),
  programName: z.string(),
  place: z.string(),
  timeZone: z.string(),
  startsAt: z.string(),
  startsAtUtc: z.string(),
  lengthMinutes: z.number(),
  kind: z.enum(['regular', 'extra']),
  scheduledDate: z.string().nullable(),
  moved: z.boolean(),
  status: z.enum(['scheduled', 'cancelled']),
  note: z.string(),
  studentCount: z.number(),
  attendance: z.object({ present: z.number(), late: z.number(), absent: z.number(), unmarked: z.number() }).nullable(),
  modelId: z.number().nullable(),
  modelName: z.string().nullable(),
}) satisfies z.ZodType<MeetingRecord>;

export const meetingList = z.array(meetingRecord);

export const attendanceRecord = z.object({
  meetingId: z.number(),
  students: z.array(z.object({ id: z.number(), displayName: z.string(), mark: z.enum(ATTENDANCE_MARKS).nullable(), suggested: z.boolean() })),
  modelId: z.number().nullable(),
  takenAt: z.string().nullable(),
  takenByName: z.string().nullable(),
}) satisfies z.ZodType<AttendanceRecord>;
