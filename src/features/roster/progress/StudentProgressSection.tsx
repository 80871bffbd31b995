/** "Progress" on a student's page: each model the student opened, how far they are, and when they last moved. */
import { useEffect } from 'react';
import styled from 'styled-components';
import { useLazyFeature } from '../../../shared/lazyFeature';
import { useAppDispatch, useAppSelector } from '../../../shared/storeHooks';
import { space } from '../../../shared/theme';
import { LoadFailed } from '../../../shared/ui/States';
import { formatCalendarDate } from '../formatting';
import { localDay } from '../rosterColumns';
import type { StudentPageSectionProps } from '../student/studentPageSections';
import { studentProgressFeature } from './studentProgressSaga';
import { selectStudentProgress, studentProgressActions } from './studentProgressSlice';

const Models = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  display: grid;
  gap: ${space(2)};
`;

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
  useLazyFeature(studentProgressFeature);
  const dispatch = useAppDispatch();
  const progress = useAppSelector((state) => selectStudentProgress(state, student.id));
  const open = () => dispatch(studentProgressActions.opened({ studentId: student.id }));
  useEffect(() => {
    dispatch(studentProgressActions.opened({ studentId: student.id }));
  }, [dispatch, student.id]);

  if (progress.status === 'failed') return <LoadFailed what="the progress" error={progress.error} onRetry={open} />;
  if (progress.status === 'loading' && progress.entries.length === 0) return <p role="status">Loading the progress…</p>;
  if (progress.entries.length === 0) return <p>{erased ? 'Nothing is kept any more.' : 'No model opened yet.'}</p>;
  return (
    <Models>
      {progress.entries.map((entry) => (
        <Model key={entry.lessonId}>
          <strong>{entry.title || `Model ${entry.lessonId}`}</strong>
          <span>
            {entry.finishedAt ? 'Finished' : 'In progress'}
            {' · '}
            {entry.tabs > 1 ? `Part ${entry.tabIndex + 1} of ${entry.tabs}, ` : ''}
            Step {entry.step} of {entry.steps}
          </span>
          <Muted>Last moved {formatCalendarDate(localDay(entry.updatedAt))}</Muted>
        </Model>
      ))}
    </Models>
  );
}
