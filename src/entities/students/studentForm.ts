/**
 * A student's fields as a form holds them, and their rules: the sign-up page and a student's edit
 * form both check them in the product's order, and only the first failure is reported, as the
 * older portal did.
 */
import type { NewStudent } from '../../api/types';
import { studentFormMessages } from './studentForm.messages';

/**
 * Every field as typed, so all strings: teacherId '' = no owner chosen (administrators only), dates
 * YYYY-MM-DD or '', numberOfLessons the digits as typed.
 */
export type StudentFormValues = Record<keyof NewStudent, string>;

export type StudentField = keyof StudentFormValues;

export const emptyStudentForm: StudentFormValues = {
  teacherId: '',
  studentFirstName: '',
  studentLastName: '',
  parentName: '',
  parentEmail: '',
  phone: '',
  program: '',
  startDate: '',
  endDate: '',
  numberOfLessons: '',
};

export const MAX_LESSONS = 999;

const STUDENT_RULES = [
  'teacherId',
  'studentFirstName',
  'studentLastName',
  'parentName',
  'parentEmail',
  'parentEmailFormat',
  'phone',
  'program',
  'startDate',
  'endDate',
  'endBeforeStart',
  'numberOfLessons',
  'numberOfLessonsRange',
] as const;
type StudentRule = (typeof STUDENT_RULES)[number];

function studentMessage(rule: StudentRule): string {
  const t = studentFormMessages.get();
  return rule === 'numberOfLessonsRange' ? t.numberOfLessonsRange({ max: MAX_LESSONS }) : t[rule];
}

/**
 * The spec's messages in the shown language (its typo included in English: 'Enter Vaild Eail'),
 * read when used, so a message always speaks the language on screen.
 */
export const studentMessages = Object.defineProperties(
  {},
  Object.fromEntries(STUDENT_RULES.map((rule) => [rule, { get: () => studentMessage(rule), enumerable: true }])),
) as Readonly<Record<StudentRule, string>>;

export interface FieldError {
  field: StudentField;
  message: string;
}

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export const isValidEmail = (value: string) => EMAIL.test(value.trim());

/** Both dates are set and the end comes before the start (the same day is fine). */
export const endsBeforeStart = (values: Pick<StudentFormValues, 'startDate' | 'endDate'>) =>
  ISO_DATE.test(values.startDate) && ISO_DATE.test(values.endDate) && values.endDate < values.startDate;

/** The first failing rule, or null when the form can be sent. */
export function validateStudentForm(values: StudentFormValues, options: { chooseOwner: boolean }): FieldError | null {
  const blank = (value: string) => value.trim() === '';
  const fail = (field: StudentField, message: string): FieldError => ({ field, message });
  if (options.chooseOwner && blank(values.teacherId)) return fail('teacherId', studentMessages.teacherId);
  if (blank(values.studentFirstName)) return fail('studentFirstName', studentMessages.studentFirstName);
  if (blank(values.studentLastName)) return fail('studentLastName', studentMessages.studentLastName);
  if (blank(values.parentName)) return fail('parentName', studentMessages.parentName);
  if (blank(values.parentEmail)) return fail('parentEmail', studentMessages.parentEmail);
  if (!isValidEmail(values.parentEmail)) return fail('parentEmail', studentMessages.parentEmailFormat);
  if (blank(values.phone)) return fail('phone', studentMessages.phone);
  if (blank(values.program)) return fail('program', studentMessages.program);
  if (!ISO_DATE.test(values.startDate)) return fail('startDate', studentMessages.startDate);
  if (!ISO_DATE.test(values.endDate)) return fail('endDate', studentMessages.endDate);
  // Decision (the spec is silent): an end date before the start date is refused; the same day is fine.
  if (endsBeforeStart(values)) return fail('endDate', studentMessages.endBeforeStart);
  if (blank(values.numberOfLessons)) return fail('numberOfLessons', studentMessages.numberOfLessons);
  const lessons = Number(values.numberOfLessons);
  if (!/^\d+$/.test(values.numberOfLessons.trim()) || lessons < 1 || lessons > MAX_LESSONS) {
    return fail('numberOfLessons', studentMessages.numberOfLessonsRange);
  }
  return null;
}

/** The request body for a valid form; the teacher is the owner themself unless an administrator chose one. */
export function toNewStudent(values: StudentFormValues, teacherId: number): NewStudent {
  return {
    studentFirstName: values.studentFirstName.trim(),
    studentLastName: values.studentLastName.trim(),
    parentName: values.parentName.trim(),
    parentEmail: values.parentEmail.trim(),
    phone: values.phone.trim(),
    program: values.program,
    startDate: values.startDate,
    endDate: values.endDate,
    numberOfLessons: Number(values.numberOfLessons),
    teacherId,
  };
}
