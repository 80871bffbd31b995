/**
 * The edit form's values (the sign-up form's, studentForm.ts) from a record, the partial edit the
 * server takes (only what changed), and the server's refusals in plain words on their fields.
 */
import type { RosterStudent, RosterStudentEdit } from '../../../../contract/rosterEdit';
import type { ApiError } from '../../../api/types';
import { emptyStudentForm, type StudentField, type StudentFormValues } from '../studentForm';

export function formFromRecord(record: RosterStudent): StudentFormValues {
  return {
    ...emptyStudentForm,
    studentFirstName: record.student_first_name,
    studentLastName: record.student_last_name,
    parentName: record.parent_name,
    parentEmail: record.parent_email,
    phone: record.phone,
    program: record.program,
    startDate: record.lessons_start_date,
    endDate: record.lessons_end_date,
    numberOfLessons: String(record.number_of_lessons),
  };
}

/** Form field -> the sign-up's parameter name the server checks it under. */
const PARAM_OF: Partial<Record<StudentField, keyof RosterStudentEdit>> = {
  studentFirstName: 'StudentFirstName',
  studentLastName: 'StudentLastName',
  parentName: 'ParentName',
  parentEmail: 'ParentEmail',
  phone: 'Phone',
  program: 'Program',
  startDate: 'LessonStartDate',
  endDate: 'LessonEndDate',
  numberOfLessons: 'NumberOfLessons',
};

/** Only the fields whose trimmed value differs from the record's. */
export function editFromForm(values: StudentFormValues, record: RosterStudent): RosterStudentEdit {
  const was = formFromRecord(record);
  const edit: RosterStudentEdit = {};
  for (const [field, param] of Object.entries(PARAM_OF) as [StudentField, keyof RosterStudentEdit][]) {
    const value = values[field].trim();
    if (value === was[field].trim()) continue;
    if (param === 'NumberOfLessons') edit.NumberOfLessons = Number(value);
    else edit[param] = value;
  }
  return edit;
}

export const EMAIL_TAKEN = 'Email already exists. Please try another one.';

/** The field the server named first, with a calm message for it; null when the refusal names none. */
export function fieldOfRefusal(error: ApiError): { field: StudentField; message: string } | null {
  if (error.code === 'already_exists') return { field: 'parentEmail', message: EMAIL_TAKEN };
  const params = error.params ?? {};
  for (const [field, param] of Object.entries(PARAM_OF) as [StudentField, string][]) {
    if (params[param] === undefined) continue;
    if (field === 'endDate' || field === 'startDate') return { field, message: 'The end date is before the start date' };
    return { field, message: 'This was not accepted. Check it (no < or > characters) and try again.' };
  }
  return null;
}

/** What a failed change says, never the server's raw text; `what` is the change in words ("The changes were not saved"). */
export function changeFailureText(what: string, error: ApiError): string {
  if (error.kind === 'network') return `${what}: the server could not be reached. Everything you typed is still here. Check your connection and try again.`;
  if (error.status === 404) return `${what}: this student is no longer on your lists.`;
  if (error.status === 403) return `${what}: your account is not allowed to do this.`;
  if (error.code === 'already_exists') return `${what}: another account already uses that e-mail address.`;
  if (error.code === 'rest_invalid_param') return `${what}: some details were not accepted. Check the marked field and try again.`;
  if (error.status === 429) return `${what}: too many requests. Wait a minute and try again.`;
  return `${what} because of a problem on the server. Please try again.`;
}
