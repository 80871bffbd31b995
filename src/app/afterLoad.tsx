/**
 * What the layout adds once the page is usable, loaded after it so that the sign-in page's entry
 * stays within its budget: the offline banner, the tab named as the page's heading names it, and a
 * new page opened at its top, and the lines features add above pages they do not own (pageNotices.tsx).
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { selectIsSignedIn } from '../entities/session/sessionSelectors';
import OfflineBanner from '../features/offline/OfflineBanner';
import { useMessages } from '../shared/i18n/messages';
import { useAppSelector } from '../shared/storeHooks';
import { PageNotices } from './pageNotices';
import { tabTitle } from './tabTitle.messages';

/** The path last shown, and whether the browser's Back or Forward led away from it. */
const seen: { path: string | null; popped: boolean } = { path: null, popped: false };

/**
 * The path the document was loaded at. On a slow tablet a child can follow a link before this part
 * has arrived: the first page it sees is then not the one loaded, and opens at its top too.
 */
function loadedPath(): string | null {
  const [load] = performance.getEntriesByType?.('navigation') ?? [];
  if (!load) return null;
  try {
    return decodeURI(new URL(load.name).pathname);
  } catch {
    return null;
  }
}
window.addEventListener('popstate', () => {
  seen.popped = true;
});

const safeDecode = (path: string): string => {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
};

export default function AfterLoad() {
  const signedIn = useAppSelector(selectIsSignedIn);
  const t = useMessages(tabTitle);
  const { pathname } = useLocation();
  // The sign-in page's heading greets; its tab keeps "Sign in".
  const followHeading = signedIn || pathname !== '/';

  useEffect(() => {
    if (!followHeading) return undefined;
    // The heading says where the user is in the page's own words and language, with the program's
    // and the model's names as authored (the route's title only knows the address). The layout sets
    // the route's title on each move: the heading's is put back over it.
    const name = () => {
      const heading = document.querySelector('main h1')?.textContent?.trim();
      const next = heading && t.page({ where: heading, site: t.site });
      if (next && document.title !== next) document.title = next;
    };
    name();
    const changes = new MutationObserver(name);
    changes.observe(document.body, { childList: true, subtree: true, characterData: true });
    changes.observe(document.head, { childList: true, subtree: true, characterData: true });
    return () => changes.disconnect();
  }, [followHeading, t]);

  // A link or a move of the app's opens the new page at its top, as a page loaded afresh does: the
  // window would keep the last page's scroll (a long list's) otherwise. Back, Forward and a reload
  // keep theirs. (This part comes and goes with each page: what it saw is kept beside it.)
  useEffect(() => {
    const previous = seen.path ?? loadedPath();
    if (previous !== null && safeDecode(previous) !== safeDecode(pathname) && !seen.popped) window.scrollTo(0, 0);
    seen.path = pathname;
    seen.popped = false;
  }, [pathname]);

  return (
    <>
      <OfflineBanner />
      <PageNotices />
    </>
  );
}
