/** A student's meetings since the start date, newest first: when (the place's clock, as recorded), the class, the mark in words, and whether it used a lesson. */
import styled from 'styled-components';
import type { StudentLessonMeeting } from '../../../../contract/lessons';
import { formatCalendarDate } from '../../../shared/i18n/calendarDates';
import { useFormatters } from '../../../shared/i18n/formatting';
import { useMessages } from '../../../shared/i18n/messages';
import { space } from '../../../shared/theme';
import { PlainList } from '../../../shared/ui/Layout';
import { lessonsMessages } from './lessons.messages';

type Texts = ReturnType<typeof lessonsMessages.get>;

const Meetings = styled(PlainList).attrs({ as: 'ol' })``;

const Meeting = styled.li`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(1)} ${space(3)};
  align-items: baseline;
  > strong {
    min-width: 12rem;
  }
`;

const Counted = styled.span<{ $counted: boolean }>`
  color: ${({ $counted, theme }) => ($counted ? theme.colors.text : theme.colors.textMuted)};
  font-weight: ${({ $counted, theme }) => ($counted ? theme.fontWeights.semibold : theme.fontWeights.regular)};
`;

export const markInWords = (t: Texts, meeting: StudentLessonMeeting): string =>
  meeting.status === 'cancelled' ? t.cancelled : meeting.mark === 'present' ? t.present : meeting.mark === 'late' ? t.late : meeting.mark === 'absent' ? t.absent : t.notMarked;

export function AttendanceList({ meetings }: { meetings: readonly StudentLessonMeeting[] }) {
  const t = useMessages(lessonsMessages);
  const formatters = useFormatters();
  if (meetings.length === 0) return <p>{t.noMeetings}</p>;
  const newestFirst = [...meetings].sort((a, b) => (a.startsAt < b.startsAt ? 1 : a.startsAt > b.startsAt ? -1 : 0));
  return (
    <Meetings aria-label={t.attendance}>
      {newestFirst.map((meeting) => (
        <Meeting key={meeting.meetingId}>
          <strong>
            <time dateTime={meeting.startsAt}>{t.meetingWhen({ date: formatCalendarDate(meeting.startsAt.slice(0, 10), formatters), time: meeting.startsAt.slice(11, 16) })}</time>
          </strong>
          <span translate="no">{meeting.className}</span>
          <span>{markInWords(t, meeting)}</span>
          <Counted $counted={meeting.counted}>{meeting.counted ? t.counted : t.notCounted}</Counted>
        </Meeting>
      ))}
    </Meetings>
  );
}
