import { useEffect, useSyncExternalStore, type RefObject } from 'react';

const reducedMotionQuery = '(prefers-reduced-motion: reduce)';

export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia?.(reducedMotionQuery);
      list?.addEventListener?.('change', onChange);
      return () => list?.removeEventListener?.('change', onChange);
    },
    () => window.matchMedia?.(reducedMotionQuery).matches ?? false,
    () => false,
  );
}

/**
 * react-image-gallery wraps every slide in <div role="button" aria-label="Go to Slide N"> (tabIndex
 * -1, nothing to press). Around a video's Play button that is a control inside a control, and it
 * names each picture 'Go to Slide N' instead of its step: make each slide a labelled group
 * ('slide N of M', its picture keeps its own alt text). Slides the gallery mounts later are fixed too.
 */
export function useSlidesAsGroups(box: RefObject<HTMLDivElement | null>, count: number) {
  useEffect(() => {
    const root = box.current;
    if (!root) return undefined;
    const fix = () => {
      root.querySelectorAll<HTMLElement>('.image-gallery-slide[role="button"]').forEach((slide) => {
        const n = /(\d+)\s*$/.exec(slide.getAttribute('aria-label') ?? '')?.[1];
        slide.setAttribute('role', 'group');
        slide.setAttribute('aria-roledescription', 'slide');
        if (n) slide.setAttribute('aria-label', `${n} of ${count}`);
        else slide.removeAttribute('aria-label');
      });
    };
    fix();
    const observer = new MutationObserver(fix);
    observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['role'] });
    return () => observer.disconnect();
  }, [box, count]);
}

/**
 * While the gallery fills the window: Escape leaves it wherever the focus is (the library listens
 * only inside the gallery), and the page behind does not scroll.
 */
export function useFullscreenLayer(open: boolean, exit: () => void) {
  useEffect(() => {
    if (!open) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') exit();
    };
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = 'hidden';
    window.addEventListener('keydown', onKeyDown);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      root.style.overflow = overflow;
    };
  }, [open, exit]);
}
