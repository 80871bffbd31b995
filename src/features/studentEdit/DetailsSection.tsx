/**
 * The first section of a student's page: the record with its status (active, or ended on a date),
 * Edit, End lessons / Re-activate, and for administrators Move and the student's history in the
 * audit log. Loads the record with the account's state (login name, sign-in) from the server.
 */
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import type { RosterStudent } from '../../../contract/rosterEdit';
import { selectUserRole } from '../../entities/session/sessionSelectors';
import { selectUserEntities } from '../../entities/users/usersSelectors';
import { paths } from '../../shared/paths';
import { useAppDispatch, useAppSelector } from '../../shared/storeHooks';
import { media } from '../../shared/breakpoints';
import { Button } from '../../shared/ui/Button';
import { Toolbar } from '../../shared/ui/Layout';
import { Message } from '../../shared/ui/Message';
import { SkeletonBlock } from '../../shared/ui/States';
import { failureMessage } from '../../shared/failureMessage';
import { formatCalendarDate } from '../../shared/i18n/calendarDates';
import type { StudentPageSectionProps } from '../../entities/students/studentPage';
import { EditStudentForm } from './EditStudentForm';
import { selectStudentDetails } from './editSelectors';
import { editActions } from './editSlice';
import { EndLessonsDialog, MoveForm, ReactivateForm } from './StatusForms';
import { useFormatters } from '../../shared/i18n/formatting';
import { useMessages } from '../../shared/i18n/messages';
import { editMessages } from './edit.messages';
import { AFTER_EMAIL_PARTS, breakable } from '../../shared/ui/Breakable';

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
    overflow-wrap: break-word;
  }
  /* On a phone a long label (in Spanish above all) would leave its value a sliver: labels go above. */
  ${media.mobile} {
    grid-template-columns: minmax(0, 1fr);
    row-gap: 0;
    dd {
      margin-bottom: ${({ theme }) => theme.space[3]}px;
    }
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

type EditTexts = ReturnType<typeof editMessages.get>;

const successText = (t: EditTexts, kind: string): string | null =>
  kind === 'edit' ? t.saved : kind === 'end' ? t.ended : kind === 'reactivate' ? t.reactivated : kind === 'move' ? t.moved : null;

function RecordFacts({ record, ownerName }: { record: RosterStudent; ownerName: string | null }) {
  const ended = record.status === 'ended';
  const erased = record.status === 'erased';
  const t = useMessages(editMessages);
  const formatters = useFormatters();
  const day = (value: string) => formatCalendarDate(value, formatters);
  return (
    <Facts>
      <dt>{t.status}</dt>
      <dd>
        <Badge $ended={ended || erased}>{erased ? t.erased : ended ? t.endedOn({ date: day(record.lessons_end_date) }) : t.active}</Badge>
      </dd>
      {/* The record's values are people's data: shown as typed, never translated. */}
      <dt>{t.loginName}</dt>
      <dd translate="no">{record.loginName}</dd>
      {ownerName !== null && (
        <>
          <dt>{t.franchiseOwner}</dt>
          <dd translate="no">{ownerName}</dd>
        </>
      )}
      {/* An erased child's parent and phone are gone: no empty rows that look like missing data. */}
      {!erased && (
        <>
          <dt>{t.parent}</dt>
          <dd translate="no">{record.parent_name}</dd>
          <dt>{t.parentEmail}</dt>
          <dd translate="no">{breakable(record.parent_email, AFTER_EMAIL_PARTS)}</dd>
          <dt>{t.phone}</dt>
          <dd translate="no">
            <bdi dir="ltr">{record.phone}</bdi>
          </dd>
        </>
      )}
      <dt>{t.program}</dt>
      <dd translate="no">{record.program}</dd>
      <dt>{t.lessons}</dt>
      <dd>{t.lessonsSpan(Number(record.number_of_lessons))({ start: day(record.lessons_start_date), end: day(record.lessons_end_date) })}</dd>
    </Facts>
  );
}

export default function DetailsSection({ student, erased }: StudentPageSectionProps) {
  const dispatch = useAppDispatch();
  const details = useAppSelector((state) => selectStudentDetails(state, student.id));
  const isAdmin = useAppSelector(selectUserRole) === 'administrator';
  const users = useAppSelector(selectUserEntities);
  const [mode, setMode] = useState<Mode>('view');
  const t = useMessages(editMessages);
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
          <p>{t.detailsNotLoaded({ reason: failureMessage(details.error) })}</p>
          <p>
            <Button type="button" $variant="secondary" onClick={open}>
              {t.tryAgain}
            </Button>
          </p>
        </Message>
      );
    }
    return <SkeletonBlock $height={160} role="status" aria-label={t.loadingDetails} />;
  }

  const owner = users[Number(record.teacher_id)];
  const ended = record.status === 'ended';
  const lastDone = details.done && mode === 'view' ? successText(t, details.done.kind) : null;
  return (
    <>
      {mode === 'edit' ? <EditStudentForm record={record} onClose={close} /> : <RecordFacts record={record} ownerName={isAdmin ? (owner ? `${owner.firstName} ${owner.lastName}`.trim() : null) : null} />}
      {mode === 'end' && <EndLessonsDialog record={record} onClose={close} />}
      {mode === 'reactivate' && <ReactivateForm record={record} onClose={close} />}
      {mode === 'move' && <MoveForm record={record} onClose={close} />}
      <div aria-live="polite">{lastDone && <Message $tone="success">{lastDone}</Message>}</div>
      {erased && isAdmin && <Link to={`${paths.auditLog.href()}?student=${student.id}`}>{t.history}</Link>}
      {!erased && (mode === 'view' || mode === 'end') && (
        <Toolbar>
          <Button type="button" onClick={() => setMode('edit')}>
            {t.edit}
          </Button>
          {ended ? (
            <Button type="button" $variant="secondary" onClick={() => setMode('reactivate')}>
              {t.reactivate}
            </Button>
          ) : (
            <Button type="button" $variant="secondary" onClick={() => setMode('end')}>
              {t.endLessons}
            </Button>
          )}
          {isAdmin && (
            <Button type="button" $variant="secondary" onClick={() => setMode('move')}>
              {t.moveToOwner}
            </Button>
          )}
          {isAdmin && <Link to={`${paths.auditLog.href()}?student=${student.id}`}>{t.history}</Link>}
        </Toolbar>
      )}
    </>
  );
}
