/**
 * The edit form's values (the sign-up form's, studentForm.ts) from a record, the partial edit the
 * server takes (only what changed), and the server's refusals in plain words on their fields.
 */
import type { RosterStudent, RosterStudentEdit } from '../../../contract/rosterEdit';
import { changeFailureTextOf } from '../../api/changeFailure';
import type { ApiError } from '../../api/types';
import { emptyStudentForm, studentMessages, type StudentField, type StudentFormValues } from '../../entities/students/studentForm';
import { editMessages } from './edit.messages';

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

/** The field the server named first, with a calm message for it; null when the refusal names none. */
export function fieldOfRefusal(error: ApiError): { field: StudentField; message: string } | null {
  const t = editMessages.get();
  if (error.code === 'already_exists') return { field: 'parentEmail', message: t.emailTaken };
  const params = error.params ?? {};
  for (const [field, param] of Object.entries(PARAM_OF) as [StudentField, string][]) {
    if (params[param] === undefined) continue;
    if (field === 'endDate' || field === 'startDate') return { field, message: studentMessages.endBeforeStart };
    return { field, message: t.notAccepted };
  }
  return null;
}

/** What a failed change says, never the server's raw text; `what` is the change in words ("The changes were not saved"). */
export function changeFailureText(what: string, error: ApiError): string {
  return editMessages.get()[changeFailureTextOf(error)]({ what });
}
