import { useMemo } from 'react';
import styled from 'styled-components';
import { CLASS_LIMITS, WEEKDAYS, type Weekday } from '../../../contract/classes';
import { useMessages } from '../../shared/i18n/messages';
import { controlProps, ErrorText, fieldErrorId, FormField, TextField } from '../../shared/ui/Field';
import { FormGrid } from '../../shared/ui/Layout';
import { classesMessages } from './classes.messages';
import type { ClassChoices } from './classesSlice';
import type { ClassValues, FieldErrors } from './classForm';
import { weekdayName } from './classTimes';
import { StudentPicker } from './StudentPicker';

const Days = styled.fieldset`
  grid-column: 1 / -1;
  margin: 0;
  padding: ${({ theme }) => theme.space[3]}px;
  border: 2px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  min-width: 0;
  legend {
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
    padding: 0 ${({ theme }) => theme.space[1]}px;
  }
  div {
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.space[1]}px ${({ theme }) => theme.space[4]}px;
  }
  label {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space[2]}px;
    min-height: ${({ theme }) => theme.touchTarget}px;
  }
  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.danger};
  }
`;

const Hint = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/** The element each field's error puts the focus on. */
export const fieldElementId = (field: keyof ClassValues): string => (field === 'weekdays' ? 'class-weekdays-1' : `class-${field}`);

function timeZones(current: string): string[] {
  const supported = (Intl as unknown as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf;
  const zones = supported ? supported('timeZone') : [];
  return zones.includes(current) ? zones : [current, ...zones];
}

/**
 * Every field of a class. `ownerPick` is given when an administrator creates a class: the owner
 * comes first, and the students are hers.
 */
export function ClassFields({
  values,
  errors,
  choices,
  set,
  ownerPick,
}: {
  values: ClassValues;
  errors: FieldErrors;
  choices: ClassChoices;
  set: <K extends keyof ClassValues>(field: K, value: ClassValues[K]) => void;
  ownerPick: boolean;
}) {
  const t = useMessages(classesMessages);
  const error = (field: keyof ClassValues) => errors[field] ?? null;
  const zones = useMemo(() => timeZones(values.timeZone), [values.timeZone]);
  const ownerId = values.ownerId === '' ? null : Number(values.ownerId);
  const students = ownerPick ? choices.students.filter((s) => s.ownerId === ownerId) : choices.students.filter((s) => ownerId === null || s.ownerId === ownerId);
  const toggleDay = (day: Weekday, on: boolean) => set('weekdays', on ? [...values.weekdays, day] : values.weekdays.filter((other) => other !== day));

  return (
    <FormGrid>
      {ownerPick && (
        <FormField id="class-ownerId" label={t.owner} error={error('ownerId')} wide>
          <select
            {...controlProps('class-ownerId', error('ownerId'))}
            value={values.ownerId}
            onChange={(event) => {
              set('ownerId', event.target.value);
              set('studentIds', []);
            }}
          >
            <option value="">{t.choose}</option>
            {choices.owners.map((owner) => (
              <option key={owner.id} value={owner.id} translate="no">
                {owner.name}
              </option>
            ))}
          </select>
        </FormField>
      )}
      <TextField id="class-name" label={t.name} error={error('name')} value={values.name} onValueChange={(v) => set('name', v)} autoComplete="off" />
      <FormField id="class-programId" label={t.program} error={error('programId')}>
        <select {...controlProps('class-programId', error('programId'))} value={values.programId} onChange={(event) => set('programId', event.target.value)}>
          <option value="">{t.choose}</option>
          {choices.programs.map((program) => (
            <option key={program.id} value={program.id} translate="no">
              {program.name}
            </option>
          ))}
        </select>
      </FormField>
      <TextField id="class-place" label={t.place} error={error('place')} value={values.place} onValueChange={(v) => set('place', v)} wide autoComplete="off" />
      <Days aria-invalid={error('weekdays') ? true : undefined} aria-describedby={error('weekdays') ? fieldErrorId('class-weekdays') : undefined}>
        <legend>{t.weekdays}</legend>
        <div>
          {WEEKDAYS.map((day) => (
            <label key={day}>
              <input id={`class-weekdays-${day}`} type="checkbox" checked={values.weekdays.includes(day)} onChange={(event) => toggleDay(day, event.target.checked)} />
              {weekdayName(t, day)}
            </label>
          ))}
        </div>
        {error('weekdays') && (
          <ErrorText id={fieldErrorId('class-weekdays')} role="alert">
            {error('weekdays')}
          </ErrorText>
        )}
      </Days>
      <TextField id="class-startTime" label={t.startTime} error={error('startTime')} type="time" value={values.startTime} onValueChange={(v) => set('startTime', v)} />
      <TextField
        id="class-lengthMinutes"
        label={t.lengthMinutes}
        error={error('lengthMinutes')}
        type="number"
        inputMode="numeric"
        min={CLASS_LIMITS.minLengthMinutes}
        max={CLASS_LIMITS.maxLengthMinutes}
        step={5}
        value={values.lengthMinutes}
        onValueChange={(v) => set('lengthMinutes', v)}
      />
      <TextField id="class-startDate" label={t.startDate} error={error('startDate')} type="date" value={values.startDate} onValueChange={(v) => set('startDate', v)} />
      <TextField id="class-endDate" label={t.endDate} error={error('endDate')} type="date" value={values.endDate} onValueChange={(v) => set('endDate', v)} />
      <FormField id="class-timeZone" label={t.timeZone} error={error('timeZone')} wide>
        <input
          {...controlProps('class-timeZone', error('timeZone'))}
          aria-describedby={[error('timeZone') ? fieldErrorId('class-timeZone') : '', 'class-timeZone-hint'].join(' ').trim()}
          list="class-time-zones"
          value={values.timeZone}
          onChange={(event) => set('timeZone', event.target.value)}
          autoComplete="off"
          spellCheck={false}
        />
        <Hint id="class-timeZone-hint">{t.timeZoneHint}</Hint>
        <datalist id="class-time-zones">
          {zones.map((zone) => (
            <option key={zone} value={zone} />
          ))}
        </datalist>
      </FormField>
      <StudentPicker
        students={students}
        chosen={values.studentIds}
        onChange={(ids) => set('studentIds', ids)}
        error={error('studentIds')}
        disabledNote={ownerPick && ownerId === null ? t.chooseOwnerFirst : null}
      />
    </FormGrid>
  );
}
