/** What a meeting's change, an extra meeting and attendance must be (contract/meetings.ts), field by field. */
import { z } from 'zod';
import { ATTENDANCE_MARKS, CLASS_LIMITS, MEETING_LIMITS } from '../../contract';
import { id, isoDate, optionalText, wireInt } from './fieldRules';

const WALL_CLOCK = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d$/;
const WALL_CLOCK_MESSAGE = 'Must be a date and time as YYYY-MM-DDTHH:MM on the place\'s clock, e.g. 2026-03-09T16:00.';

/** Marks read at most (a class has at most CLASS_LIMITS.maxStudents; children who left and joined again count once each). */
const MAX_MARKS = 500;

const wallClock = () =>
  z
    .string({ error: 'Must be a string.' })
    .trim()
    .regex(WALL_CLOCK, WALL_CLOCK_MESSAGE)
    .refine((s) => {
      const d = new Date(`${s.slice(0, 10)}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s.slice(0, 10));
    }, 'Must be a real date.');

const lengthMinutes = () => wireInt(CLASS_LIMITS.minLengthMinutes, CLASS_LIMITS.maxLengthMinutes);
const note = () => z.string({ error: 'Must be a string.' }).trim().pipe(optionalText(MEETING_LIMITS.noteMaxLength));

export const meetingListSchema = z.strictObject({
  from: isoDate(),
  to: isoDate(),
  class: id().optional(),
  owner: id().optional(),
});

export const meetingChangeSchema = z.strictObject({
  startsAt: wallClock().optional(),
  lengthMinutes: lengthMinutes().optional(),
  cancelled: z.boolean({ error: 'Must be true (cancel) or false (put back).' }).optional(),
  note: note().optional(),
});
export type MeetingChangeFields = z.output<typeof meetingChangeSchema>;

export const extraMeetingSchema = z.strictObject({
  startsAt: wallClock(),
  lengthMinutes: lengthMinutes().optional(),
  note: note().optional(),
});
export type ExtraMeetingFields = z.output<typeof extraMeetingSchema>;

export const attendanceInputSchema = z.strictObject({
  marks: z
    .array(
      z.strictObject({
        studentId: id(),
        mark: z.enum(ATTENDANCE_MARKS, { error: `Must be one of ${ATTENDANCE_MARKS.join(', ')}.` }),
      }),
      { error: 'Must be a list of { studentId, mark }.' },
    )
    .max(MAX_MARKS, `At most ${MAX_MARKS} marks at once.`),
  modelId: id().nullable().optional(),
});
export type AttendanceFields = z.output<typeof attendanceInputSchema>;
