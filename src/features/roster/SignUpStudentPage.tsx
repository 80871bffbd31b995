/**
 * /sign_up_new_student/{userName}: the student sign-up form. Validation runs in the spec's order and
 * shows one message at a time, next to its field, and moves focus there. The typed values live in
 * this component and survive a failed request, so the user just presses the button again.
 */
import 'react-datepicker/dist/react-datepicker.css';
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import DatePicker from 'react-datepicker';
import { Link, useLocation, useParams } from 'react-router';
import type { ApiError } from '../../api/types';
import { selectUserId, selectUserRole } from '../../entities/session/sessionSelectors';
import { selectUserEntities } from '../../entities/users/usersSelectors';
import { breakpoints } from '../../shared/breakpoints';
import { STUDENT_PROGRAM_CHOICES } from '../../shared/constants';
import { ownerIdFromSearch } from '../../shared/ownerFromSearch';
import { paths } from '../../shared/paths';
import { useAppDispatch, useAppSelector } from '../../shared/storeHooks';
import { fromIsoDate, toIsoDate } from '../../shared/i18n/calendarDates';
import { selectListLoad, selectOwnerChoices } from '../../entities/roster/rosterListsSelectors';
import { selectSignUpStudentFlow } from './rosterSelectors';
import { selectStudentsListOwner } from './studentsListOwner';
import { FormFooter } from '../../shared/ui/FormFooter';
import { rosterActions } from './rosterSlice';
import { emptyStudentForm, endsBeforeStart, MAX_LESSONS, studentMessages, toNewStudent, validateStudentForm, type FieldError, type StudentField, type StudentFormValues } from '../../entities/students/studentForm';
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

/** One parent e-mail may have several children (issue 16.5): 'already_exists' means this very child has an account. */
export const ALREADY_EXISTS_MESSAGE = 'This student already has an account with this parent email.';
import { useMessages } from '../../shared/i18n/messages';
import { useDatePickerLocale } from '../../shared/ui/datePickerLocale';
import { signUpMessages } from './signUp.messages';
import { studentFormMessages } from '../../entities/students/studentForm.messages';

const fieldId = (field: StudentField) => `sign-up-${field}`;

/** The typed date's order in the shown language (English: the spec's); the calendar's names come with useDatePickerLocale. */
const PICKER_FORMATS: Record<string, string> = {
  he: 'd MMMM yyyy',
  es: "d 'de' MMMM 'de' yyyy",
};

/** Plain words for a failed sign-up; the typed values are kept. Never the server's raw text. */
export function signUpFailureText(error: ApiError): string {
  const t = signUpMessages.get();
  if (error.kind === 'network' && !browserOnline()) return t.studentNeedsInternet({ needsInternet: NEEDS_INTERNET });
  if (error.kind === 'network') return t.studentNetworkFailed;
  if (error.code === 'rest_invalid_param') return t.studentInvalid;
  if (error.status === 403) return t.studentForbidden;
  if (error.status === 429) return t.studentTooMany;
  return t.studentServerFailed;
}

