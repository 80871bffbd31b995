/**
 * /sign_up_new_student/{userName}: the student sign-up form. Validation runs in the spec's order and
 * shows one message at a time, next to its field, and moves focus there. The typed values live in
 * this component and survive a failed request, so the user just presses the button again.
 */
import 'react-datepicker/dist/react-datepicker.css';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import DatePicker from 'react-datepicker';
import { Link, useLocation, useParams } from 'react-router';
import type { ApiError } from '../../api/types';
import { selectUserId, selectUserRole } from '../../entities/session/sessionSelectors';
import { selectUserEntities } from '../../entities/users/usersSelectors';
import { breakpoints } from '../../shared/breakpoints';
import { STUDENT_PROGRAM_CHOICES } from '../../shared/constants';
import { ownerIdFromSearch, paths } from '../../shared/paths';
import { useAppDispatch, useAppSelector } from '../../shared/storeHooks';
import { fromIsoDate, toIsoDate } from './formatting';
import { selectListLoad, selectOwnerChoices, selectSignUpStudentFlow } from './rosterSelectors';
import { selectStudentsListOwner } from './studentsListOwner';
import { FormFooter } from './FormFooter';
import { rosterActions } from './rosterSlice';
import { emptyStudentForm, endsBeforeStart, MAX_LESSONS, studentMessages, toNewStudent, validateStudentForm, type FieldError, type StudentField, type StudentFormValues } from './studentForm';
import { useMediaQuery } from './useMediaQuery';
import { Button } from '../../shared/ui/Button';
import { Card } from '../../shared/ui/Card';
import { DatePickerTheme } from '../../shared/ui/DatePickerTheme';
import { controlProps, FormField } from '../../shared/ui/Field';
import { Message } from '../../shared/ui/Message';
import { FormGrid, Page, Toolbar } from '../../shared/ui/Layout';
import { Title } from '../../shared/ui/Text';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { browserOnline, NEEDS_INTERNET } from '../../shared/failureMessage';
import { useRosterFeature } from './rosterFeature';

/** One parent e-mail may have several children (issue 16.5): 'already_exists' means this very child has an account. */
export const ALREADY_EXISTS_MESSAGE = 'This student already has an account with this parent email.';

const fieldId = (field: StudentField) => `sign-up-${field}`;

/** Plain words for a failed sign-up; the typed values are kept. Never the server's raw text. */
export function signUpFailureText(error: ApiError): string {
  if (error.kind === 'network' && !browserOnline()) return `The student was not added. ${NEEDS_INTERNET} Everything you typed is still here.`;
  if (error.kind === 'network') {
    return 'The student was not added: the server could not be reached. Everything you typed is still here. Check your connection and press Sign Up Student again.';
  }
  if (error.code === 'rest_invalid_param') {
    return 'The student was not added: some details were not accepted. Check the fields (no < or > characters) and try again.';
  }
  if (error.status === 403) return 'The student was not added: your account is not allowed to add students for this franchise owner.';
  if (error.status === 429) return 'The student was not added: too many requests. Wait a minute and try again.';
  return 'The student was not added because of a problem on the server. Everything you typed is still here; please try again.';
}

