/**
 * What a page does not need to be usable starts once it is: the routes' budgets (config/budgets.ts)
 * count the JavaScript loaded before a page is usable. The offline support, the terms check, the
 * signed-out language select and the signed-out capability lookup come after: once the page has
 * loaded, no loading state (PageLoading) is on screen, and the browser has a moment.
 */
import { createAction } from '@reduxjs/toolkit';
import { useEffect, useState } from 'react';

/** afterPageLoad has passed (src/app/bootstrap.tsx dispatches it). */
export const pageLoaded = createAction('app/pageLoaded');

/** At most this long after the load event, even with a loading state still on screen. */
const LONGEST_WAIT_MS = 5000;

let loadingViews = 0;
const whenNoneLoading: (() => void)[] = [];

/** A loading state on screen (PageLoading): afterPageLoad waits until none is. */
export function useLoadingView(): void {
  useEffect(() => {
    loadingViews += 1;
    return () => {
      loadingViews -= 1;
      // Checked after the commit: a loading state that hands over to another (the page's spinner to
      // its first picture's wait) is not a moment with none.
      if (loadingViews === 0) window.setTimeout(() => loadingViews === 0 && whenNoneLoading.splice(0).forEach((run) => run()), 0);
    };
  }, []);
}

/** Holds afterPageLoad while it is rendered: a part of the page the user waits for (a step's first picture). */
export function StillLoading(): null {
  useLoadingView();
  return null;
}

/** Runs `then` once, when the page is usable (see above). */
export function afterPageLoad(then: () => void): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(then, { timeout: 2000 });
    else window.setTimeout(then, 100);
  };
  const loaded = () => {
    window.setTimeout(run, LONGEST_WAIT_MS);
    if (loadingViews === 0) run();
    else whenNoneLoading.push(run);
  };
  if (document.readyState === 'complete') loaded();
  else window.addEventListener('load', loaded, { once: true });
}

/**
 * Calls afterPageLoad(run) from an effect of the first commit: placed after the router in the app's
 * tree, its effect runs after those of the loading states that commit shows, so they are counted.
 */
export function AfterPageLoad({ run }: { run: () => void }): null {
  useEffect(() => afterPageLoad(run), [run]);
  return null;
}

/** False until afterPageLoad: for parts of a page that can appear a moment after it is usable. */
export function usePageLoaded(): boolean {
  const [loaded, setLoaded] = useState(false);
  // A late call after unmounting sets nothing (React ignores it).
  useEffect(() => afterPageLoad(() => setLoaded(true)), []);
  return loaded;
}
