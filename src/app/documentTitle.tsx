import { lazy, Suspense, useEffect } from 'react';
import { useLocation, useMatches, useNavigationType } from 'react-router';
import { selectIsSignedIn } from '../entities/session/sessionSelectors';
import { AppLayout } from '../features/layout/AppLayout';
import { usePageLoaded } from '../shared/pageLoad';
import { useAppSelector } from '../shared/storeHooks';
import { screenTitle, type ScreenParams } from '../shared/feature';
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
 * "{where the user is} · Youngengineer Online": the page's heading once it shows (but on the
 * sign-in page); until then the deepest matched route's `handle.title`.
 */
export function TitledLayout() {
  const signedIn = useAppSelector(selectIsSignedIn);
  const t = useMessages(routeTitles);
  // The deepest route with a title names the page, in its own feature's words.
  let titled: { handle: RouteHandle; params: ScreenParams } | null = null;
  for (const { handle, params } of useMatches()) if ((handle as RouteHandle | undefined)?.title) titled = { handle: handle as RouteHandle, params };
  const where = titled ? screenTitle(titled.handle.title, t, titled.params, { signedIn }) : '';
  const documentTitle = where ? t.page({ where, site: t.site }) : t.site;
  const { pathname } = useLocation();
  // The sign-in page's heading greets; its tab says "Sign in".
  const followHeading = signedIn || pathname !== '/';
  useEffect(() => {
    // The tab says what the page's heading says once it shows (the program's and the model's names
    // as authored, in the page's language); until then, the route's title.
    const name = () => {
      const heading = followHeading && document.querySelector('main h1')?.textContent?.trim();
      const next = heading ? t.page({ where: heading, site: t.site }) : documentTitle;
      if (document.title !== next) document.title = next;
    };
    name();
    const headings = new MutationObserver(name);
    headings.observe(document.body, { childList: true, subtree: true, characterData: true });
    return () => headings.disconnect();
  }, [documentTitle, followHeading, t]);
  // A link or a move of the app's opens the new page at its top, as a page loaded afresh does; the
  // window would keep the last page's scroll (a long list's) otherwise. Back and reload keep theirs.
  const arrived = useNavigationType();
  useEffect(() => {
    if (arrived !== 'POP') window.scrollTo(0, 0);
  }, [pathname, arrived]);
  const pageLoaded = usePageLoaded();
  return <AppLayout notice={pageLoaded ? offlineNotice : undefined} />;
}
