/**
 * The first section of a student's page: the record with its status (active, or ended on a date),
 * Edit, End lessons / Re-activate, and for administrators Move and the student's history in the
 * audit log. Loads the record with the account's state (login name, sign-in) from the server.
 */
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import type { RosterStudent } from '../../../../contract/rosterEdit';
import { selectUserRole } from '../../../entities/session/sessionSelectors';
import { selectUserEntities } from '../../../entities/users/usersSelectors';
import { useLazyFeature } from '../../../shared/lazyFeature';
import { paths } from '../../../shared/paths';
import { useAppDispatch, useAppSelector } from '../../../shared/storeHooks';
import { Button } from '../../../shared/ui/Button';
import { Toolbar } from '../../../shared/ui/Layout';
import { Message } from '../../../shared/ui/Message';
import { SkeletonBlock } from '../../../shared/ui/States';
import { failureMessage } from '../../../shared/failureMessage';
import { formatCalendarDate } from '../formatting';
import type { StudentPageSectionProps } from '../student/studentPageSections';
import { EditStudentForm } from './EditStudentForm';
import { rosterEditFeature } from './editFeature';
import { selectStudentDetails } from './editSelectors';
import { editActions } from './editSlice';
import { EndLessonsDialog, MoveForm, ReactivateForm } from './StatusForms';

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr);
  gap: ${({ theme }) => theme.space[2]}px ${({ theme }) => theme.space[4]}px;
  margin: 0;
  dt {
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const Badge = styled.span<{ $ended: boolean }>`
  display: inline-block;
  padding: 0 ${({ theme }) => theme.space[2]}px;
  border-radius: ${({ theme }) => theme.radii.pill};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  color: ${({ $ended, theme }) => ($ended ? theme.colors.danger : theme.colors.leaf)};
  background: ${({ $ended, theme }) => ($ended ? theme.colors.dangerSurface : theme.colors.successSurface)};
`;

type Mode = 'view' | 'edit' | 'end' | 'reactivate' | 'move';

const SUCCESS: Record<string, string> = {
  edit: 'The changes were saved.',
  end: 'The lessons were ended. The student can no longer sign in.',
  reactivate: 'The account was re-activated. The student can sign in again.',
  move: 'The student was moved to the new franchise owner.',
};

function RecordFacts({ record, ownerName }: { record: RosterStudent; ownerName: string | null }) {
  const ended = record.status === 'ended';
  return (
    <Facts>
      <dt>Status</dt>
      <dd>
        <Badge $ended={ended}>{ended ? `Ended on ${formatCalendarDate(record.lessons_end_date)}` : 'Active'}</Badge>
      </dd>
      <dt>Login name</dt>
      <dd>{record.loginName}</dd>
      {ownerName !== null && (
        <>
          <dt>Franchise owner</dt>
          <dd>{ownerName}</dd>
        </>
      )}
      <dt>Parent</dt>
      <dd>{record.parent_name}</dd>
      <dt>Parent e-mail</dt>
      <dd>{record.parent_email}</dd>
      <dt>Phone</dt>
      <dd>{record.phone}</dd>
      <dt>Program</dt>
      <dd>{record.program}</dd>
      <dt>Lessons</dt>
      <dd>
        {formatCalendarDate(record.lessons_start_date)} – {formatCalendarDate(record.lessons_end_date)} · {String(record.number_of_lessons)} lessons
      </dd>
    </Facts>
  );
}

export default function DetailsSection({ student, erased }: StudentPageSectionProps) {
  useLazyFeature(rosterEditFeature);
  const dispatch = useAppDispatch();
  const details = useAppSelector((state) => selectStudentDetails(state, student.id));
  const isAdmin = useAppSelector(selectUserRole) === 'administrator';
  const users = useAppSelector(selectUserEntities);
  const [mode, setMode] = useState<Mode>('view');
  const open = useCallback(() => dispatch(editActions.studentOpened({ id: student.id })), [dispatch, student.id]);
  useEffect(() => {
    open();
  }, [open]);
  const close = useCallback(() => {
    dispatch(editActions.changeDismissed({ id: student.id }));
    setMode('view');
  }, [dispatch, student.id]);

  const record = details.record;
  if (!record) {
    if (details.status === 'failed') {
      return (
        <Message $tone="error" role="alert">
          <p>The student&apos;s details could not be loaded. {failureMessage(details.error)}</p>
          <p>
            <Button type="button" $variant="secondary" onClick={open}>
              Try again
            </Button>
          </p>
        </Message>
      );
    }
    return <SkeletonBlock $height={160} role="status" aria-label="Loading the student's details" />;
  }

  const owner = users[Number(record.teacher_id)];
  const ended = record.status === 'ended';
  const lastDone = details.done && mode === 'view' ? SUCCESS[details.done.kind] : null;
  return (
    <>
      {mode === 'edit' ? <EditStudentForm record={record} onClose={close} /> : <RecordFacts record={record} ownerName={isAdmin ? (owner ? `${owner.firstName} ${owner.lastName}`.trim() : null) : null} />}
      {mode === 'end' && <EndLessonsDialog record={record} onClose={close} />}
      {mode === 'reactivate' && <ReactivateForm record={record} onClose={close} />}
      {mode === 'move' && <MoveForm record={record} onClose={close} />}
      <div aria-live="polite">{lastDone && <Message $tone="success">{lastDone}</Message>}</div>
      {erased && isAdmin && <Link to={`${paths.auditLog.href()}?student=${student.id}`}>History</Link>}
      {!erased && (mode === 'view' || mode === 'end') && (
        <Toolbar>
          <Button type="button" onClick={() => setMode('edit')}>
            Edit
          </Button>
          {ended ? (
            <Button type="button" $variant="secondary" onClick={() => setMode('reactivate')}>
              Re-activate
            </Button>
          ) : (
            <Button type="button" $variant="secondary" onClick={() => setMode('end')}>
              End lessons
            </Button>
          )}
          {isAdmin && (
            <Button type="button" $variant="secondary" onClick={() => setMode('move')}>
              Move to another owner
            </Button>
          )}
          {isAdmin && <Link to={`${paths.auditLog.href()}?student=${student.id}`}>History</Link>}
        </Toolbar>
      )}
    </>
  );
}
