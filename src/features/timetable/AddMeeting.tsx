/** "Add a meeting": an extra meeting for one of the owner's classes, on the place's clock; the week shown moves to it once added. */
import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import styled from 'styled-components';
import { failureMessage } from '../../shared/failureMessage';
import { useMessages } from '../../shared/i18n/messages';
import { useAppDispatch, useAppSelector } from '../../shared/storeHooks';
import { Button } from '../../shared/ui/Button';
import { controlProps, FormField, TextField } from '../../shared/ui/Field';
import { FormFooter } from '../../shared/ui/FormFooter';
import { FormGrid } from '../../shared/ui/Layout';
import { Message } from '../../shared/ui/Message';
import { LoadFailed } from '../../shared/ui/States';
import { refusalOf } from './refusals';
import { timetableMessages } from './timetable.messages';
import { selectTimetable, timetableActions } from './timetableSlice';
import { isDay, mondayOf } from './weeks';

const Box = styled.section`
  margin-top: ${({ theme }) => theme.space[6]}px;
  padding-top: ${({ theme }) => theme.space[4]}px;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  h2 {
    margin: ${({ theme }) => theme.space[3]}px 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;

type Values = { classId: string; date: string; time: string };
type Errors = Partial<Record<keyof Values, string>>;
const empty: Values = { classId: '', date: '', time: '' };

export function AddMeeting({ ownerId }: { ownerId: number | null }) {
  const dispatch = useAppDispatch();
  const t = useMessages(timetableMessages);
  const [search, setSearch] = useSearchParams();
  const { classes, add } = useAppSelector(selectTimetable);
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<Values>(empty);
  const [errors, setErrors] = useState<Errors>({});
  const [sent, setSent] = useState(false);

  useEffect(() => {
    if (open) dispatch(timetableActions.classesRequested({ ownerId }));
  }, [open, ownerId, dispatch]);
  useEffect(() => {
    dispatch(timetableActions.addReset());
  }, [dispatch]);

  const refusal = sent && add.status === 'failed' ? refusalOf(add.error, t, (failed) => t.addFailed({ reason: failureMessage(failed) })) : null;
  useEffect(() => {
    if (!sent || add.status !== 'saved' || !add.added) return;
    setSent(false);
    setValues(empty);
    const next = new URLSearchParams(search);
    next.set('week', mondayOf(add.added.startsAt.slice(0, 10)));
    setSearch(next);
  }, [sent, add, search, setSearch]);
  useEffect(() => {
    if (refusal?.at === 'startsAt') document.getElementById('add-meeting-date')?.focus();
  }, [refusal?.at]);

  const set = (field: keyof Values, value: string) => {
    setValues((before) => ({ ...before, [field]: value }));
    setErrors((before) => ({ ...before, [field]: undefined }));
    if (add.status === 'failed') setSent(false);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (add.status === 'saving') return;
    const found: Errors = {};
    if (values.classId === '') found.classId = t.classRequired;
    if (!isDay(values.date)) found.date = t.dateRequired;
    if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(values.time)) found.time = t.timeRequired;
    setErrors(found);
    const first = (['classId', 'date', 'time'] as const).find((field) => found[field]);
    if (first) {
      document.getElementById(`add-meeting-${first === 'classId' ? 'class' : first}`)?.focus();
      return;
    }
    setSent(true);
    dispatch(timetableActions.addRequested({ classId: Number(values.classId), input: { startsAt: `${values.date}T${values.time}` } }));
  };

  const dateError = errors.date ?? (refusal?.at === 'startsAt' ? refusal.text : null);
  const choices = classes.status === 'ready' ? classes.value : [];

  return (
    <Box aria-labelledby="add-meeting-title">
      <Button type="button" $variant="secondary" aria-expanded={open} aria-controls="add-meeting-form" onClick={() => setOpen(!open)}>
        {t.addMeeting}
      </Button>
      <div aria-live="polite">{add.status === 'saved' && <Message $tone="success">{t.addedNote}</Message>}</div>
      <div id="add-meeting-form" hidden={!open}>
        <h2 id="add-meeting-title">{t.addMeeting}</h2>
        <p>{t.addMeetingHint}</p>
        {classes.status === 'failed' ? (
          <LoadFailed what={t.classesWhat} error={classes.error} onRetry={() => dispatch(timetableActions.classesRequested({ ownerId }))} />
        ) : classes.status === 'ready' && choices.length === 0 ? (
          <p>{t.noClasses}</p>
        ) : (
          <form onSubmit={onSubmit} noValidate aria-labelledby="add-meeting-title">
            <FormGrid>
              <FormField id="add-meeting-class" label={t.className} error={errors.classId ?? null}>
                <select {...controlProps('add-meeting-class', errors.classId ?? null)} value={values.classId} onChange={(event) => set('classId', event.target.value)}>
                  <option value="">{t.choose}</option>
                  {choices.map((choice) => (
                    <option key={choice.id} value={choice.id} translate="no">
                      {choice.name}
                    </option>
                  ))}
                </select>
              </FormField>
              <TextField id="add-meeting-date" label={t.date} error={dateError} type="date" value={values.date} onValueChange={(v) => set('date', v)} />
              <TextField id="add-meeting-time" label={t.time} error={errors.time ?? null} type="time" value={values.time} onValueChange={(v) => set('time', v)} />
            </FormGrid>
            <FormFooter
              submitting={add.status === 'saving'}
              progress={t.addingMeeting}
              failure={refusal && refusal.at !== 'startsAt' ? refusal.text : null}
              label={t.add}
              busyLabel={t.adding}
            />
          </form>
        )}
      </div>
    </Box>
  );
}
