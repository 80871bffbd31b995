import { useEffect, useRef } from 'react';
import { useAppSelector } from '../../shared/storeHooks';
import { selectOwnerView } from './ownerAdminSelectors';
import type { OwnerChangeKind } from './ownerAdminSlice';

/** One kind of change of this owner, as a form or dialog shows it: busy, its failure, and `onDone` once it has worked. */
export function useOwnerChange(id: number, kind: OwnerChangeKind, onDone: () => void) {
  const owner = useAppSelector((state) => selectOwnerView(state, id));
  const doneAtOpen = useRef(owner.done?.count ?? 0);
  useEffect(() => {
    if (owner.done?.kind === kind && owner.done.count > doneAtOpen.current) onDone();
  }, [owner.done, kind, onDone]);
  return { busy: owner.busy === kind, failure: owner.failed?.kind === kind ? owner.failed.error : null };
}
