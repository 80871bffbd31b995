/** Ending a student's lessons (after a confirmation), re-activating them with a new end date, and (administrators) moving them to another owner. */
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { RosterStudent } from '../../../contract/rosterEdit';
import { useAppDispatch, useAppSelector } from '../../shared/storeHooks';
import { Button } from '../../shared/ui/Button';
import { controlProps, FormField } from '../../shared/ui/Field';
import { Toolbar } from '../../shared/ui/Layout';
import { Message } from '../../shared/ui/Message';
import { Modal, ModalActions } from '../../shared/ui/Modal';
import { formatCalendarDate, toIsoDate } from '../../shared/i18n/calendarDates';
import { selectListLoad, selectOwnerChoices } from '../../entities/roster/rosterListsSelectors';
import { changeFailureText } from './editForm';
import { selectStudentDetails } from './editSelectors';
import { editActions, type ChangeKind } from './editSlice';
import { useFormatters } from '../../shared/i18n/formatting';
import { useMessages } from '../../shared/i18n/messages';
import { editMessages } from './edit.messages';

/** The state of one kind of change of this student: busy, its failure, and a call when it has worked. */
function useChange(record: RosterStudent, kind: ChangeKind, onDone: () => void) {
  const id = Number(record.user_id);
  const details = useAppSelector((state) => selectStudentDetails(state, id));
  const doneAtOpen = useRef(details.done?.count ?? 0);
  useEffect(() => {
    if (details.done?.kind === kind && details.done.count > doneAtOpen.current) onDone();
  }, [details.done, kind, onDone]);
  return { id, busy: details.busy === kind, failure: details.failed?.kind === kind ? details.failed.error : null };
}

function Failure({ text }: { text: string | null }) {
  return text ? (
    <Message $tone="error" role="alert">
      <p>{text}</p>
    </Message>
  ) : null;
}

/** "End lessons?" as a modal question: focus goes to Cancel, Escape closes it. */
export function EndLessonsDialog({ record, onClose }: { record: RosterStudent; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const { id, busy, failure } = useChange(record, 'end', onClose);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const t = useMessages(editMessages);
  const name = `${record.student_first_name} ${record.student_last_name}`;
  return (
    <Modal title={t.endLessonsQuestion({ name })} alert busy={busy} onClose={onClose} initialFocus={cancelRef}>
      <p>{t.endLessonsExplained({ firstName: record.student_first_name })}</p>
      <Failure text={failure && changeFailureText(t.lessonsNotEnded, failure)} />
      <ModalActions>
        <Button type="button" $variant="brand" disabled={busy} onClick={() => dispatch(editActions.changeRequested({ id, change: { kind: 'end' } }))}>
          {busy ? t.ending : t.endLessons}
        </Button>
        <Button type="button" $variant="secondary" ref={cancelRef} onClick={onClose}>
          {t.cancel}
        </Button>
      </ModalActions>
    </Modal>
  );
}

function SmallForm({ label, onSubmit, busy, submitLabel, busyLabel, failure, onClose, children }: { label: string; onSubmit: () => void; busy: boolean; submitLabel: string; busyLabel: string; failure: string | null; onClose: () => void; children: ReactNode }) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) onSubmit();
  };
  const t = useMessages(editMessages);
  return (
    <form noValidate onSubmit={submit} aria-label={label} aria-busy={busy || undefined}>
      {children}
      <Failure text={failure} />
      <Toolbar>
        <Button type="submit" aria-disabled={busy || undefined}>
          {busy ? busyLabel : submitLabel}
        </Button>
        <Button type="button" $variant="secondary" onClick={onClose}>
          {t.cancel}
        </Button>
      </Toolbar>
    </form>
  );
}

/** A new end date after today (the browser's calendar day; the server checks its own). */
export function ReactivateForm({ record, onClose }: { record: RosterStudent; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const { id, busy, failure } = useChange(record, 'reactivate', onClose);
  const [endDate, setEndDate] = useState('');
  const [refusal, setRefusal] = useState<'missing' | 'notAfterToday' | null>(null);
  const today = toIsoDate(new Date());
  const t = useMessages(editMessages);
  const formatters = useFormatters();
  const problem = refusal === 'missing' ? t.enterNewEndDate : refusal === 'notAfterToday' ? t.endDateAfterToday({ today: formatCalendarDate(today, formatters) }) : null;
  const submit = () => {
    const found = !/^\d{4}-\d{2}-\d{2}$/.test(endDate) ? 'missing' : endDate <= today ? 'notAfterToday' : null;
    setRefusal(found);
    if (found) document.getElementById('reactivate-endDate')?.focus();
    else dispatch(editActions.changeRequested({ id, change: { kind: 'reactivate', endDate } }));
  };
  return (
    <SmallForm
      label={t.reactivateForm}
      onSubmit={submit}
      busy={busy}
      submitLabel={t.reactivate}
      busyLabel={t.reactivating}
      failure={failure && changeFailureText(t.notReactivated, failure)}
      onClose={onClose}
    >
      <FormField id="reactivate-endDate" label={t.newEndDate} error={problem}>
        <input {...controlProps('reactivate-endDate', problem)} type="date" name="endDate" min={today} value={endDate} onChange={(event) => setEndDate(event.target.value)} />
      </FormField>
    </SmallForm>
  );
}

/** Administrators: another franchise owner for this student. */
export function MoveForm({ record, onClose }: { record: RosterStudent; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const { id, busy, failure } = useChange(record, 'move', onClose);
  const owners = useAppSelector(selectOwnerChoices).filter((owner) => String(owner.id) !== String(record.teacher_id));
  const ownersLoad = useAppSelector(selectListLoad);
  const [teacherId, setTeacherId] = useState('');
  const [unchosen, setUnchosen] = useState(false);
  const t = useMessages(editMessages);
  const problem = unchosen ? t.selectOwner : null;
  const emptyChoice = owners.length > 0 ? t.chooseOwner : ownersLoad.status === 'failed' ? t.ownersNotLoaded : t.loadingOwners;
  const submit = () => {
    setUnchosen(teacherId === '');
    if (teacherId === '') document.getElementById('move-teacherId')?.focus();
    else dispatch(editActions.changeRequested({ id, change: { kind: 'move', teacherId: Number(teacherId) } }));
  };
  return (
    <SmallForm
      label={t.moveToOwner}
      onSubmit={submit}
      busy={busy}
      submitLabel={t.moveStudent}
      busyLabel={t.moving}
      failure={failure && changeFailureText(t.notMoved, failure)}
      onClose={onClose}
    >
      <FormField id="move-teacherId" label={t.newOwner} error={problem}>
        <select {...controlProps('move-teacherId', problem)} name="teacherId" value={teacherId} onChange={(event) => setTeacherId(event.target.value)}>
          <option value="">{emptyChoice}</option>
          {owners.map((owner) => (
            <option key={owner.id} value={String(owner.id)} translate="no">
              {owner.label}
            </option>
          ))}
        </select>
      </FormField>
    </SmallForm>
  );
}
