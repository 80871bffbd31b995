/**
 * The edit form of a franchise owner's details: the sign-up's fields and labels. What was typed
 * lives here and survives a failed request; only the changed fields are sent; the first problem,
 * the form's or the server's, is shown on its field and gets the focus.
 */
import { useEffect, useState, type FormEvent } from 'react';
import type { OwnerRecord } from '../../../contract/owners';
import { studentFormMessages } from '../../entities/students/studentForm.messages';
import { useMessages } from '../../shared/i18n/messages';
import { useAppDispatch } from '../../shared/storeHooks';
import { Button } from '../../shared/ui/Button';
import { controlProps, FormField, verbatimInput } from '../../shared/ui/Field';
import { FormFooter } from '../../shared/ui/FormFooter';
import { FormGrid } from '../../shared/ui/Layout';
import { LeaveGuard } from '../../shared/ui/LeaveGuard';
import { Message } from '../../shared/ui/Message';
import { ownerAdminMessages } from './ownerAdmin.messages';
import { ownerAdminActions } from './ownerAdminSlice';
import type { OwnerField, OwnerFormValues } from '../../entities/users/ownerForm';
import { useOwnerChange } from './useOwnerChange';
import { changeFailureText, checkEdit, editFromForm, fieldOfRefusal, formFromRecord, type FieldProblem } from './ownerEdit';

const fieldId = (field: OwnerField) => `owner-${field}`;

export function OwnerEditForm({ record, onClose }: { record: OwnerRecord; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const id = record.ownerId;
  const { busy: submitting, failure: failed } = useOwnerChange(id, 'edit', onClose);
  const [values, setValues] = useState<OwnerFormValues>(() => formFromRecord(record));
  const [problem, setProblem] = useState<FieldProblem | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [nothingChanged, setNothingChanged] = useState(false);
  const t = useMessages(ownerAdminMessages);
  const labels = useMessages(studentFormMessages);
  const refused = failed ? fieldOfRefusal(failed) : null;
  const focusField = problem?.field ?? refused?.field;

  useEffect(() => {
    if (focusField) document.getElementById(fieldId(focusField))?.focus();
  }, [focusField, attempt]);

  const changed = Object.keys(editFromForm(values, record)).length > 0;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const found = checkEdit(values, record);
    setProblem(found);
    setAttempt((n) => n + 1);
    if (found) return;
    const edit = editFromForm(values, record);
    setNothingChanged(Object.keys(edit).length === 0);
    if (Object.keys(edit).length > 0) dispatch(ownerAdminActions.changeRequested({ id, change: { kind: 'edit', edit } }));
  };

  const messageFor = (field: OwnerField): string | null => (problem?.field === field ? problem.message : refused?.field === field ? refused.message : null);

  const input = (field: OwnerField, label: string, extra: { type?: string; autoComplete?: string; inputMode?: 'email'; maxLength?: number } = {}) => (
    <FormField id={fieldId(field)} label={label} error={messageFor(field)}>
      <input
        {...controlProps(fieldId(field), messageFor(field))}
        {...(field === 'email' ? verbatimInput : {})}
        name={field}
        type={extra.type ?? 'text'}
        autoComplete={extra.autoComplete ?? 'off'}
        inputMode={extra.inputMode}
        maxLength={extra.maxLength ?? 100}
        value={values[field]}
        onChange={(event) => setValues((current) => ({ ...current, [field]: event.target.value }))}
      />
    </FormField>
  );

  return (
    <form noValidate onSubmit={onSubmit} aria-busy={submitting || undefined} aria-label={t.editForm}>
      <FormGrid>
        {input('firstName', labels.ownerFirstNameLabel)}
        {input('lastName', labels.ownerLastNameLabel)}
        {input('email', labels.ownerEmailLabel, { type: 'email', inputMode: 'email', maxLength: 254 })}
        {input('country', labels.ownerCountryLabel)}
        {input('state', labels.ownerStateLabel)}
        {input('territory', labels.ownerTerritoryLabel)}
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
