/**
 * The Edit form of a student's details: the sign-up's fields and rules (studentForm.ts), first
 * failure shown by its field. What was typed lives here and survives a failed request; only the
 * changed fields are sent.
 */
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import type { RosterStudent } from '../../../contract/rosterEdit';
import { selectStudentProgramChoices } from '../../entities/programs/programsSelectors';
import { useAppDispatch, useAppSelector } from '../../shared/storeHooks';
import { Button } from '../../shared/ui/Button';
import { controlProps, FormField } from '../../shared/ui/Field';
import { FormGrid } from '../../shared/ui/Layout';
import { Message } from '../../shared/ui/Message';
import { FormFooter } from '../../shared/ui/FormFooter';
import { LeaveGuard } from '../../shared/ui/LeaveGuard';
import { endsBeforeStart, MAX_LESSONS, studentMessages, validateStudentForm, type FieldError, type StudentField, type StudentFormValues } from '../../entities/students/studentForm';
import { changeFailureText, editFromForm, fieldOfRefusal, formFromRecord } from './editForm';
import { selectStudentDetails } from './editSelectors';
import { editActions } from './editSlice';
import { useMessages } from '../../shared/i18n/messages';
import { studentFormMessages } from '../../entities/students/studentForm.messages';
import { editMessages } from './edit.messages';

const fieldId = (field: StudentField) => `edit-${field}`;

export function EditStudentForm({ record, onClose }: { record: RosterStudent; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const id = Number(record.user_id);
  const details = useAppSelector((state) => selectStudentDetails(state, id));
  const programChoices = useAppSelector(selectStudentProgramChoices);
  const [values, setValues] = useState<StudentFormValues>(() => formFromRecord(record));
  // The values as they were sent: their first failure is worded in the language shown now (the
  // texts are a dependency so that a language change words it again).
  const [checked, setChecked] = useState<StudentFormValues | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [nothingChanged, setNothingChanged] = useState(false);
  const doneAtOpen = useRef(details.done?.count ?? 0);
  const submitting = details.busy === 'edit';
  const failed = details.failed?.kind === 'edit' ? details.failed.error : null;
  const refused = failed ? fieldOfRefusal(failed) : null;
  const t = useMessages(editMessages);
  const labels = useMessages(studentFormMessages);
  const error: FieldError | null = useMemo(() => (checked && labels ? validateStudentForm(checked, { chooseOwner: false }) : null), [checked, labels]);
  const focusField = error?.field ?? refused?.field;

  useEffect(() => {
    if (details.done?.kind === 'edit' && details.done.count > doneAtOpen.current) onClose();
  }, [details.done, onClose]);
  useEffect(() => {
    if (focusField) document.getElementById(fieldId(focusField))?.focus();
  }, [focusField, attempt]);

  const changed = Object.keys(editFromForm(values, record)).length > 0;
  const set = (field: StudentField, value: string) => setValues((current) => ({ ...current, [field]: value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const problem = validateStudentForm(values, { chooseOwner: false });
    setChecked(values);
    setAttempt((n) => n + 1);
    if (problem) return;
    const edit = editFromForm(values, record);
    setNothingChanged(Object.keys(edit).length === 0);
    if (Object.keys(edit).length === 0) return;
    dispatch(editActions.changeRequested({ id, change: { kind: 'edit', edit } }));
  };

  const messageFor = (field: StudentField): string | null => {
    if (field === 'endDate' && endsBeforeStart(values)) return studentMessages.endBeforeStart;
    if (error?.field === field) return error.message;
    if (refused?.field === field) return refused.message;
    return null;
  };

  const input = (field: StudentField, label: string, extra: { type?: string; autoComplete?: string; inputMode?: 'numeric' | 'tel' | 'email'; maxLength?: number } = {}) => (
    <FormField id={fieldId(field)} label={label} error={messageFor(field)}>
      <input
        {...controlProps(fieldId(field), messageFor(field))}
        name={field}
        type={extra.type ?? 'text'}
        autoComplete={extra.autoComplete ?? 'off'}
        inputMode={extra.inputMode}
        maxLength={extra.maxLength ?? 100}
        value={values[field]}
        onChange={(event) => set(field, field === 'numberOfLessons' ? event.target.value.replace(/\D+/g, '') : event.target.value)}
      />
    </FormField>
  );

  return (
    <form noValidate onSubmit={onSubmit} aria-busy={submitting || undefined} aria-label={t.editForm}>
      <FormGrid>
        {input('studentFirstName', labels.studentFirstNameLabel)}
        {input('studentLastName', labels.studentLastNameLabel)}
        {input('parentName', labels.parentNameLabel, { autoComplete: 'name' })}
        {input('parentEmail', labels.parentEmailLabel, { type: 'email', autoComplete: 'email', inputMode: 'email', maxLength: 254 })}
        {input('phone', labels.phoneLabel, { type: 'tel', autoComplete: 'tel', inputMode: 'tel', maxLength: 40 })}
        <FormField id={fieldId('program')} label={labels.programLabel} error={messageFor('program')}>
          <select {...controlProps(fieldId('program'), messageFor('program'))} name="program" value={values.program} onChange={(event) => set('program', event.target.value)}>
            <option value="">{labels.chooseProgram}</option>
            {[...new Set([...programChoices, record.program])].map((program) => (
              <option key={program} value={program} translate="no">
                {program}
              </option>
            ))}
          </select>
        </FormField>
        {input('startDate', labels.startDateLabel, { type: 'date' })}
        {input('endDate', labels.endDateLabel, { type: 'date' })}
        {input('numberOfLessons', labels.numberOfLessonsLabel, { inputMode: 'numeric', maxLength: String(MAX_LESSONS).length })}
      </FormGrid>
      {nothingChanged && <Message $tone="info">{t.nothingChanged}</Message>}
      <FormFooter submitting={submitting} progress={t.savingChanges} failure={failed && changeFailureText(t.changesNotSaved, failed)} label={t.saveChanges} busyLabel={t.saving}>
        <Button type="button" $variant="secondary" onClick={onClose}>
          {t.cancel}
        </Button>
      </FormFooter>
      <LeaveGuard unsaved={changed} saving={submitting} />
    </form>
  );
}
