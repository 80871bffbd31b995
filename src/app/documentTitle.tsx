import { lazy, Suspense, useEffect } from 'react';
import { useMatches } from 'react-router';
import { selectIsSignedIn } from '../entities/session/sessionSelectors';
import { AppLayout } from '../features/layout/AppLayout';
import { usePageLoaded } from '../shared/pageLoad';
import { useAppSelector } from '../shared/storeHooks';
import type { RouteHandle } from './earlyPageData';
import { useMessages } from '../shared/i18n/messages';
import { routeTitles } from './app.messages';

/** With the service worker's start (src/features/offline/startOffline.ts), once the page is usable. */
const OfflineBanner = lazy(() => import(/* webpackChunkName: "offline" */ '../features/offline/OfflineBanner'));
const offlineNotice = (
  <Suspense fallback={null}>
    <OfflineBanner />
  </Suspense>
);

/**
 * The header and page of every screen, and the one place that sets the document title:
 * "{where the user is} · Youngengineer Online", from the deepest matched route's `handle.title`.
 */
export function TitledLayout() {
  const signedIn = useAppSelector(selectIsSignedIn);
  const t = useMessages(routeTitles);
  let where = '';
  for (const { handle, params } of useMatches()) {
    const title = (handle as RouteHandle | undefined)?.title;
    if (title) where = title(t, params, { signedIn });
  }
  const documentTitle = where ? t.page({ where, site: t.site }) : t.site;
  useEffect(() => {
    document.title = documentTitle;
  }, [documentTitle]);
  const pageLoaded = usePageLoaded();
  return <AppLayout notice={pageLoaded ? offlineNotice : undefined} />;
}
