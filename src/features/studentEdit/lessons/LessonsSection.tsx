/**
 * The Lessons section of a student's page: "7 of 20 lessons used" with what is left (or how many
 * more than bought), the package's dates, what counts as a lesson, the attendance list, and Renew.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import type { StudentPageSectionProps } from '../../../entities/students/studentPage';
import { formatCalendarDate } from '../../../shared/i18n/calendarDates';
import { useFormatters } from '../../../shared/i18n/formatting';
import { useMessages } from '../../../shared/i18n/messages';
import { useAppDispatch, useAppSelector } from '../../../shared/storeHooks';
import { space } from '../../../shared/theme';
import { Button } from '../../../shared/ui/Button';
import { Toolbar } from '../../../shared/ui/Layout';
import { Message } from '../../../shared/ui/Message';
import { LoadFailed, SkeletonBlock } from '../../../shared/ui/States';
import { AttendanceList } from './AttendanceList';
import { lessonsMessages } from './lessons.messages';
import { lessonsActions, selectLessonsView } from './lessonsSlice';
import { RenewForm } from './RenewForm';

const Figures = styled.p`
  margin: 0 0 ${space(2)};
  font-size: ${({ theme }) => theme.fontSizes.lg};
`;

const Note = styled.p`
  margin: 0 0 ${space(2)};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const AttendanceTitle = styled.h3`
  margin: ${space(4)} 0 ${space(2)};
  font-size: ${({ theme }) => theme.fontSizes.md};
`;

export default function LessonsSection({ student, erased }: StudentPageSectionProps) {
  const dispatch = useAppDispatch();
  const view = useAppSelector((state) => selectLessonsView(state, student.id));
  const [renewing, setRenewing] = useState(false);
  const renewedAtOpen = useRef(view.renewed);
  const renewButton = useRef<HTMLButtonElement>(null);
  const t = useMessages(lessonsMessages);
  const formatters = useFormatters();
  const open = useCallback(() => dispatch(lessonsActions.opened({ id: student.id })), [dispatch, student.id]);
  useEffect(() => {
    open();
  }, [open]);
  const closeForm = useCallback(() => {
    setRenewing(false);
    // Back to where the keyboard was once the form is gone.
    setTimeout(() => renewButton.current?.focus());
  }, []);

  const lessons = view.lessons;
  if (!lessons) {
    if (view.status === 'failed') return <LoadFailed what={t.what} error={view.error} onRetry={open} />;
    return <SkeletonBlock $height={96} role="status" aria-label={t.loading} />;
  }

  const day = (value: string) => formatCalendarDate(value, formatters);
  const justRenewed = !renewing && view.renewed > renewedAtOpen.current;
  return (
    <>
      <Figures>
        <strong>{t.usedOfTotal(lessons.total)({ used: formatters.number(lessons.used) })}</strong>
        {' · '}
        {lessons.left < 0 ? t.overBought(-lessons.left) : t.left(lessons.left)}
      </Figures>
      <Note>{t.packageDates({ start: day(lessons.startDate), end: day(lessons.endDate) })}</Note>
      <Note>{lessons.countHeldLessons ? t.countsHeld : t.countsAttended}</Note>
      <div aria-live="polite">{justRenewed && <Message $tone="success">{t.renewed({ total: formatters.number(lessons.total), end: day(lessons.endDate) })}</Message>}</div>
      {renewing ? (
        <RenewForm lessons={lessons} onClose={closeForm} />
      ) : (
        !erased && (
          <Toolbar>
            <Button type="button" ref={renewButton} onClick={() => setRenewing(true)}>
              {t.renew}
            </Button>
          </Toolbar>
        )
      )}
      <AttendanceTitle>{t.attendance}</AttendanceTitle>
      <AttendanceList meetings={lessons.meetings} />
    </>
  );
}
