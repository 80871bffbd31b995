import { lazy, Suspense, useState } from 'react';
import type { Lesson } from '../../../api/types';
import { selectIsFranchiseOwner } from '../../../entities/session/sessionSelectors';
import { useAppSelector } from '../../../shared/storeHooks';
import { Button } from '../../../shared/ui/Button';
import { useMessages } from '../../../shared/i18n/messages';
import { classroomMessages } from './classroom.messages';

const ClassUnlockDialog = lazy(() => import(/* webpackChunkName: "classroom" */ './ClassUnlockDialog'));

/** On a model's card, for a franchise owner on the portal's own backend: open it for her class. */
export function ClassUnlockButton({ lesson }: { lesson: Lesson }) {
  const owner = useAppSelector(selectIsFranchiseOwner);
  const serverUnlocks = useAppSelector((state) => state.config.capabilities.serverUnlock);
  const [open, setOpen] = useState(false);
  const t = useMessages(classroomMessages);
  if (!owner || !serverUnlocks) return null;
  return (
    <>
      <Button type="button" $variant="secondary" onClick={() => setOpen(true)} aria-label={t.unlockForStudentsOf({ title: lesson.title })}>
        {t.unlockForStudents}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ClassUnlockDialog lesson={lesson} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
