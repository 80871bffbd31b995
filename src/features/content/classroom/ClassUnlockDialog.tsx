/**
 * A franchise owner opens a model for her class in one go: all her students, the children of one of
 * her classes (the one meeting now is chosen first), or the ones she ticks (recorded as the same
 * unlocks a typed code makes, so each child's gallery opens on any tablet).
 */
import { useEffect, useId, useMemo, useState } from 'react';
import styled from 'styled-components';
import type { Lesson } from '../../../api/types';
import { selectAllStudents } from '../../../entities/students/studentsSelectors';
import { selectUserId } from '../../../entities/session/sessionSelectors';
import { failureMessage } from '../../../shared/failureMessage';
import { useAppDispatch, useAppSelector } from '../../../shared/storeHooks';
import { space } from '../../../shared/theme';
import { Button } from '../../../shared/ui/Button';
import { Message } from '../../../shared/ui/Message';
import { Modal, ModalActions } from '../../../shared/ui/Modal';
import { VisuallyHidden } from '../../../shared/ui/VisuallyHidden';
import { useMessages } from '../../../shared/i18n/messages';
import { classroomMessages } from './classroom.messages';
import { classroomActions, selectClassStudentsLoad, selectClassUnlock, selectOwnerClasses } from './classroomSlice';

const Choices = styled.fieldset`
  border: 0;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${space(2)};
  label {
    display: flex;
    align-items: center;
    gap: ${space(2)};
    min-height: ${({ theme }) => theme.touchTarget}px;
  }
`;

const StudentList = styled.ul`
  list-style: none;
  margin: ${space(2)} 0 0;
  padding: 0;
  padding-inline-start: ${space(5)};
  max-height: 16rem;
  overflow: auto;
`;

const ForField = styled.div`
  display: grid;
  gap: ${space(1)};
  label {
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
  }
  select {
    min-height: ${({ theme }) => theme.touchTarget}px;
    padding: ${space(2)} ${space(3)};
    border: 2px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
  }
`;

/** Whom the unlock is for: all her students, one class (its id), or the students she ticks. */
type Target = 'all' | 'chosen' | number;

const byName = (a: { firstName: string; lastName: string }, b: { firstName: string; lastName: string }) =>
  `${a.firstName} ${a.lastName}`.localeCompare(`${b.firstName} ${b.lastName}`, undefined, { sensitivity: 'base' });

