/**
 * On an owner's students list: the students held back from a model's code by too many wrong codes,
 * which model and until when, and what the owner can do about it now. The server says so with each
 * student's progress (it counts the wrong codes in the database, for every instance).
 */
import { createSelector } from '@reduxjs/toolkit';
import type { StudentLockout } from '../../../contract/classroom';
import type { Student } from '../../api/types';
import { useFormatters } from '../../shared/i18n/formatting';
import { useMessages } from '../../shared/i18n/messages';
import { useAppSelector, type StoreState } from '../../shared/storeHooks';
import { Message } from '../../shared/ui/Message';
import { selectRoster } from './rosterSelectors';
import { codeLockoutMessages } from './roster.messages';

interface LockedStudent {
  student: Student;
  lockout: StudentLockout;
}

const selectLockedStudents = createSelector(
  [(_state: StoreState, students: readonly Student[]) => students, (state: StoreState) => selectRoster(state).progress],
  (students, progress): LockedStudent[] =>
    students.flatMap((student) => (progress[student.id]?.lockedOut ?? []).map((lockout) => ({ student, lockout }))).sort((a, b) => a.lockout.until.localeCompare(b.lockout.until)),
);

export function CodeLockouts({ students }: { students: readonly Student[] }) {
  const locked = useAppSelector((state) => selectLockedStudents(state, students));
  const t = useMessages(codeLockoutMessages);
  const formatters = useFormatters();
  if (locked.length === 0) return null;
  return (
    <Message $tone="error" role="status" aria-labelledby="code-lockouts-title" data-testid="code-lockouts">
      <strong id="code-lockouts-title">{t.title}</strong>
      <ul>
        {locked.map(({ student, lockout }) => (
          <li key={`${student.id}-${lockout.lessonId}`}>
            {t.line({ name: `${student.firstName} ${student.lastName}`.trim(), model: lockout.lessonTitle, time: formatters.dateTime(new Date(lockout.until)) })}
          </li>
        ))}
      </ul>
      <p>{t.whatToDo}</p>
    </Message>
  );
}
