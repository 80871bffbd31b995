/** A meeting's changes: move it (date and time on the place's clock), cancel it or put it back, and its note. Refusals show at their field in words. */
import { useEffect, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { MEETING_LIMITS, type MeetingChange, type MeetingRecord } from '../../../contract/meetings';
import { failureMessage } from '../../shared/failureMessage';
import { useMessages } from '../../shared/i18n/messages';
import { useAppDispatch, useAppSelector } from '../../shared/storeHooks';
import { Button } from '../../shared/ui/Button';
import { TextField } from '../../shared/ui/Field';
import { FormGrid, Toolbar } from '../../shared/ui/Layout';
import { Message } from '../../shared/ui/Message';
import { meetingActions, selectMeeting, type ChangeKind } from './meetingSlice';
import { refusalOf } from './refusals';
import { timetableMessages } from './timetable.messages';
import { isDay } from './weeks';

const Section = styled.section`
  margin-top: ${({ theme }) => theme.space[6]}px;
  padding-top: ${({ theme }) => theme.space[4]}px;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  h2 {
    margin: 0 0 ${({ theme }) => theme.space[3]}px;
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
  h3 {
    margin: ${({ theme }) => theme.space[4]}px 0 ${({ theme }) => theme.space[2]}px;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
  form {
    margin-bottom: ${({ theme }) => theme.space[3]}px;
  }
`;

export function MeetingChanges({ meeting }: { meeting: MeetingRecord }) {
  const dispatch = useAppDispatch();
  const t = useMessages(timetableMessages);
  const { change } = useAppSelector(selectMeeting);
  const [date, setDate] = useState(meeting.startsAt.slice(0, 10));
  const [time, setTime] = useState(meeting.startsAt.slice(11, 16));
  const [note, setNote] = useState(meeting.note);
  const [local, setLocal] = useState<{ kind: ChangeKind; text: string } | null>(null);

  const working = change.status === 'working';
  const refusal = change.status === 'failed' ? refusalOf(change.error, t, (failed) => t.changeFailed({ reason: failureMessage(failed) })) : null;
  const refusedField = refusal && refusal.at !== 'form' ? refusal : null;
  const errorAt = (kind: ChangeKind, field: 'startsAt' | 'note') =>
    local?.kind === kind ? local.text : change.kind === kind && refusedField?.at === field ? refusedField.text : null;
  const messageFor = (kind: ChangeKind) =>
    change.kind !== kind ? null : change.status === 'done' ? (
      <Message $tone="success">{t.changeSaved}</Message>
    ) : refusal?.at === 'form' ? (
      <Message $tone="error" role="alert">
        <p>{refusal.text}</p>
      </Message>
    ) : null;

  useEffect(() => {
    if (refusedField?.at === 'startsAt') document.getElementById('meeting-move-date')?.focus();
    if (refusedField?.at === 'note') document.getElementById('meeting-note')?.focus();
  }, [refusedField?.at, change.error]);

  const send = (kind: ChangeKind, body: MeetingChange) => {
    if (working) return;
    setLocal(null);
    dispatch(meetingActions.changeRequested({ id: meeting.id, kind, change: body }));
  };
  const onMove = (event: FormEvent) => {
    event.preventDefault();
    if (!isDay(date) || !/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) {
      setLocal({ kind: 'move', text: isDay(date) ? t.timeRequired : t.dateRequired });
      document.getElementById(isDay(date) ? 'meeting-move-time' : 'meeting-move-date')?.focus();
      return;
    }
    send('move', { startsAt: `${date}T${time}` });
  };
  const onNote = (event: FormEvent) => {
    event.preventDefault();
    if (note.trim().length > MEETING_LIMITS.noteMaxLength) {
      setLocal({ kind: 'note', text: t.noteTooLong({ max: MEETING_LIMITS.noteMaxLength }) });
      document.getElementById('meeting-note')?.focus();
      return;
    }
    send('note', { note: note.trim() });
  };
  const cancelled = meeting.status === 'cancelled';

  return (
    <Section aria-labelledby="meeting-change-title">
      <h2 id="meeting-change-title">{t.changeTitle}</h2>
      <form onSubmit={onMove} noValidate aria-labelledby="meeting-move-title">
        <h3 id="meeting-move-title">{t.moveTitle}</h3>
        <FormGrid>
          <TextField id="meeting-move-date" label={t.newDate} type="date" error={errorAt('move', 'startsAt')} value={date} onValueChange={setDate} />
          <TextField id="meeting-move-time" label={t.newTime} type="time" error={null} value={time} onValueChange={setTime} />
        </FormGrid>
        <div aria-live="polite">{messageFor('move')}</div>
        <Toolbar>
          <Button type="submit" $variant="secondary" aria-disabled={working || undefined}>
            {working && change.kind === 'move' ? t.moving : t.move}
          </Button>
        </Toolbar>
      </form>
      <div aria-live="polite">{messageFor('cancel')}</div>
      <Toolbar>
        <Button type="button" $variant="secondary" aria-disabled={working || undefined} onClick={() => send('cancel', { cancelled: !cancelled })}>
          {cancelled ? t.putBack : t.cancelMeeting}
        </Button>
      </Toolbar>
      <form onSubmit={onNote} noValidate aria-labelledby="meeting-note-title">
        <h3 id="meeting-note-title">{t.noteLabel}</h3>
        <TextField id="meeting-note" label={t.noteHint} error={errorAt('note', 'note')} value={note} onValueChange={setNote} maxLength={MEETING_LIMITS.noteMaxLength + 20} autoComplete="off" wide />
        <div aria-live="polite">{messageFor('note')}</div>
        <Toolbar>
          <Button type="submit" $variant="secondary" aria-disabled={working || undefined}>
            {t.saveNote}
          </Button>
        </Toolbar>
      </form>
    </Section>
  );
}
