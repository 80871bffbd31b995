/**
 * Class now's word on the children held back from a model's code by too many wrong codes, present
 * in a lesson or not: live from the stream, and gone at the time each lock-out ends (the server's
 * clock) even before the stream says so.
 */
import { useMemo } from 'react';
import type { ClassNowLockout } from '../../../contract/classNow';
import { CodeLockoutNotice, type CodeLockoutLine } from '../../shared/ui/CodeLockoutNotice';

export function ClassLockouts({ lockedOut, serverNow }: { lockedOut: readonly ClassNowLockout[]; serverNow: number }) {
  const lines = useMemo<CodeLockoutLine[]>(
    () =>
      lockedOut
        .filter((lockout) => Date.parse(lockout.until) > serverNow)
        .map((lockout) => ({ key: `${lockout.studentId}-${lockout.lessonId}`, name: lockout.firstName, model: lockout.lessonTitle, until: lockout.until })),
    [lockedOut, serverNow],
  );
  return <CodeLockoutNotice lines={lines} id="class-now-lockouts" testId="class-now-lockouts" />;
}
