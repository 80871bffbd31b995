/**
 * The gallery's place in the URL: `?tab=<tabId>&step=<n>` (step counts from 1; no tab for a lesson
 * without tabs), so a step can be linked and a reload stays on it. Reading never fails: an unknown
 * tab is the first one, a missing or unreadable step is step 1, a step past the end the last one.
 */
import { useCallback, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { GalleryTabView } from '../../model/galleryItems';

export const TAB_PARAM = 'tab';
export const STEP_PARAM = 'step';

export interface GalleryPlace {
  /** Index into the gallery's tabs (0 when there is none). */
  tabIndex: number;
  /** 0-based index of the step (slide) shown; 0 for an empty tab. */
  stepIndex: number;
}

export function readPlace(params: URLSearchParams, tabs: GalleryTabView[]): GalleryPlace {
  const wanted = params.get(TAB_PARAM);
  const found = tabs.findIndex((tab) => tab.id === wanted);
  const tabIndex = found >= 0 ? found : 0;
  const steps = tabs[tabIndex]?.slides.length ?? 0;
  const step = Number.parseInt(params.get(STEP_PARAM) ?? '', 10);
  const stepIndex = Number.isFinite(step) ? Math.min(Math.max(step, 1), Math.max(steps, 1)) - 1 : 0;
  return { tabIndex, stepIndex };
}

/**
 * The place the URL names, and a way to move: every move REPLACES the history entry, so the
 * browser's Back leaves the gallery (to the models list) however many steps a child went through.
 */
export function useStepInUrl(tabs: GalleryTabView[], tabbed: boolean) {
  const [params, setParams] = useSearchParams();
  const place = readPlace(params, tabs);
  // The newest query string, not the one of the render that made the callback.
  const latest = useRef(params);
  latest.current = params;

  const moveTo = useCallback(
    (tabId: string, stepIndex: number) => {
      const next = new URLSearchParams(latest.current);
      if (tabbed) next.set(TAB_PARAM, tabId);
      else next.delete(TAB_PARAM);
      next.set(STEP_PARAM, String(stepIndex + 1));
      if (next.toString() === latest.current.toString()) return;
      latest.current = next;
      setParams(next, { replace: true, preventScrollReset: true });
    },
    [setParams, tabbed],
  );
  return { place, moveTo };
}