export default function SignUpStudentPage() {
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
  const t = useMessages(signUpMessages);
  const labels = useMessages(studentFormMessages);
  // Until the language's month names are in, the picker reads and writes English dates.
  const pickerLocale = useDatePickerLocale();
  const pickerFormat = pickerLocale ? PICKER_FORMATS[pickerLocale] : undefined;

  const [values, setValues] = useState<StudentFormValues>(() => ({
    ...emptyStudentForm,
    teacherId: chooseOwner && requestedOwnerId !== null ? String(requestedOwnerId) : '',
  }));
  // The values as they were sent: their first failure is worded in the language shown now (the
  // texts are a dependency so that a language change words it again).
  const [checked, setChecked] = useState<StudentFormValues | null>(null);
  const [attempt, setAttempt] = useState(0);
  const successHeading = useRef<HTMLHeadingElement>(null);

  const error: FieldError | null = useMemo(() => (checked && labels ? validateStudentForm(checked, { chooseOwner }) : null), [checked, chooseOwner, labels]);

  const open = useCallback(() => dispatch(rosterActions.signUpStudentOpened()), [dispatch]);
  useEffect(() => {
    open();
  }, [open]);

  // Focus follows the message: the first invalid field, or the e-mail the backend refused.
  const errorField = error?.field;
  useEffect(() => {
    if (errorField) document.getElementById(fieldId(errorField))?.focus();
  }, [errorField, attempt]);
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
    setChecked(values);
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
    // One parent e-mail may have several children (issue 16.5): 'already_exists' means this very child has an account.
    if (field === 'parentEmail' && flow.rejection === 'already_exists') return t.alreadyExists;
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
        <Title>{t.signUpNewStudent}</Title>
        <Card>
          <h2 ref={successHeading} tabIndex={-1}>
            {t.studentAdded}
          </h2>
          <p>{t.detailsMailed}</p>
          <Toolbar>
            <ButtonLink to={listPath} $variant="secondary">
              {t.studentsList}
            </ButtonLink>
            <Button
              type="button"
              onClick={() => {
                setValues({ ...emptyStudentForm, teacherId: values.teacherId });
                setChecked(null);
                dispatch(rosterActions.studentSignUpReset());
              }}
            >
              {t.addMoreStudent}
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
          dateFormat={[pickerFormat ?? 'MMMM d, yyyy', 'yyyy-MM-dd']}
          locale={pickerLocale}
          placeholderText={t.chooseDate}
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
      <Title>{t.signUpNewStudent}</Title>
      <Card>
        <form noValidate onSubmit={onSubmit} aria-busy={submitting || undefined} aria-labelledby="sign-up-heading">
          <h2 id="sign-up-heading" style={{ marginTop: 0 }}>
            {t.studentDetails}
          </h2>
          <FormGrid>
            {chooseOwner && (
              <FormField id={fieldId('teacherId')} label={labels.teacherIdLabel} error={messageFor('teacherId')} wide>
                <select
                  {...controlProps(fieldId('teacherId'), messageFor('teacherId'))}
                  name="teacherId"
                  value={values.teacherId}
                  onChange={(event) => set('teacherId', event.target.value)}
                >
                  <option value="">{ownersLoad.status === 'loading' && ownerChoices.length === 0 ? t.loadingOwners : t.chooseOwner}</option>
                  {ownerChoices.map((owner) => (
                    <option key={owner.id} value={String(owner.id)} translate="no">
                      {owner.label}
                    </option>
                  ))}
                </select>
              </FormField>
            )}
            {text('studentFirstName', labels.studentFirstNameLabel, { autoComplete: 'off' })}
            {text('studentLastName', labels.studentLastNameLabel, { autoComplete: 'off' })}
            {text('parentName', labels.parentNameLabel, { autoComplete: 'name' })}
            {text('parentEmail', labels.parentEmailLabel, { type: 'email', autoComplete: 'email', inputMode: 'email', maxLength: 254 })}
            {text('phone', labels.phoneLabel, { type: 'tel', autoComplete: 'tel', inputMode: 'tel', maxLength: 40 })}
            <FormField id={fieldId('program')} label={labels.programLabel} error={messageFor('program')}>
              <select {...controlProps(fieldId('program'), messageFor('program'))} name="program" value={values.program} onChange={(event) => set('program', event.target.value)}>
                <option value="">{labels.chooseProgram}</option>
                {STUDENT_PROGRAM_CHOICES.map((program) => (
                  <option key={program} value={program} translate="no">
                    {program}
                  </option>
                ))}
              </select>
            </FormField>
            {date('startDate', labels.startDateLabel)}
            {date('endDate', labels.endDateLabel)}
            <FormField id={fieldId('numberOfLessons')} label={labels.numberOfLessonsLabel} error={messageFor('numberOfLessons')}>
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
              <p>{t.ownersNotLoaded}</p>
              <p>
                <Button type="button" $variant="secondary" onClick={open}>
                  {t.tryAgain}
                </Button>
              </p>
            </Message>
          )}
          <FormFooter submitting={submitting} progress={t.signingUpStudent} failure={flow.error && signUpFailureText(flow.error)} label={t.signUpStudent} busyLabel={t.signingUp}>
            <Link to={listPath}>{t.backToList}</Link>
          </FormFooter>
        </form>
      </Card>
    </Page>
  );
}
