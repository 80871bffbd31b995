/**
 * The office's lesson settings (administrators): whether a held meeting uses a lesson, and the two
 * thresholds that put a student on the renewals list. Checked as the server checks them; a refusal
 * is shown at its field, in words.
 */
import { useEffect, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import type { LessonSettings } from '../../../contract/lessons';
import { failureMessage } from '../../shared/failureMessage';
import { useMessages } from '../../shared/i18n/messages';
import { useAppDispatch, useAppSelector } from '../../shared/storeHooks';
import { Button } from '../../shared/ui/Button';
import { Card } from '../../shared/ui/Card';
import { controlProps, ErrorText, fieldErrorId, FormField, Input } from '../../shared/ui/Field';
import { LeaveGuard } from '../../shared/ui/LeaveGuard';
import { Message } from '../../shared/ui/Message';
import { renewalsMessages } from './renewals.messages';
import { renewalsActions, selectRenewals } from './renewalsSlice';
import { settingsCard } from './settingsCard';
import { check, MAX, refusedFields, valuesOf, type Errors, type Field, type Values } from './settingsForm';


const FIELD_IDS: Record<Field, string> = { countHeldLessons: 'lesson-count-held', renewalLessonsLeft: 'lesson-threshold', renewalDaysBeforeEnd: 'lesson-days' };

const Form = styled(Card).attrs({ as: 'form' })`
  ${settingsCard}
  input[type='number'] {
    max-width: 10rem;
  }
`;

const Check = styled.label`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space[2]}px;
  min-height: ${({ theme }) => theme.touchTarget}px;
  input {
    width: 1.25rem;
    height: 1.25rem;
    margin-top: 0.15rem;
    flex: none;
  }
`;

export function LessonSettingsForm({ settings }: { settings: LessonSettings }) {
  const dispatch = useAppDispatch();
  const t = useMessages(renewalsMessages);
  const { saveSettings } = useAppSelector(selectRenewals);
  const [values, setValues] = useState<Values>(() => valuesOf(settings));
  const [errors, setErrors] = useState<Errors>({});
  const saved = valuesOf(settings);
  const unsaved = values.countHeldLessons !== saved.countHeldLessons || values.renewalLessonsLeft.trim() !== saved.renewalLessonsLeft || values.renewalDaysBeforeEnd.trim() !== saved.renewalDaysBeforeEnd;

  useEffect(() => {
    if (saveSettings.status !== 'failed') return;
    const fromServer = refusedFields(saveSettings.error, renewalsMessages.get());
    setErrors(fromServer);
    const first = (Object.keys(FIELD_IDS) as Field[]).find((field) => fromServer[field]);
    if (first) document.getElementById(FIELD_IDS[first])?.focus();
  }, [saveSettings]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saveSettings.status === 'saving') return;
    const found = check(values, t);
    setErrors(found);
    const first = (Object.keys(FIELD_IDS) as Field[]).find((field) => found[field]);
    if (first) {
      document.getElementById(FIELD_IDS[first])?.focus();
      return;
    }
    dispatch(
      renewalsActions.settingsSaveRequested({
        countHeldLessons: values.countHeldLessons,
        renewalLessonsLeft: Number(values.renewalLessonsLeft.trim()),
        renewalDaysBeforeEnd: Number(values.renewalDaysBeforeEnd.trim()),
      }),
    );
  };
  const set = (field: Exclude<Field, 'countHeldLessons'>) => (value: string) => setValues((now) => ({ ...now, [field]: value }));
  const refusedAtFields = Object.keys(refusedFields(saveSettings.error, t)).length > 0;

  return (
    <Form onSubmit={submit} aria-labelledby="lesson-settings-title" noValidate>
      <LeaveGuard unsaved={unsaved} saving={saveSettings.status === 'saving'} />
      <h2 id="lesson-settings-title">{t.settingsTitle}</h2>
      <div>
        <Check>
          <input
            type="checkbox"
            {...controlProps(FIELD_IDS.countHeldLessons, errors.countHeldLessons ?? null)}
            checked={values.countHeldLessons}
            onChange={(event) => setValues((now) => ({ ...now, countHeldLessons: event.target.checked }))}
          />
          {t.countHeld}
        </Check>
        {errors.countHeldLessons && (
          <ErrorText id={fieldErrorId(FIELD_IDS.countHeldLessons)} role="alert">
            {errors.countHeldLessons}
          </ErrorText>
        )}
      </div>
      {(['renewalLessonsLeft', 'renewalDaysBeforeEnd'] as const).map((field) => (
        <FormField key={field} id={FIELD_IDS[field]} label={field === 'renewalLessonsLeft' ? t.lessonsThreshold : t.daysThreshold} error={errors[field] ?? null}>
          <Input type="number" inputMode="numeric" min={0} max={MAX[field]} step={1} value={values[field]} onChange={(event) => set(field)(event.target.value)} {...controlProps(FIELD_IDS[field], errors[field] ?? null)} />
        </FormField>
      ))}
      <div>
        <Button type="submit" aria-disabled={saveSettings.status === 'saving'}>
          {saveSettings.status === 'saving' ? t.savingSettings : t.saveSettings}
        </Button>
      </div>
      <div aria-live="polite">
        {saveSettings.status === 'saved' && !unsaved && (
          <Message $tone="success">
            <p>{t.settingsSaved}</p>
          </Message>
        )}
        {saveSettings.status === 'failed' && (
          <Message $tone="error" role="alert">
            <p>{refusedAtFields ? t.checkFields : t.settingsNotSaved({ reason: failureMessage(saveSettings.error) })}</p>
          </Message>
        )}
      </div>
    </Form>
  );
}
