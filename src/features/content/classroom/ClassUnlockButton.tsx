import { lazy, Suspense, useState } from 'react';
import type { Lesson } from '../../../api/types';
import { selectIsFranchiseOwner } from '../../../entities/session/sessionSelectors';
import { useAppSelector } from '../../../shared/storeHooks';
import { Button } from '../../../shared/ui/Button';

const ClassUnlockDialog = lazy(() => import(/* webpackChunkName: "classroom" */ './ClassUnlockDialog'));

/** On a model's card, for a franchise owner on the portal's own backend: open it for her class. */
export function ClassUnlockButton({ lesson }: { lesson: Lesson }) {
  const owner = useAppSelector(selectIsFranchiseOwner);
  const serverUnlocks = useAppSelector((state) => state.config.capabilities.serverUnlock);
  const [open, setOpen] = useState(false);
  if (!owner || !serverUnlocks) return null;
  return (
    <>
      <Button type="button" $variant="secondary" onClick={() => setOpen(true)} aria-label={`Unlock for students: ${lesson.title}`}>
        Unlock for students
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ClassUnlockDialog lesson={lesson} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
