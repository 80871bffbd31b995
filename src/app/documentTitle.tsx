import { lazy, Suspense, useEffect } from 'react';
import { useMatches } from 'react-router';
import { selectIsSignedIn } from '../entities/session/sessionSelectors';
import { AppLayout } from '../features/layout/AppLayout';
import { usePageLoaded } from '../shared/pageLoad';
import { useAppSelector } from '../shared/storeHooks';
import { screenTitle, type ScreenParams } from '../shared/feature';
import type { RouteHandle } from './earlyPageData';
import { useMessages } from '../shared/i18n/messages';
import { routeTitles } from './app.messages';

/**
 * Once the page is usable: the offline banner (with the service worker's start,
 * src/features/offline/startOffline.ts), the tab named by the page's heading, a new page at its top.
 */
const AfterLoad = lazy(() => import(/* webpackChunkName: "offline" */ './afterLoad'));
const offlineNotice = (
  <Suspense fallback={null}>
    <AfterLoad />
  </Suspense>
);

/**
 * The header and page of every screen, and the document title: "{where the user is} ·
 * Youngengineer Online", from the deepest matched route's `handle.title` until the page is usable,
 * then from the page's heading (./afterLoad.tsx).
 */
export function TitledLayout() {
  const signedIn = useAppSelector(selectIsSignedIn);
  const t = useMessages(routeTitles);
  // The deepest route with a title names the page, in its own feature's words.
  let titled: { handle: RouteHandle; params: ScreenParams } | null = null;
  for (const { handle, params } of useMatches()) if ((handle as RouteHandle | undefined)?.title) titled = { handle: handle as RouteHandle, params };
  const where = titled ? screenTitle(titled.handle.title, t, titled.params, { signedIn }) : '';
  const documentTitle = where ? t.page({ where, site: t.site }) : t.site;
  useEffect(() => {
    document.title = documentTitle;
  }, [documentTitle]);
  const pageLoaded = usePageLoaded();
  return <AppLayout notice={pageLoaded ? offlineNotice : undefined} />;
}
