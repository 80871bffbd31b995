/**
 * Renew: lessons to add and a new end date, first filled with +10 lessons and the end date moved on
 * by the package's length. What was typed stays through a failure; a refusal the server names is
 * shown at its field in the app's words.
 */
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { LESSON_LIMITS, type StudentLessons } from '../../../../contract/lessons';
import { formatCalendarDate, toIsoDate } from '../../../shared/i18n/calendarDates';
import { useFormatters } from '../../../shared/i18n/formatting';
import { useMessages } from '../../../shared/i18n/messages';
import { useAppDispatch, useAppSelector } from '../../../shared/storeHooks';
import { Button } from '../../../shared/ui/Button';
import { controlProps, FormField } from '../../../shared/ui/Field';
import { FormGrid, Toolbar } from '../../../shared/ui/Layout';
import { LeaveGuard } from '../../../shared/ui/LeaveGuard';
import { Message } from '../../../shared/ui/Message';
import { changeFailureText } from '../editForm';
import { lessonsMessages } from './lessons.messages';
import { lessonsActions, selectLessonsView } from './lessonsSlice';
import { checkRenewal, defaultRenewal, earliestEndDate, refusedFields, renewalInput, type RenewalField, type RenewalProblem, type RenewalValues } from './renewal';

const FIELDS: readonly RenewalField[] = ['addLessons', 'endDate'];
const fieldId = (field: RenewalField) => `renew-${field}`;

export function RenewForm({ lessons, onClose }: { lessons: StudentLessons; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const id = lessons.studentId;
  const view = useAppSelector((state) => selectLessonsView(state, id));
  const today = toIsoDate(new Date());
  const first = useMemo(() => defaultRenewal(lessons, today), [lessons, today]);
  const [values, setValues] = useState<RenewalValues>(first);
  const [checked, setChecked] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const renewedAtOpen = useRef(view.renewed);
  const t = useMessages(lessonsMessages);
  const formatters = useFormatters();

  const problems: Partial<Record<RenewalField, RenewalProblem>> = { ...refusedFields(view.renewFailed), ...(checked ? checkRenewal(values, lessons, today) : {}) };
  const firstProblem = FIELDS.find((field) => problems[field]);
  // A failure the fields do not explain (no connection, the server) is said below them.
  const failed = view.renewFailed && !FIELDS.some((field) => refusedFields(view.renewFailed)[field]) ? view.renewFailed : null;
  const failure = failed ? (failed.code === 'student_ended' ? t.renewEnded : changeFailureText(t.notRenewed, failed)) : null;

  useEffect(() => {
    if (view.renewed > renewedAtOpen.current) onClose();
  }, [view.renewed, onClose]);
  useEffect(() => {
    if (firstProblem) document.getElementById(fieldId(firstProblem))?.focus();
  }, [firstProblem, attempt]);
  useEffect(() => {
    document.getElementById(fieldId('addLessons'))?.focus();
  }, []);

  const words = (problem: RenewalProblem | undefined): string | null => {
    if (problem === 'addLessons') return t.addLessonsRange({ max: formatters.number(LESSON_LIMITS.maxRenewalLessons) });
    if (problem === 'endDateMissing') return t.endDateMissing;
    if (problem === 'endDateTooEarly') return t.endDateTooEarly({ date: formatCalendarDate(earliestEndDate(lessons, today), formatters) });
    return null;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (view.renewing) return;
    setChecked(true);
    setAttempt((n) => n + 1);
    if (Object.keys(checkRenewal(values, lessons, today)).length > 0) return;
    dispatch(lessonsActions.renewRequested({ id, input: renewalInput(values) }));
  };
  const close = () => {
    dispatch(lessonsActions.renewDismissed({ id }));
    onClose();
  };

  const addError = words(problems.addLessons);
  const endError = words(problems.endDate);
  return (
    <form noValidate onSubmit={submit} aria-label={t.renewForm} aria-busy={view.renewing || undefined}>
      <FormGrid>
        <FormField id={fieldId('addLessons')} label={t.addLessons} error={addError}>
          <input
            {...controlProps(fieldId('addLessons'), addError)}
            name="addLessons"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            maxLength={String(LESSON_LIMITS.maxRenewalLessons).length}
            value={values.addLessons}
            onChange={(event) => setValues((current) => ({ ...current, addLessons: event.target.value.replace(/\D+/g, '') }))}
          />
        </FormField>
        <FormField id={fieldId('endDate')} label={t.newEndDate} error={endError}>
          <input
            {...controlProps(fieldId('endDate'), endError)}
            name="endDate"
            type="date"
            min={earliestEndDate(lessons, today)}
            value={values.endDate}
            onChange={(event) => setValues((current) => ({ ...current, endDate: event.target.value }))}
          />
        </FormField>
      </FormGrid>
      {failure && (
        <Message $tone="error" role="alert">
          <p>{failure}</p>
        </Message>
      )}
      <Toolbar>
        <Button type="submit" aria-disabled={view.renewing || undefined}>
          {view.renewing ? t.renewing : t.renew}
        </Button>
        <Button type="button" $variant="secondary" onClick={close}>
          {t.cancel}
        </Button>
      </Toolbar>
      <LeaveGuard unsaved={values.addLessons !== first.addLessons || values.endDate !== first.endDate} saving={view.renewing} />
    </form>
  );
}
