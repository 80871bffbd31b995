/**
 * /timetable/meetings/:meetingId: one meeting: when and where, its state, "Take attendance" (the
 * children's marks and the model taught), and its changes (move, cancel or put back, the note).
 */
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import styled from 'styled-components';
import { useFormatters } from '../../shared/i18n/formatting';
import { useMessages } from '../../shared/i18n/messages';
import { paths } from '../../shared/paths';
import { useAppDispatch, useAppSelector } from '../../shared/storeHooks';
import { Page } from '../../shared/ui/Layout';
import { LoadFailed, SkeletonBlock } from '../../shared/ui/States';
import { Title } from '../../shared/ui/Text';
import { Facts } from '../../shared/ui/Facts';
import { AttendanceForm } from './AttendanceForm';
import { MeetingChanges } from './MeetingChanges';
import { meetingActions, selectMeeting } from './meetingSlice';
import { timetableMessages } from './timetable.messages';
import { dateTimeText, mondayOf } from './weeks';

const MeetingFacts = styled(Facts)`
  margin-bottom: ${({ theme }) => theme.space[4]}px;
`;

const Attendance = styled.section`
  h2 {
    margin: ${({ theme }) => theme.space[4]}px 0 ${({ theme }) => theme.space[3]}px;
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
`;

export default function MeetingPage() {
  const { meetingId } = useParams();
  const id = Number(meetingId);
  const dispatch = useAppDispatch();
  const t = useMessages(timetableMessages);
  const { language } = useFormatters();
  const state = useAppSelector(selectMeeting);

  useEffect(() => {
    dispatch(meetingActions.opened({ id }));
  }, [dispatch, id]);

  const meeting = state.id === id && state.meeting.status === 'ready' ? state.meeting.value : null;
  const attendance = state.id === id && state.attendance.status === 'ready' ? state.attendance.value : null;
  const back = meeting ? `${paths.timetable.href()}?week=${mondayOf(meeting.startsAt.slice(0, 10))}` : paths.timetable.href();
  const tags = meeting ? [meeting.status === 'cancelled' && t.cancelled, meeting.moved && t.moved, meeting.kind === 'extra' && t.extra].filter(Boolean).join(' · ') : '';

  return (
    <Page aria-labelledby="meeting-title">
      <p>
        <Link to={back}>{t.backToTimetable}</Link>
      </p>
      {state.meeting.status === 'failed' ? (
        <>
          <Title id="meeting-title">{t.takeAttendance}</Title>
          <LoadFailed what={t.meetingWhat} error={state.meeting.error} onRetry={() => dispatch(meetingActions.opened({ id }))} />
        </>
      ) : !meeting || !attendance ? (
        <>
          <Title id="meeting-title">{t.takeAttendance}</Title>
          <SkeletonBlock $height={320} role="status" aria-label={t.loadingMeeting} />
        </>
      ) : (
        <>
          <Title id="meeting-title" translate="no">
            {meeting.className}
          </Title>
          <MeetingFacts>
            <dt>{t.when}</dt>
            <dd>
              <time dateTime={meeting.startsAt} translate="no">
                {dateTimeText(meeting.startsAt, language)}
              </time>
              <span>{` · ${t.lengthMinutes({ minutes: meeting.lengthMinutes })}`}</span>
            </dd>
            {meeting.place !== '' && (
              <>
                <dt>{t.place}</dt>
                <dd translate="no">{meeting.place}</dd>
              </>
            )}
            <dt>{t.program}</dt>
            <dd translate="no">{meeting.programName}</dd>
            <dt>{t.children}</dt>
            <dd>{t.childCount(meeting.studentCount)}</dd>
            {meeting.attendance && (
              <>
                <dt>{t.attendance}</dt>
                <dd>{t.counts(meeting.attendance)}</dd>
              </>
            )}
          </MeetingFacts>
          {tags !== '' && <p>{tags}</p>}
          {meeting.note !== '' && <p translate="no">{meeting.note}</p>}
          <Attendance aria-labelledby="attendance-title">
            <h2 id="attendance-title">{t.takeAttendance}</h2>
            {meeting.status === 'cancelled' ? <p>{t.cancelledNote}</p> : <AttendanceForm key={meeting.id} meetingId={meeting.id} record={attendance} />}
          </Attendance>
          <MeetingChanges key={`${meeting.id}-${meeting.startsAt}`} meeting={meeting} />
        </>
      )}
    </Page>
  );
}
