import { Link } from 'react-router';
import styled from 'styled-components';
import type { MeetingRecord } from '../../../contract/meetings';
import { useFormatters } from '../../shared/i18n/formatting';
import { useMessages } from '../../shared/i18n/messages';
import { paths } from '../../shared/paths';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { Card } from '../../shared/ui/Card';
import { PlainList } from '../../shared/ui/Layout';
import { timetableMessages } from './timetable.messages';
import { timeText } from './weeks';

const List = styled(PlainList).attrs({ $gap: 3 })`
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 280px), 1fr));
`;

const MeetingCard = styled(Card).attrs({ as: 'article' })<{ $cancelled: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]}px;
  height: 100%;
  padding: ${({ theme }) => theme.space[4]}px;
  border-inline-start: 6px solid ${({ $cancelled, theme }) => ($cancelled ? theme.colors.border : theme.colors.accent)};
  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
    overflow-wrap: anywhere;
  }
  h3 a {
    color: inherit;
    text-decoration-thickness: 1px;
  }
  p {
    margin: 0;
    overflow-wrap: anywhere;
  }
  time {
    font-weight: ${({ theme }) => theme.fontWeights.bold};
  }
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Tags = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[1]}px;
  span {
    padding: 0 ${({ theme }) => theme.space[2]}px;
    border-radius: ${({ theme }) => theme.radii.md};
    border: 1px solid ${({ theme }) => theme.colors.border};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

const Actions = styled.div`
  margin-top: auto;
  padding-top: ${({ theme }) => theme.space[2]}px;
`;

/** Meetings as cards: time, class, place, children, their state and the attendance counts once taken; `attendance` adds "Take attendance". */
export function MeetingList({ meetings, showOwner, attendance, labelledBy }: { meetings: MeetingRecord[]; showOwner: boolean; attendance: boolean; labelledBy: string }) {
  const t = useMessages(timetableMessages);
  const { language } = useFormatters();
  return (
    <List aria-labelledby={labelledBy}>
      {meetings.map((meeting) => {
        const time = timeText(meeting.startsAt, language);
        const cancelled = meeting.status === 'cancelled';
        const href = paths.meeting.href({ meetingId: meeting.id });
        const headingId = `${labelledBy}-${meeting.id}`;
        return (
          <li key={meeting.id}>
            <MeetingCard aria-labelledby={headingId} $cancelled={cancelled}>
              <p>
                {/* Written by Intl in the user's language, not a catalogue text. */}
                <time dateTime={meeting.startsAt} translate="no">
                  {time}
                </time>{' '}
                <span>{t.lengthMinutes({ minutes: meeting.lengthMinutes })}</span>
              </p>
              <h3 id={headingId}>
                <Link to={href} translate="no" aria-label={t.openMeetingLabel({ name: meeting.className, time })}>
                  {meeting.className}
                </Link>
              </h3>
              {showOwner && <Muted translate="no">{meeting.ownerName}</Muted>}
              {meeting.place !== '' && <p translate="no">{meeting.place}</p>}
              <p>{t.childCount(meeting.studentCount)}</p>
              {(cancelled || meeting.moved || meeting.kind === 'extra') && (
                <Tags>
                  {cancelled && <span>{t.cancelled}</span>}
                  {meeting.moved && <span>{t.moved}</span>}
                  {meeting.kind === 'extra' && <span>{t.extra}</span>}
                </Tags>
              )}
              {meeting.attendance && <p>{t.counts(meeting.attendance)}</p>}
              {meeting.note !== '' && <Muted translate="no">{meeting.note}</Muted>}
              {attendance && !cancelled && (
                <Actions>
                  <ButtonLink to={href} aria-label={t.takeAttendanceLabel({ name: meeting.className, time })}>
                    {t.takeAttendance}
                  </ButtonLink>
                </Actions>
              )}
            </MeetingCard>
          </li>
        );
      })}
    </List>
  );
}
