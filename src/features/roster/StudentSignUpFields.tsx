/** The student sign-up form's fields, each with its message tied to it. */
import DatePicker from 'react-datepicker';
import { useMessages } from '../../shared/i18n/messages';
import { useAppSelector } from '../../shared/storeHooks';
import { controlProps, FormField } from '../../shared/ui/Field';
import { FormGrid } from '../../shared/ui/Layout';
import { fromIsoDate, toIsoDate } from '../../shared/i18n/calendarDates';
import { selectListLoad, selectOwnerChoices } from '../../entities/roster/rosterListsSelectors';
import { selectStudentProgramChoices } from '../../entities/programs/programsSelectors';
import { signUpMessages } from './signUp.messages';
import { MAX_LESSONS, type StudentField } from '../../entities/students/studentForm';
import { studentFormMessages } from '../../entities/students/studentForm.messages';
import { signUpFieldId, type StudentFieldsState } from './useStudentSignUpForm';

/** How the date pickers read, write and open dates. */
export interface DatePickerSettings {
  /** The registered locale of the shown language, or undefined (English). */
  locale: string | undefined;
  /** The typed date's order in the shown language; undefined: English's (MMMM d, yyyy). */
  format: string | undefined;
  /** On a narrow screen the calendar opens over the page. */
  withPortal: boolean;
}

export function StudentSignUpFields({ form, chooseOwner, picker }: { form: StudentFieldsState; chooseOwner: boolean; picker: DatePickerSettings }) {
  const labels = useMessages(studentFormMessages);
  return (
    <FormGrid>
      {chooseOwner && <OwnerSelect form={form} label={labels.teacherIdLabel} />}
      <TextInput form={form} field="studentFirstName" label={labels.studentFirstNameLabel} autoComplete="off" />
      <TextInput form={form} field="studentLastName" label={labels.studentLastNameLabel} autoComplete="off" />
      <TextInput form={form} field="parentName" label={labels.parentNameLabel} autoComplete="name" />
      <TextInput form={form} field="parentEmail" label={labels.parentEmailLabel} type="email" autoComplete="email" inputMode="email" maxLength={254} />
      <TextInput form={form} field="phone" label={labels.phoneLabel} type="tel" autoComplete="tel" inputMode="tel" maxLength={40} />
      <ProgramSelect form={form} label={labels.programLabel} chooseLabel={labels.chooseProgram} />
      <DateInput form={form} field="startDate" label={labels.startDateLabel} picker={picker} />
      <DateInput form={form} field="endDate" label={labels.endDateLabel} picker={picker} />
      <LessonCountInput form={form} label={labels.numberOfLessonsLabel} />
    </FormGrid>
  );
}

/** An administrator's choice of the franchise owner the student joins. */
function OwnerSelect({ form, label }: { form: StudentFieldsState; label: string }) {
  const ownerChoices = useAppSelector(selectOwnerChoices);
  const ownersLoad = useAppSelector(selectListLoad);
  const t = useMessages(signUpMessages);
  const message = form.messageFor('teacherId');
  return (
    <FormField id={signUpFieldId('teacherId')} label={label} error={message} wide>
      <select {...controlProps(signUpFieldId('teacherId'), message)} name="teacherId" value={form.values.teacherId} onChange={(event) => form.set('teacherId', event.target.value)}>
        <option value="">{ownersLoad.status === 'loading' && ownerChoices.length === 0 ? t.loadingOwners : t.chooseOwner}</option>
        {ownerChoices.map((owner) => (
          <option key={owner.id} value={String(owner.id)} translate="no">
            {owner.label}
          </option>
        ))}
      </select>
    </FormField>
  );
}

interface TextInputProps {
  form: StudentFieldsState;
  field: StudentField;
  label: string;
  type?: string;
  autoComplete?: string;
  inputMode?: 'numeric' | 'tel' | 'email';
  maxLength?: number;
}

function TextInput({ form, field, label, type = 'text', autoComplete = 'off', inputMode, maxLength = 100 }: TextInputProps) {
  const message = form.messageFor(field);
  return (
    <FormField id={signUpFieldId(field)} label={label} error={message}>
      <input
        {...controlProps(signUpFieldId(field), message)}
        name={field}
        type={type}
        autoComplete={autoComplete}
        inputMode={inputMode}
        maxLength={maxLength}
        value={form.values[field]}
        onChange={(event) => form.set(field, event.target.value)}
      />
    </FormField>
  );
}

function ProgramSelect({ form, label, chooseLabel }: { form: StudentFieldsState; label: string; chooseLabel: string }) {
  const message = form.messageFor('program');
  const choices = useAppSelector(selectStudentProgramChoices);
  return (
    <FormField id={signUpFieldId('program')} label={label} error={message}>
      <select {...controlProps(signUpFieldId('program'), message)} name="program" value={form.values.program} onChange={(event) => form.set('program', event.target.value)}>
        <option value="">{chooseLabel}</option>
        {choices.map((program) => (
          <option key={program} value={program} translate="no">
            {program}
          </option>
        ))}
      </select>
    </FormField>
  );
}

function DateInput({ form, field, label, picker }: { form: StudentFieldsState; field: 'startDate' | 'endDate'; label: string; picker: DatePickerSettings }) {
  const t = useMessages(signUpMessages);
  const message = form.messageFor(field);
  const { values } = form;
  return (
    <FormField id={signUpFieldId(field)} label={label} error={message}>
      <DatePicker
        id={signUpFieldId(field)}
        name={field}
        selected={fromIsoDate(values[field])}
        onChange={(picked: Date | null) => form.set(field, picked ? toIsoDate(picked) : '')}
        dateFormat={[picker.format ?? 'MMMM d, yyyy', 'yyyy-MM-dd']}
        locale={picker.locale}
        placeholderText={t.chooseDate}
        withPortal={picker.withPortal}
        // Opens upwards where there is room: downwards it would cover this field's own error
        // message and, on the last row, the submit button.
        popperPlacement="top-start"
        showPopperArrow={false}
        autoComplete="off"
        // No minDate: react-datepicker erases a typed date outside it. The calendar opens at the
        // start date instead, and an earlier end date is kept and explained.
        openToDate={field === 'endDate' && !values.endDate ? (fromIsoDate(values.startDate) ?? undefined) : undefined}
        ariaInvalid={message ? 'true' : undefined}
        ariaDescribedBy={message ? `${signUpFieldId(field)}-error` : undefined}
        showMonthDropdown
        showYearDropdown
        dropdownMode="select"
      />
    </FormField>
  );
}

/** Digits only, at most as many as the largest number of lessons has. */
function LessonCountInput({ form, label }: { form: StudentFieldsState; label: string }) {
  const message = form.messageFor('numberOfLessons');
  return (
    <FormField id={signUpFieldId('numberOfLessons')} label={label} error={message}>
      <input
        {...controlProps(signUpFieldId('numberOfLessons'), message)}
        name="numberOfLessons"
        type="text"
        inputMode="numeric"
        pattern="[0-9]*"
        autoComplete="off"
        maxLength={String(MAX_LESSONS).length}
        value={form.values.numberOfLessons}
        onChange={(event) => form.set('numberOfLessons', event.target.value.replace(/\D+/g, ''))}
      />
    </FormField>
  );
}
