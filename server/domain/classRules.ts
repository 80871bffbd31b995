/**
 * What a class must be (contract/classes.ts CLASS_LIMITS), field by field, with the messages the
 * owner reads beside each field (rest_invalid_param names them). The rules that need the database
 * (a unique name, the program, the students) are in classes.ts.
 */
import { z } from 'zod';
import { CLASS_LIMITS, type Weekday } from '../../contract';
import { canonicalTimeZone, daysBetween } from './classSchedule';
import { id, isoDate, optionalText, text, wireInt } from './fieldRules';

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Read before the limit is checked, so that a whole roster picked is told how many it was. */
const MAX_IDS_READ = 5000;

const weekdays = z.array(z.unknown(), { error: 'Must be a list of weekdays (1 Monday to 7 Sunday).' }).transform((given, ctx): Weekday[] => {
  if (given.length === 0) {
    ctx.addIssue({ code: 'custom', message: 'Choose at least one weekday.' });
    return z.NEVER;
  }
  if (!given.every((day) => Number.isInteger(day) && (day as number) >= 1 && (day as number) <= 7)) {
    ctx.addIssue({ code: 'custom', message: 'Each weekday must be a number from 1 (Monday) to 7 (Sunday).' });
    return z.NEVER;
  }
  if (new Set(given).size !== given.length) {
    ctx.addIssue({ code: 'custom', message: 'Each weekday may be chosen once.' });
    return z.NEVER;
  }
  return [...(given as Weekday[])].sort((a, b) => a - b);
});

const studentIds = z
  .array(id(), { error: 'Must be a list of student ids.' })
  .max(MAX_IDS_READ, `A class has at most ${CLASS_LIMITS.maxStudents} students.`)
  .transform((given, ctx): number[] => {
    const unique = [...new Set(given)];
    if (unique.length > CLASS_LIMITS.maxStudents) {
      ctx.addIssue({ code: 'custom', message: `A class has at most ${CLASS_LIMITS.maxStudents} students; ${unique.length} were chosen.` });
      return z.NEVER;
    }
    return unique;
  });

const timeZone = z
  .string({ error: 'Must be a string.' })
  .trim()
  .transform((name, ctx): string => {
    const canonical = canonicalTimeZone(name);
    if (canonical === null) {
      ctx.addIssue({ code: 'custom', message: 'Must be a time zone by its name, such as Europe/Madrid or Asia/Jerusalem.' });
      return z.NEVER;
    }
    return canonical;
  });

/** A class as the owner writes it (ClassInput), each field checked on its own. */
export const classInputSchema = z.strictObject({
  name: text(CLASS_LIMITS.nameMaxLength),
  programId: id(),
  place: z.string({ error: 'Must be a string.' }).trim().pipe(optionalText(CLASS_LIMITS.placeMaxLength)),
  weekdays,
  startTime: z.string({ error: 'Must be a string.' }).trim().regex(HH_MM, 'Must be a time as HH:MM on a 24-hour clock, e.g. 16:00.'),
  lengthMinutes: wireInt(CLASS_LIMITS.minLengthMinutes, CLASS_LIMITS.maxLengthMinutes),
  startDate: isoDate(),
  endDate: isoDate(),
  timeZone,
  studentIds,
  ownerId: id().optional(),
});

export type ClassFields = Omit<z.output<typeof classInputSchema>, 'ownerId'>;

/** Two names are one when they differ only in case or spacing. */
export const nameKey = (name: string): string => name.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim();

/** The rules between fields: the dates' order and span; the bad fields with their messages (none: {}). */
export function classDateErrors(fields: Pick<ClassFields, 'startDate' | 'endDate'>): Record<string, string> {
  const days = daysBetween(fields.startDate, fields.endDate);
  if (days < 0) return { endDate: `The end date (${fields.endDate}) must not be before the start date (${fields.startDate}).` };
  if (days > CLASS_LIMITS.maxDays) return { endDate: `A class runs for at most ${CLASS_LIMITS.maxDays} days; the end date is ${days} days after the start date.` };
  return {};
}
