import { lazy, Suspense, useEffect, useState } from 'react';
import { onReplayRequested } from '../qa/liveTools';
import type { QaTools } from '../qa/qaTools';

const QaPanel = lazy(() => import(/* webpackChunkName: "qa-panel" */ '../qa/QaPanel'));

/**
 * The QA panel opened on a problem report's log (the QA inbox). It lives beside the router, not in
 * the inbox's page: a replay puts the reporter's state in the store, and the screens follow it.
 */
export function QaReplayHost({ tools }: { tools: QaTools }) {
  const [logText, setLogText] = useState<string | null>(null);
  useEffect(() => onReplayRequested(setLogText), []);
  if (logText === null) return null;
  return (
    <Suspense fallback={null}>
      <QaPanel tools={tools} initialLog={logText} onClose={() => setLogText(null)} />
    </Suspense>
  );
}
