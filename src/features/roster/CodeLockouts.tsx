/**
 * On an owner's students list: the students held back from a model's code by too many wrong codes,
 * which model and until when, and what the owner can do about it now. The server says so with each
 * student's progress (it counts the wrong codes in the database, for every instance).
 */
import { createSelector } from '@reduxjs/toolkit';
import type { Student } from '../../api/types';
import { useAppSelector, type StoreState } from '../../shared/storeHooks';
import { CodeLockoutNotice, type CodeLockoutLine } from '../../shared/ui/CodeLockoutNotice';
import { selectRoster } from './rosterSelectors';

const selectLockoutLines = createSelector(
  [(_state: StoreState, students: readonly Student[]) => students, (state: StoreState) => selectRoster(state).progress],
  (students, progress): CodeLockoutLine[] =>
    students
      .flatMap((student) =>
        (progress[student.id]?.lockedOut ?? []).map((lockout) => ({
          key: `${student.id}-${lockout.lessonId}`,
          name: `${student.firstName} ${student.lastName}`.trim(),
          model: lockout.lessonTitle,
          until: lockout.until,
        })),
      )
      .sort((a, b) => a.until.localeCompare(b.until)),
);

export function CodeLockouts({ students }: { students: readonly Student[] }) {
  const lines = useAppSelector((state) => selectLockoutLines(state, students));
  return <CodeLockoutNotice lines={lines} id="code-lockouts" testId="code-lockouts" />;
}
