/**
 * /class-now: a franchise owner's class right now: a card for each student in a lesson,
 * with the model and step they are on, stuck students first and highlighted until "Mark helped" or
 * they move on; above them, the children held back from a model's code by too many wrong codes. It
 * updates live; administrators open an owner's class with ?owner=ID. On the portal's own backend a
 * picker chooses the class shown (?class=ID or all; without it, the class meeting now).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import styled, { css } from 'styled-components';
import { classNowOrder, type ClassNowStudent } from '../../../contract/classNow';
import { ownerIdFromSearch } from '../../shared/ownerFromSearch';
import { useAppDispatch, useAppSelector } from '../../shared/storeHooks';
import { Button } from '../../shared/ui/Button';
import { Grid, Page } from '../../shared/ui/Layout';
import { Message } from '../../shared/ui/Message';
import { EmptyState, LoadFailed, SkeletonCards } from '../../shared/ui/States';
import { Title } from '../../shared/ui/Text';
import { VisuallyHidden } from '../../shared/ui/VisuallyHidden';
import { ClassLockouts } from './ClassLockouts';
import { ALL_STUDENTS, ClassPicker } from './ClassPicker';
import { classNowActions, selectClassNow, type ClassNowConnection } from './classNowSlice';
import { currentFormatters, useFormatters } from '../../shared/i18n/formatting';
import { useMessages } from '../../shared/i18n/messages';
import { textInLanguage } from '../../shared/i18n/contentTexts';
import { locale } from '../../shared/i18n/i18n';
import { useAtom } from '../../shared/i18n/useAtom';
import { classNowMessages } from './classNow.messages';

export function movedAgo(updatedAt: string, serverNow: number, t = classNowMessages.get(), format = currentFormatters()): string {
  const seconds = Math.max(0, Math.floor((serverNow - Date.parse(updatedAt)) / 1000));
  if (seconds < 1) return t.movedJustNow;
  if (seconds < 60) return t.movedSecondsAgo({ seconds: format.number(seconds) });
  if (seconds < 3600) return t.movedMinutesAgo({ minutes: format.number(Math.floor(seconds / 60)) });
  return t.movedHoursAgo({ hours: format.number(Math.floor(seconds / 3600)) });
}

function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

const Header = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]}px;
  margin-bottom: ${({ theme }) => theme.space[5]}px;
`;

const Connection = styled.p<{ $state: ClassNowConnection }>`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]}px;
  margin: 0;
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  color: ${({ $state, theme }) => ($state === 'live' ? theme.colors.leaf : theme.colors.textMuted)};
  &::before {
    content: '';
    width: 10px;
    height: 10px;
    border-radius: 50%;
    background: currentColor;
  }
`;

const StudentCard = styled.article<{ $stuck: boolean }>`
  height: 100%;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]}px;
  padding: ${({ theme }) => theme.space[4]}px;
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.card};
  border: 2px solid transparent;
  overflow-wrap: anywhere;
  ${({ $stuck, theme }) =>
    $stuck &&
    css`
      background: ${theme.colors.dangerSurface};
      border-color: ${theme.colors.danger};
    `}
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
  p {
    margin: 0;
  }
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const StuckBadge = styled.p`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[1]}px;
  color: ${({ theme }) => theme.colors.danger};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
`;

function HandIcon() {
  return (
    <svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 24 24" fill="currentColor">
      <path d="M12 2a1.5 1.5 0 0 1 1.5 1.5V11h1V4.5a1.5 1.5 0 0 1 3 0V12h1V7.5a1.5 1.5 0 0 1 3 0V15a7 7 0 0 1-7 7h-1.2a7 7 0 0 1-5.6-2.8L2.9 14a1.5 1.5 0 0 1 2.4-1.8L7.5 15V4.5a1.5 1.5 0 0 1 3 0V11h0V3.5A1.5 1.5 0 0 1 12 2Z" />
    </svg>
  );
}

const CONNECTION_LABEL = { connecting: 'connecting', live: 'live', reconnecting: 'reconnecting', failed: 'notConnected' } as const satisfies Record<ClassNowConnection, string>;

function StudentTile({ student, serverNow, helping, onHelped }: { student: ClassNowStudent; serverNow: number; helping: 'working' | 'failed' | undefined; onHelped: () => void }) {
  const stuck = student.stuckSince !== null;
  const t = useMessages(classNowMessages);
  const format = useFormatters();
  const language = useAtom(locale);
  const place = { step: format.number(student.step), steps: format.number(student.steps) };
  return (
    <StudentCard $stuck={stuck} aria-labelledby={`class-now-${student.studentId}`} data-testid={`class-now-student-${student.studentId}`}>
      <h2 id={`class-now-${student.studentId}`} translate="no">
        {student.firstName}
      </h2>
      {stuck && (
        <StuckBadge>
          <HandIcon />
          {t.stuck}
        </StuckBadge>
      )}
      <p translate="no">{student.lessonTitle}</p>
      {student.programTitle !== '' && <Muted translate="no">{student.programTitle}</Muted>}
      <p>
        {student.tabTitle
          ? t.tabAndStep({ tab: textInLanguage(student.tabTitle, student.tabTitleTranslations, language), ...place })
          : student.tabs > 1
            ? t.partAndStep({ part: format.number(student.tabIndex + 1), parts: format.number(student.tabs), ...place })
            : t.step(place)}
      </p>
      <Muted>{movedAgo(student.updatedAt, serverNow, t, format)}</Muted>
      {stuck && (
        <>
          <Button type="button" $variant="secondary" onClick={onHelped} disabled={helping === 'working'} aria-label={t.markHelpedLabel({ name: student.firstName })}>
            {t.markHelped}
          </Button>
          {helping === 'failed' && (
            <Message $tone="error" role="alert">
              {t.helpFailed}
            </Message>
          )}
        </>
      )}
    </StudentCard>
  );
}

/** Says politely who has just become stuck (the highlighted card says it to the eye). */
function useStuckAnnouncement(students: ClassNowStudent[]): string {
  const known = useRef<Set<number> | null>(null);
  const [announced, setAnnounced] = useState<ClassNowStudent[]>([]);
  const t = useMessages(classNowMessages);
  useEffect(() => {
    const stuck = students.filter((s) => s.stuckSince !== null);
    const previous = known.current;
    known.current = new Set(stuck.map((s) => s.studentId));
    if (previous === null) return;
    const fresh = stuck.filter((s) => !previous.has(s.studentId));
    if (fresh.length > 0) setAnnounced(fresh);
  }, [students]);
  // Said in the language shown now, also when it changes after the news.
  return announced.map((s) => t.isStuck({ name: s.firstName, lesson: s.lessonTitle, step: s.step })).join(' ');
}

