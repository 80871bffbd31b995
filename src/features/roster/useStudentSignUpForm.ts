/**
 * The student sign-up form's state: the typed values, the check of the values as they were last
 * sent, the one message each field shows, and where the focus goes after a submit.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useMessages } from '../../shared/i18n/messages';
import type { SignUpStudentFlow } from './rosterSlice';
import { signUpMessages } from './signUp.messages';
import { emptyStudentForm, endsBeforeStart, studentMessages, validateStudentForm, type FieldError, type StudentField, type StudentFormValues } from '../../entities/students/studentForm';
import { studentFormMessages } from '../../entities/students/studentForm.messages';

export const signUpFieldId = (field: StudentField) => `sign-up-${field}`;

type Rejection = SignUpStudentFlow['rejection'];

/** What the fields read and change. */
export interface StudentFieldsState {
  values: StudentFormValues;
  set: (field: StudentField, value: string) => void;
  /** The message shown next to `field`, or null. */
  messageFor: (field: StudentField) => string | null;
}

export interface StudentSignUpForm extends StudentFieldsState {
  /** Checks the values as typed now (they are shown checked from here on): the first failure, or null when they can be sent. */
  check: () => FieldError | null;
  /** An empty form for the next student, for the same owner. */
  clearForAnother: () => void;
  /** The field of the first failure of the values last checked. */
  errorField: StudentField | undefined;
  /** How many times the values were checked: each check moves the focus again. */
  attempt: number;
  /** Something was typed or chosen since the form was opened (or cleared for the next student). */
  dirty: boolean;
}

/**
 * @param chooseOwner an administrator picks the owner in the form, preset from `requestedOwnerId`
 * @param rejection why the backend refused the last request
 */
export function useStudentSignUpForm(chooseOwner: boolean, requestedOwnerId: number | null, rejection: Rejection): StudentSignUpForm {
  const t = useMessages(signUpMessages);
  const labels = useMessages(studentFormMessages);
  const [start, setStart] = useState<StudentFormValues>(() => ({
    ...emptyStudentForm,
    teacherId: chooseOwner && requestedOwnerId !== null ? String(requestedOwnerId) : '',
  }));
  const [values, setValues] = useState<StudentFormValues>(start);
  // The values as they were sent: their first failure is worded in the language shown now (the
  // texts are a dependency so that a language change words it again).
  const [checked, setChecked] = useState<StudentFormValues | null>(null);
  const [attempt, setAttempt] = useState(0);
  const error: FieldError | null = useMemo(() => (checked && labels ? validateStudentForm(checked, { chooseOwner }) : null), [checked, chooseOwner, labels]);

  return {
    values,
    set: (field, value) => setValues((current) => ({ ...current, [field]: value })),
    messageFor: (field) => fieldMessage(field, values, error, rejection === 'already_exists' ? t.alreadyExists : null),
    check: () => {
      const problem = validateStudentForm(values, { chooseOwner });
      setChecked(values);
      setAttempt((n) => n + 1);
      return problem;
    },
    clearForAnother: () => {
      const next = { ...emptyStudentForm, teacherId: values.teacherId };
      setStart(next);
      setValues(next);
      setChecked(null);
    },
    errorField: error?.field,
    attempt,
    dirty: (Object.keys(values) as StudentField[]).some((field) => values[field].trim() !== start[field].trim()),
  };
}

/**
 * The one message a field shows. The date order is said as soon as both dates are there (the typed
 * date stays as it is), and goes away as soon as it is fixed.
 * @param alreadyExists the backend's refusal of the parent e-mail: one parent e-mail may have several
 *   children, so it means this very child has an account
 */
function fieldMessage(field: StudentField, values: StudentFormValues, error: FieldError | null, alreadyExists: string | null): string | null {
  if (field === 'endDate' && endsBeforeStart(values)) return studentMessages.endBeforeStart;
  if (error?.field === field && error.message !== studentMessages.endBeforeStart) return error.message;
  if (field === 'parentEmail' && alreadyExists) return alreadyExists;
  return null;
}

/**
 * Focus follows the message: the first invalid field after each submit, or the e-mail the backend
 * refused; and the success heading once the student is added. Returns the heading's ref.
 */
export function useSignUpFocus(errorField: StudentField | undefined, attempt: number, rejection: Rejection, succeeded: boolean) {
  const successHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (errorField) document.getElementById(signUpFieldId(errorField))?.focus();
  }, [errorField, attempt]);
  useEffect(() => {
    if (rejection === 'already_exists') document.getElementById(signUpFieldId('parentEmail'))?.focus();
  }, [rejection]);
  useEffect(() => {
    if (succeeded) successHeading.current?.focus();
  }, [succeeded]);
  return successHeading;
}
