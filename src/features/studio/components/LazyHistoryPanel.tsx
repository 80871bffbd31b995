/**
 * The history panel comes in its own chunk (with the trash page) after the editor has shown: the
 * studio's first page stays within its size budget.
 */
import { lazy, Suspense } from 'react';

const Panel = lazy(() => import(/* webpackChunkName: "studio-history" */ './HistoryPanel').then((module) => ({ default: module.HistoryPanel })));

export function LazyHistoryPanel({ id }: { id: number }) {
  return (
    <Suspense fallback={null}>
      <Panel id={id} />
    </Suspense>
  );
}
