import { lazy, Suspense, useEffect } from 'react';
import { useMatches } from 'react-router';
import { selectIsSignedIn } from '../entities/session/sessionSelectors';
import { AppLayout } from '../features/layout/AppLayout';
import { useAppSelector } from '../shared/storeHooks';
import type { RouteHandle } from './earlyPageData';

/** With the service worker's start (src/features/offline/startOffline.ts), after the first render. */
const OfflineBanner = lazy(() => import(/* webpackChunkName: "offline" */ '../features/offline/OfflineBanner'));
const offlineNotice = (
  <Suspense fallback={null}>
    <OfflineBanner />
  </Suspense>
);

export const SITE_TITLE = 'Youngengineer Online';

/**
 * The header and page of every screen, and the one place that sets the document title:
 * "{where the user is} · Youngengineer Online", from the deepest matched route's `handle.title`.
 */
export function TitledLayout() {
  const signedIn = useAppSelector(selectIsSignedIn);
  let where = '';
  for (const { handle, params } of useMatches()) {
    const title = (handle as RouteHandle | undefined)?.title;
    if (title) where = typeof title === 'string' ? title.replace(/:(\w+)/g, (_, name: string) => params[name] ?? '') : title(params, { signedIn });
  }
  useEffect(() => {
    document.title = where ? `${where} · ${SITE_TITLE}` : SITE_TITLE;
  }, [where]);
  return <AppLayout notice={offlineNotice} />;
}