export default function ClassUnlockDialog({ lesson, onClose }: { lesson: Lesson; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const ownerId = useAppSelector(selectUserId);
  const all = useAppSelector(selectAllStudents);
  const load = useAppSelector(selectClassStudentsLoad);
  const flow = useAppSelector((state) => selectClassUnlock(state, lesson.id));
  const students = useMemo(() => all.filter((s) => s.teacherId === ownerId).sort(byName), [all, ownerId]);
  const classes = useAppSelector(selectOwnerClasses);
  // Untouched, the dialog is for the class meeting now, else for all her students.
  const [picked, setPicked] = useState<Target | null>(null);
  const meetingNow = classes.list.find((c) => c.meetingNow);
  const mode: Target = picked ?? meetingNow?.id ?? 'all';
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const name = useId();
  const forId = useId();
  const t = useMessages(classroomMessages);
  useEffect(() => {
    dispatch(classroomActions.studentsNeeded());
    dispatch(classroomActions.classesNeeded());
    dispatch(classroomActions.unlockDismissed({ lessonId: lesson.id }));
  }, [dispatch, lesson.id]);

  const busy = flow.status === 'working';
  const close = () => {
    dispatch(classroomActions.unlockDismissed({ lessonId: lesson.id }));
    onClose();
  };
  const toggle = (id: number) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const classesPending = classes.status === 'idle' || classes.status === 'loading';
  const canSend = !busy && !classesPending && students.length > 0 && (mode !== 'chosen' || chosen.size > 0);
  const className = typeof mode === 'number' ? (classes.list.find((c) => c.id === mode)?.name ?? '') : '';
  const result = flow.result;

  return (
    <Modal title={t.dialogTitle({ title: lesson.title })} busy={busy} onClose={close}>
      {result ? (
        <Message $tone="success" role="status">
          <p>
            {result.students - result.newlyUnlocked > 0
              ? t.openForSomeAlready(result.students)({ title: lesson.title, already: result.students - result.newlyUnlocked })
              : t.openFor(result.students)({ title: lesson.title })}
          </p>
        </Message>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (!canSend) return;
            if (typeof mode === 'number') dispatch(classroomActions.unlockRequested({ lessonId: lesson.id, students: 'all', classId: mode }));
            else dispatch(classroomActions.unlockRequested({ lessonId: lesson.id, students: mode === 'all' ? 'all' : [...chosen] }));
          }}
        >
          <p>{t.noCodeNeeded}</p>
          {students.length === 0 && (load.status === 'loading' || load.status === 'idle') && <p role="status">{t.loadingStudents}</p>}
          {students.length === 0 && load.status === 'ready' && <p>{t.noStudents}</p>}
          {load.status === 'failed' && (
            <Message $tone="error" role="alert">
              <p>{t.studentsNotLoaded({ reason: failureMessage(load.error) })}</p>
            </Message>
          )}
          {students.length > 0 && classes.list.length > 0 && (
            <ForField>
              <label htmlFor={forId}>{t.unlockFor}</label>
              <select id={forId} value={String(mode)} onChange={(event) => setPicked(event.target.value === 'all' || event.target.value === 'chosen' ? event.target.value : Number(event.target.value))}>
                <option value="all">{t.allMyStudents({ count: students.length })}</option>
                {classes.list.map((c) => (
                  <option key={c.id} value={String(c.id)}>
                    {c.meetingNow ? t.classMeetingNow({ name: c.name }) : c.name}
                  </option>
                ))}
                <option value="chosen">{t.chosenStudents}</option>
              </select>
            </ForField>
          )}
          {students.length > 0 && classes.list.length === 0 && (
            <Choices>
              <VisuallyHidden as="legend">{t.whoGetsIt}</VisuallyHidden>
              <label>
                <input type="radio" name={name} checked={mode === 'all'} onChange={() => setPicked('all')} />
                {t.allMyStudents({ count: students.length })}
              </label>
              <label>
                <input type="radio" name={name} checked={mode === 'chosen'} onChange={() => setPicked('chosen')} />
                {t.chosenStudents}
              </label>
            </Choices>
          )}
          {students.length > 0 && mode === 'chosen' && (
            <Choices>
              <VisuallyHidden as="legend">{t.students}</VisuallyHidden>
              <StudentList aria-label={t.students}>
                {students.map((student) => (
                  <li key={student.id}>
                    <label>
                      <input type="checkbox" checked={chosen.has(student.id)} onChange={() => toggle(student.id)} />
                      <span translate="no">
                        {student.firstName} {student.lastName}
                      </span>
                    </label>
                  </li>
                ))}
              </StudentList>
            </Choices>
          )}
          {flow.status === 'failed' && (
            <Message $tone="error" role="alert">
              <p>{t.nothingUnlocked({ reason: failureMessage(flow.error) })}</p>
            </Message>
          )}
          <ModalActions>
            <Button type="button" $variant="secondary" onClick={close} disabled={busy}>
              {t.cancel}
            </Button>
            <Button type="submit" disabled={!canSend}>
              {busy ? t.unlocking : mode === 'all' ? t.unlockForAll : mode === 'chosen' ? t.unlockForChosen({ count: chosen.size }) : t.unlockForClass({ name: className })}
            </Button>
          </ModalActions>
        </form>
      )}
      {result && (
        <ModalActions>
          {/* The form that had the focus is gone: the focus goes to what is left to do. */}
          <Button type="button" onClick={close} autoFocus>
            {t.done}
          </Button>
        </ModalActions>
      )}
    </Modal>
  );
}
