/**
 * A student's sign-up fields and their rules, as create_student checks them: the bulk import checks
 * every row of a file with these same rules and messages.
 */
import { z } from 'zod';
import { email, isoDate, text, wireInt } from './fieldRules';

export const STUDENT_FIELD_RULES = {
  ParentName: text(100),
  StudentFirstName: text(100),
  StudentLastName: text(100),
  ParentEmail: email(),
  Phone: text(40).refine((p) => /^[0-9+()\-.\s/]+$/.test(p) && /\d/.test(p), 'Must be a phone number.'),
  Program: text(100),
  LessonStartDate: isoDate(),
  LessonEndDate: isoDate(),
  NumberOfLessons: wireInt(1, 1000),
};

export const studentFields = z.object(STUDENT_FIELD_RULES);

/** The message for an end date before the start date, or null when the dates are in order. */
export function lessonDatesError(start: string, end: string): Record<string, string> | null {
  return end < start ? { LessonEndDate: 'Must not be before LessonStartDate.' } : null;
}
