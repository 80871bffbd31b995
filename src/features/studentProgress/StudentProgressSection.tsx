/** "Progress" on a student's page: each model the student opened, how far they are, and when they last moved. */
import { useEffect } from 'react';
import styled from 'styled-components';
import { useAppDispatch, useAppSelector } from '../../shared/storeHooks';
import { space } from '../../shared/theme';
import { PlainList } from '../../shared/ui/Layout';
import { LoadFailed } from '../../shared/ui/States';
import { useFormatters } from '../../shared/i18n/formatting';
import { useMessages } from '../../shared/i18n/messages';
import type { StudentPageSectionProps } from '../../entities/students/studentPage';
import { rosterProgressMessages } from './progress.messages';
import { selectStudentProgress, studentProgressActions } from './studentProgressSlice';

const Models = PlainList;

const Model = styled.li`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(1)} ${space(3)};
  align-items: baseline;
  > strong {
    min-width: 10rem;
  }
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;

export default function StudentProgressSection({ student, erased }: StudentPageSectionProps) {
  const t = useMessages(rosterProgressMessages);
  const format = useFormatters();
  const dispatch = useAppDispatch();
  const progress = useAppSelector((state) => selectStudentProgress(state, student.id));
  const open = () => dispatch(studentProgressActions.opened({ studentId: student.id }));
  useEffect(() => {
    dispatch(studentProgressActions.opened({ studentId: student.id }));
  }, [dispatch, student.id]);

  if (progress.status === 'failed') return <LoadFailed what={t.what} error={progress.error} onRetry={open} />;
  if (progress.status === 'loading' && progress.entries.length === 0) return <p role="status">{t.loading}</p>;
  if (progress.entries.length === 0) return <p>{erased ? t.nothingKept : t.noModel}</p>;
  return (
    <Models>
      {progress.entries.map((entry) => {
        // A finished model says only that: where the student last looked in it is beside the point.
        const step = { state: t.inProgress, step: format.number(entry.step), steps: format.number(entry.steps) };
        const where = entry.finishedAt
          ? t.finished
          : entry.tabTitle
            ? t.stateAndTabStep({ ...step, tab: entry.tabTitle })
            : entry.tabs > 1
              ? t.stateAndPartStep({ ...step, part: format.number(entry.tabIndex + 1), parts: format.number(entry.tabs) })
              : t.stateAndStep(step);
        const updated = new Date(entry.updatedAt);
        return (
          <Model key={entry.lessonId}>
            {entry.title ? <strong translate="no">{entry.title}</strong> : <strong>{t.untitledModel({ id: String(entry.lessonId) })}</strong>}
            <span>{where}</span>
            {!Number.isNaN(updated.getTime()) && <Muted>{t.lastMoved({ date: format.date(updated) })}</Muted>}
          </Model>
        );
      })}
    </Models>
  );
}
