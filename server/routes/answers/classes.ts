/** The answers about classes (contract/classes.ts). */
import { z } from 'zod';
import { WEEKDAYS, type ClassRecord } from '../../../contract';

export const classRecord = z.object({
  id: z.number(),
  ownerId: z.number(),
  ownerName: z.string(),
  name: z.string(),
  programId: z.number(),
  programName: z.string(),
  place: z.string(),
  weekdays: z.array(z.literal(WEEKDAYS)),
  startTime: z.string(),
  lengthMinutes: z.number(),
  startDate: z.string(),
  endDate: z.string(),
  timeZone: z.string(),
  students: z.array(z.object({ id: z.number(), displayName: z.string() })),
  archived: z.boolean(),
  nextMeeting: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
}) satisfies z.ZodType<ClassRecord>;

export const classList = z.array(classRecord);
