/**
 * /timetable: the signed-in owner's week (an administrator's: every owner's, or one owner's), today's
 * meetings first with "Take attendance". The week (its Monday) and the owner are in the address
 * (?week=2026-11-23&owner=2), so a reload and Back keep them.
 */
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import styled from 'styled-components';
import { selectUserRole } from '../../entities/session/sessionSelectors';
import { useFormatters } from '../../shared/i18n/formatting';
import { useMessages } from '../../shared/i18n/messages';
import { useAppDispatch, useAppSelector } from '../../shared/storeHooks';
import { controlLook } from '../../shared/ui/Field';
import { Page, Toolbar } from '../../shared/ui/Layout';
import { LoadFailed, SkeletonBlock } from '../../shared/ui/States';
import { StateBox } from '../../shared/ui/StateBox';
import { Title } from '../../shared/ui/Text';
import { AddMeeting } from './AddMeeting';
import { CalendarFeedPanel } from './CalendarFeedPanel';
import { MeetingList } from './MeetingList';
import { timetableMessages } from './timetable.messages';
import { selectTimetable, timetableActions } from './timetableSlice';
import { WeekNav } from './WeekNav';
import { dayText, isDay, localToday, mondayOf, weekDays, weekText } from './weeks';

const Section = styled.section`
  margin-top: ${({ theme }) => theme.space[5]}px;
  h2 {
    margin: 0 0 ${({ theme }) => theme.space[3]}px;
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
  h3 {
    margin: ${({ theme }) => theme.space[4]}px 0 ${({ theme }) => theme.space[2]}px;
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
`;

const OwnerFilter = styled(Toolbar)`
  label {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space[2]}px;
  }
  select {
    ${controlLook}
    width: auto;
    max-width: 100%;
  }
`;

export default function TimetablePage() {
  const dispatch = useAppDispatch();
  const t = useMessages(timetableMessages);
  const { language } = useFormatters();
  const [search, setSearch] = useSearchParams();
  const admin = useAppSelector(selectUserRole) === 'administrator';
  const { week, today, owners } = useAppSelector(selectTimetable);

  const todayDate = localToday();
  const asked = search.get('week');
  const monday = mondayOf(isDay(asked) ? asked : todayDate);
  const ownerParam = Number(search.get('owner'));
  const ownerId = admin && Number.isInteger(ownerParam) && ownerParam > 0 ? ownerParam : null;
  const load = () => dispatch(timetableActions.weekRequested({ week: monday, today: todayDate, ownerId }));

  useEffect(() => {
    load();
    // The week or the owner changed: the address says which.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [monday, ownerId, todayDate]);

  useEffect(() => {
    if (admin) dispatch(timetableActions.ownersRequested());
  }, [admin, dispatch]);

  const setOwner = (value: string) => {
    const next = new URLSearchParams(search);
    if (value === '') next.delete('owner');
    else next.set('owner', value);
    setSearch(next);
  };

  const ownerChoices = owners.status === 'ready' ? owners.value : [];
  const loading = week.status !== 'ready' && week.status !== 'failed';

  return (
    <Page aria-labelledby="timetable-title">
      <Title id="timetable-title">{t.title}</Title>
      {admin && (
        <OwnerFilter>
          <label>
            <span id="timetable-owner-label">{t.owner}</span>
            <select aria-labelledby="timetable-owner-label" value={ownerId ?? ''} onChange={(event) => setOwner(event.target.value)}>
              <option value="">{t.everyOwner}</option>
              {ownerChoices.map((owner) => (
                <option key={owner.id} value={owner.id} translate="no">
                  {owner.name}
                </option>
              ))}
            </select>
          </label>
        </OwnerFilter>
      )}
      {week.status === 'failed' ? (
        <LoadFailed what={t.meetingsWhat} error={week.error} onRetry={load} />
      ) : (
        <>
          <Section aria-labelledby="timetable-today">
            <h2 id="timetable-today">
              {t.today} <span translate="no">{`· ${dayText(todayDate, language)}`}</span>
            </h2>
            {today.status !== 'ready' ? (
              <SkeletonBlock $height={120} role="status" aria-label={t.loadingMeetings} />
            ) : today.meetings.length === 0 ? (
              <p>{t.noMeetingsToday}</p>
            ) : (
              <MeetingList meetings={today.meetings} showOwner={admin} attendance labelledBy="timetable-today" />
            )}
          </Section>
          <Section aria-labelledby="timetable-week">
            <h2 id="timetable-week">
              {t.weekLabel} <span translate="no">{`· ${weekText(monday, language)}`}</span>
            </h2>
            <WeekNav monday={monday} thisMonday={mondayOf(todayDate)} />
            {loading ? (
              <SkeletonBlock $height={240} role="status" aria-label={t.loadingMeetings} />
            ) : week.meetings.length === 0 ? (
              <StateBox>
                <p>{t.noMeetingsWeek}</p>
              </StateBox>
            ) : (
              weekDays(monday)
                .map((day) => ({ day, meetings: week.meetings.filter((m) => m.startsAt.startsWith(day)) }))
                .filter(({ meetings }) => meetings.length > 0)
                .map(({ day, meetings }) => (
                  <div key={day}>
                    <h3 id={`timetable-day-${day}`} translate="no">
                      {dayText(day, language)}
                    </h3>
                    <MeetingList meetings={meetings} showOwner={admin} attendance={false} labelledBy={`timetable-day-${day}`} />
                  </div>
                ))
            )}
          </Section>
        </>
      )}
      <AddMeeting ownerId={ownerId} />
      {!admin && <CalendarFeedPanel />}
    </Page>
  );
}