export default function SignUpStudentPage() {
  useRosterFeature();
  const dispatch = useAppDispatch();
  const { userName = '' } = useParams();
  const role = useAppSelector(selectUserRole);
  const ownUserId = useAppSelector(selectUserId);
  const requestedOwnerId = ownerIdFromSearch(useLocation().search);
  // The owner this page was opened for (an administrator's ?owner= or the owner's first name).
  const urlOwner = useAppSelector((state) => selectStudentsListOwner(state, userName, requestedOwnerId));
  const ownerChoices = useAppSelector(selectOwnerChoices);
  const users = useAppSelector(selectUserEntities);
  const ownersLoad = useAppSelector(selectListLoad);
  const flow = useAppSelector(selectSignUpStudentFlow);
  const usePortal = useMediaQuery(`(max-width: ${breakpoints.datePickerPortalMax}px)`);
  const chooseOwner = role === 'administrator';

  const [values, setValues] = useState<StudentFormValues>(() => ({
    ...emptyStudentForm,
    teacherId: chooseOwner && requestedOwnerId !== null ? String(requestedOwnerId) : '',
  }));
  const [error, setError] = useState<FieldError | null>(null);
  const [attempt, setAttempt] = useState(0);
  const successHeading = useRef<HTMLHeadingElement>(null);

  const open = useCallback(() => dispatch(rosterActions.signUpStudentOpened()), [dispatch]);
  useEffect(() => {
    open();
  }, [open]);

  // Focus follows the message: the first invalid field, or the e-mail the backend refused.
  useEffect(() => {
    if (error) document.getElementById(fieldId(error.field))?.focus();
  }, [error, attempt]);
  useEffect(() => {
    if (flow.rejection === 'already_exists') document.getElementById(fieldId('parentEmail'))?.focus();
  }, [flow.rejection]);
  useEffect(() => {
    if (flow.status === 'succeeded') successHeading.current?.focus();
  }, [flow.status]);

  const set = (field: StudentField, value: string) => setValues((current) => ({ ...current, [field]: value }));
  const submitting = flow.status === 'loading';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const problem = validateStudentForm(values, { chooseOwner });
    setError(problem);
    setAttempt((n) => n + 1);
    if (problem) return;
    const teacherId = chooseOwner ? Number(values.teacherId) : (ownUserId ?? 0);
    dispatch(rosterActions.studentSignUpSubmitted(toNewStudent(values, teacherId)));
  };

  const messageFor = (field: StudentField): string | null => {
    // The date order is said as soon as both dates are there (the typed date stays as it is), and
    // goes away as soon as it is fixed.
    if (field === 'endDate' && endsBeforeStart(values)) return studentMessages.endBeforeStart;
    if (error?.field === field && error.message !== studentMessages.endBeforeStart) return error.message;
    if (field === 'parentEmail' && flow.rejection === 'already_exists') return ALREADY_EXISTS_MESSAGE;
    return null;
  };

  // Back to whose list: the owner chosen in the form, else the one the URL names, else (an
  // administrator with neither) the owners list.
  const chosenOwner = chooseOwner ? users[Number(values.teacherId)] : undefined;
  const listPath = chosenOwner
    ? paths.studentsList.href({ userName: chosenOwner.firstName, ownerId: chosenOwner.id })
    : !chooseOwner
      ? paths.studentsList.href({ userName })
      : urlOwner.kind === 'found'
        ? paths.studentsList.href({ userName: urlOwner.listName, ownerId: urlOwner.ownerId })
        : paths.franchiseOwnersList.href();

  if (flow.status === 'succeeded') {
    return (
      <Page>
        <Title>Sign Up New Student</Title>
        <Card>
          <h2 ref={successHeading} tabIndex={-1}>
            New Student Added successfully
          </h2>
          <p>The student&apos;s sign-in details were e-mailed to the parent.</p>
          <Toolbar>
            <ButtonLink to={listPath} $variant="secondary">
              Students List
            </ButtonLink>
            <Button
              type="button"
              onClick={() => {
                setValues({ ...emptyStudentForm, teacherId: values.teacherId });
                setError(null);
                dispatch(rosterActions.studentSignUpReset());
              }}
            >
              add More Student
            </Button>
          </Toolbar>
        </Card>
      </Page>
    );
  }

  const text = (field: StudentField, label: string, extra: { type?: string; autoComplete?: string; inputMode?: 'numeric' | 'tel' | 'email'; maxLength?: number } = {}) => (
    <FormField id={fieldId(field)} label={label} error={messageFor(field)}>
      <input
        {...controlProps(fieldId(field), messageFor(field))}
        name={field}
        type={extra.type ?? 'text'}
        autoComplete={extra.autoComplete ?? 'off'}
        inputMode={extra.inputMode}
        maxLength={extra.maxLength ?? 100}
        value={values[field]}
        onChange={(event) => set(field, event.target.value)}
      />
    </FormField>
  );

  const date = (field: 'startDate' | 'endDate', label: string) => {
    const message = messageFor(field);
    return (
      <FormField id={fieldId(field)} label={label} error={message}>
        <DatePicker
          id={fieldId(field)}
          name={field}
          selected={fromIsoDate(values[field])}
          onChange={(picked: Date | null) => set(field, picked ? toIsoDate(picked) : '')}
          dateFormat={['MMMM d, yyyy', 'yyyy-MM-dd']}
          placeholderText="Choose a date"
          withPortal={usePortal}
          // Opens upwards where there is room: downwards it would cover this field's own error
          // message and, on the last row, the submit button.
          popperPlacement="top-start"
          showPopperArrow={false}
          autoComplete="off"
          // No minDate: react-datepicker erases a typed date outside it. The calendar opens at the
          // start date instead, and an earlier end date is kept and explained.
          openToDate={field === 'endDate' && !values.endDate ? (fromIsoDate(values.startDate) ?? undefined) : undefined}
          ariaInvalid={message ? 'true' : undefined}
          ariaDescribedBy={message ? `${fieldId(field)}-error` : undefined}
          showMonthDropdown
          showYearDropdown
          dropdownMode="select"
        />
      </FormField>
    );
  };

  return (
    <Page>
      <DatePickerTheme />
      <Title>Sign Up New Student</Title>
      <Card>
        <form noValidate onSubmit={onSubmit} aria-busy={submitting || undefined} aria-labelledby="sign-up-heading">
          <h2 id="sign-up-heading" style={{ marginTop: 0 }}>
            Student details
          </h2>
          <FormGrid>
            {chooseOwner && (
              <FormField id={fieldId('teacherId')} label="Franchise Owner" error={messageFor('teacherId')} wide>
                <select
                  {...controlProps(fieldId('teacherId'), messageFor('teacherId'))}
                  name="teacherId"
                  value={values.teacherId}
                  onChange={(event) => set('teacherId', event.target.value)}
                >
                  <option value="">{ownersLoad.status === 'loading' && ownerChoices.length === 0 ? 'Loading franchise owners…' : 'Choose a franchise owner'}</option>
                  {ownerChoices.map((owner) => (
                    <option key={owner.id} value={String(owner.id)}>
                      {owner.label}
                    </option>
                  ))}
                </select>
              </FormField>
            )}
            {text('studentFirstName', 'Student First Name', { autoComplete: 'off' })}
            {text('studentLastName', 'Student Last Name', { autoComplete: 'off' })}
            {text('parentName', 'Parent Name', { autoComplete: 'name' })}
            {text('parentEmail', 'Parent Email', { type: 'email', autoComplete: 'email', inputMode: 'email', maxLength: 254 })}
            {text('phone', 'Phone', { type: 'tel', autoComplete: 'tel', inputMode: 'tel', maxLength: 40 })}
            <FormField id={fieldId('program')} label="Program" error={messageFor('program')}>
              <select {...controlProps(fieldId('program'), messageFor('program'))} name="program" value={values.program} onChange={(event) => set('program', event.target.value)}>
                <option value="">Select Program</option>
                {STUDENT_PROGRAM_CHOICES.map((program) => (
                  <option key={program} value={program}>
                    {program}
                  </option>
                ))}
              </select>
            </FormField>
            {date('startDate', 'Lesson Start Date')}
            {date('endDate', 'Lesson End Date')}
            <FormField id={fieldId('numberOfLessons')} label="Number Of Lessons" error={messageFor('numberOfLessons')}>
              <input
                {...controlProps(fieldId('numberOfLessons'), messageFor('numberOfLessons'))}
                name="numberOfLessons"
                type="text"
                inputMode="numeric"
                pattern="[0-9]*"
                autoComplete="off"
                maxLength={String(MAX_LESSONS).length}
                value={values.numberOfLessons}
                onChange={(event) => set('numberOfLessons', event.target.value.replace(/\D+/g, ''))}
              />
            </FormField>
          </FormGrid>
          {chooseOwner && ownersLoad.status === 'failed' && (
            <Message $tone="error" role="alert">
              <p>The franchise owners could not be loaded.</p>
              <p>
                <Button type="button" $variant="secondary" onClick={open}>
                  Try again
                </Button>
              </p>
            </Message>
          )}
          <FormFooter submitting={submitting} progress="Signing up the student…" failure={flow.error && signUpFailureText(flow.error)} label="Sign Up Student" busyLabel="Signing up…">
            <Link to={listPath}>Back to the list</Link>
          </FormFooter>
        </form>
      </Card>
    </Page>
  );
}
