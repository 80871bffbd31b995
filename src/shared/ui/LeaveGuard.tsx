/**
 * Work typed or uploaded on a page and not saved yet is not lost by leaving it: an in-app link,
 * Back, or a move the app makes asks first ("Stay" / "Leave without saving"), and closing or
 * reloading the tab asks through the browser's own question.
 */
import { useCallback, useEffect, useRef } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router';
import { useMessages } from '../i18n/messages';
import { leaveTexts } from './leaveGuard.messages';
import { Button } from './Button';
import { Modal, ModalActions } from './Modal';

export interface LeaveGuard {
  /** A move away was stopped and waits for the user's answer. */
  asking: boolean;
  stay: () => void;
  leave: () => void;
}

/**
 * Guards the page while `unsaved`. Only a move to another page asks: a change of the query or the
 * hash keeps the page and what is typed on it. While `saving`, a move waits without asking: it
 * goes on once the save is in, and asks only if the save fails.
 */
export function useLeaveGuard(unsaved: boolean, saving = false): LeaveGuard {
  const shouldBlock = useCallback<BlockerFunction>(({ currentLocation, nextLocation }) => unsaved && currentLocation.pathname !== nextLocation.pathname, [unsaved]);
  const blocker = useBlocker(shouldBlock);

  // Saved (or thrown away by the app, such as a deleted page) while the question was up: nothing is
  // lost any more, so the move goes on without asking.
  useEffect(() => {
    if (!unsaved && blocker.state === 'blocked') blocker.proceed();
  }, [unsaved, blocker]);

  useEffect(() => {
    if (!unsaved) return undefined;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [unsaved]);

  return {
    asking: unsaved && !saving && blocker.state === 'blocked',
    stay: () => blocker.state === 'blocked' && blocker.reset(),
    leave: () => blocker.state === 'blocked' && blocker.proceed(),
  };
}

/** The question itself: Stay has the focus, and Escape stays too. */
export function LeaveDialog({ guard, hint }: { guard: LeaveGuard; hint?: string }) {
  const t = useMessages(leaveTexts);
  const stayButton = useRef<HTMLButtonElement>(null);
  if (!guard.asking) return null;
  return (
    <Modal title={t.title} alert onClose={guard.stay} initialFocus={stayButton}>
      <p>{t.body}</p>
      {hint && <p>{hint}</p>}
      <ModalActions>
        <Button type="button" $variant="secondary" onClick={guard.leave}>
          {t.leave}
        </Button>
        <Button ref={stayButton} type="button" $variant="primary" onClick={guard.stay}>
          {t.stay}
        </Button>
      </ModalActions>
    </Modal>
  );
}

/** useLeaveGuard and its question in one: render it on a page with a form. */
export function LeaveGuard({ unsaved, saving, hint }: { unsaved: boolean; saving?: boolean; hint?: string }) {
  const guard = useLeaveGuard(unsaved, saving);
  return <LeaveDialog guard={guard} hint={hint} />;
}
