/**
 * Take attendance: each child's mark, the suggested ones (seen in the portal during the class) one
 * button away from present, and the model taught. The marks stay while they are sent and after a
 * failure; leaving with marks not saved asks first.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import type { AttendanceMark, AttendanceRecord } from '../../../contract/meetings';
import { failureMessage } from '../../shared/failureMessage';
import { useMessages } from '../../shared/i18n/messages';
import { useAppDispatch, useAppSelector } from '../../shared/storeHooks';
import { Button } from '../../shared/ui/Button';
import { controlProps, FormField } from '../../shared/ui/Field';
import { FormFooter } from '../../shared/ui/FormFooter';
import { LeaveGuard } from '../../shared/ui/LeaveGuard';
import { Message } from '../../shared/ui/Message';
import { MarkChoices } from './MarkChoices';
import { meetingActions, selectMeeting } from './meetingSlice';
import { refusalOf } from './refusals';
import { timetableMessages } from './timetable.messages';

const Children = styled.ul`
  list-style: none;
  margin: 0 0 ${({ theme }) => theme.space[4]}px;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space[3]}px;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 320px), 1fr));
  li {
    display: flex;
    flex-direction: column;
    gap: ${({ theme }) => theme.space[1]}px;
    padding: ${({ theme }) => theme.space[2]}px 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  li > span {
    font-weight: ${({ theme }) => theme.fontWeights.bold};
    overflow-wrap: anywhere;
  }
  small {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

type Marks = Record<number, AttendanceMark | null>;
const marksOf = (record: AttendanceRecord): Marks => Object.fromEntries(record.students.map((s) => [s.id, s.mark]));

export function AttendanceForm({ meetingId, record }: { meetingId: number; record: AttendanceRecord }) {
  const dispatch = useAppDispatch();
  const t = useMessages(timetableMessages);
  const { models, save } = useAppSelector(selectMeeting);
  const [marks, setMarks] = useState<Marks>(() => marksOf(record));
  const [modelId, setModelId] = useState(record.modelId === null ? '' : String(record.modelId));
  const [baseline, setBaseline] = useState(() => JSON.stringify([marksOf(record), modelId]));
  const [sent, setSent] = useState(false);
  const lastTaken = useRef(record.takenAt);

  // A save's answer becomes what the form holds as saved; what is typed stays as it is.
  useEffect(() => {
    if (record.takenAt !== lastTaken.current) {
      lastTaken.current = record.takenAt;
      setBaseline(JSON.stringify([marksOf(record), record.modelId === null ? '' : String(record.modelId)]));
    }
  }, [record]);

  const refusal = sent && save.status === 'failed' ? refusalOf(save.error, t, (failed) => t.notSaved({ reason: failureMessage(failed) })) : null;
  useEffect(() => {
    if (refusal?.at === 'modelId') document.getElementById('attendance-model')?.focus();
  }, [refusal?.at]);

  const mark = (id: number, value: AttendanceMark) => setMarks((before) => ({ ...before, [id]: value }));
  const suggested = record.students.filter((s) => s.suggested);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (save.status === 'saving') return;
    setSent(true);
    const given = record.students.flatMap((s) => (marks[s.id] ? [{ studentId: s.id, mark: marks[s.id]! }] : []));
    dispatch(meetingActions.saveRequested({ id: meetingId, input: { marks: given, modelId: modelId === '' ? null : Number(modelId) } }));
  };

  const unsaved = JSON.stringify([marks, modelId]) !== baseline;
  const counts = { present: 0, late: 0, absent: 0, unmarked: 0 };
  for (const student of record.students) counts[student.mark ?? 'unmarked'] += 1;

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="attendance-title">
      <LeaveGuard unsaved={unsaved} saving={save.status === 'saving'} />
      {record.students.length === 0 ? (
        <p>{t.noChildren}</p>
      ) : (
        <>
          {suggested.length > 0 && (
            <Button type="button" $variant="secondary" onClick={() => setMarks((before) => ({ ...before, ...Object.fromEntries(suggested.map((s) => [s.id, 'present'])) }))}>
              {t.markSuggested}
            </Button>
          )}
          <Children>
            {record.students.map((student) => (
              <li key={student.id}>
                <span id={`child-${student.id}`} translate="no">
                  {student.displayName}
                </span>
                {student.suggested && <small id={`child-${student.id}-hint`}>{t.suggested}</small>}
                <MarkChoices
                  studentId={student.id}
                  labelledBy={`child-${student.id}`}
                  describedBy={student.suggested ? `child-${student.id}-hint` : undefined}
                  mark={marks[student.id] ?? null} onMark={(value) => mark(student.id, value)} />
              </li>
            ))}
          </Children>
        </>
      )}
      <FormField id="attendance-model" label={t.modelTaught} error={refusal?.at === 'modelId' ? refusal.text : null}>
        <select {...controlProps('attendance-model', refusal?.at === 'modelId' ? refusal.text : null)} value={modelId} onChange={(event) => setModelId(event.target.value)}>
          <option value="">{t.noModel}</option>
          {models.map((model) => (
            <option key={model.id} value={model.id} translate="no">
              {model.name}
            </option>
          ))}
        </select>
      </FormField>
      <div aria-live="polite">
        {save.status === 'saved' && sent && !unsaved && <Message $tone="success">{t.savedCounts(counts)}</Message>}
        {record.takenByName && !(save.status === 'saved' && sent) && <p translate="no">{t.takenBy({ name: record.takenByName })}</p>}
      </div>
      <FormFooter
        submitting={save.status === 'saving'}
        progress={t.savingAttendance}
        failure={refusal && refusal.at !== 'modelId' ? refusal.text : null}
        label={t.saveAttendance}
        busyLabel={t.saving}
      />
    </form>
  );
}