export default function ClassNowPage() {
  const dispatch = useAppDispatch();
  const { search } = useLocation();
  const navigate = useNavigate();
  const ownerId = ownerIdFromSearch(search);
  const classChoice = new URLSearchParams(search).get('class');
  const choose = (choice: string) => {
    const query = new URLSearchParams(search);
    query.set('class', choice);
    void navigate({ search: `?${query.toString()}` });
  };
  const state = useAppSelector(selectClassNow);
  const now = useNow(1000);
  const students = useMemo(() => Object.values(state.students).sort(classNowOrder), [state.students]);
  const announcement = useStuckAnnouncement(students);
  const t = useMessages(classNowMessages);

  useEffect(() => {
    dispatch(classNowActions.opened({ ownerId, classChoice }));
    return () => {
      dispatch(classNowActions.closed());
    };
  }, [dispatch, ownerId, classChoice]);

  const serverNow = now - state.clockOffsetMs;
  return (
    <Page>
      <Header>
        <Title>{t.title}</Title>
        <Connection $state={state.connection} role="status">
          {t[CONNECTION_LABEL[state.connection]]}
        </Connection>
      </Header>
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
      {state.loaded && state.connection !== 'failed' && <ClassPicker classes={state.classes} classId={state.classId} onChoose={choose} />}
      {state.loaded && state.connection !== 'failed' && <ClassLockouts lockedOut={state.lockedOut} serverNow={serverNow} />}
      {state.connection === 'failed' ? (
        <>
          <LoadFailed what={t.classWhat} error={state.error} onRetry={() => dispatch(classNowActions.opened({ ownerId, classChoice }))} />
          {/* A class archived or no longer hers: the way back to her whole class. */}
          {classChoice !== null && classChoice !== ALL_STUDENTS && (
            <Button type="button" $variant="secondary" onClick={() => choose(ALL_STUDENTS)}>
              {t.showAll}
            </Button>
          )}
        </>
      ) : !state.loaded ? (
        <SkeletonCards count={4} label={t.loadingClass} imageHeight={0} />
      ) : students.length === 0 ? (
        <EmptyState>{t.noStudents}</EmptyState>
      ) : (
        <Grid $min={220} aria-label={t.studentsLabel}>
          {students.map((student) => (
            <li key={student.studentId}>
              <StudentTile student={student} serverNow={serverNow} helping={state.helping[student.studentId]} onHelped={() => dispatch(classNowActions.helpRequested({ studentId: student.studentId }))} />
            </li>
          ))}
        </Grid>
      )}
    </Page>
  );
}
