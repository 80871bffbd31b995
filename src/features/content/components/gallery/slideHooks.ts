import { useEffect, useSyncExternalStore, type RefObject } from 'react';
import type { galleryMessages } from './gallery.messages';

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
 * The library's other fixed English names (its thumbnails' 'Go to Slide N', 'Thumbnail Navigation')
 * get the shown language's.
 */
export function useSlidesAsGroups(box: RefObject<HTMLDivElement | null>, count: number, t: ReturnType<typeof galleryMessages.get>) {
  useEffect(() => {
    const root = box.current;
    if (!root) return undefined;
    const fix = () => {
      root.querySelectorAll<HTMLElement>('.image-gallery-slide[role="button"]').forEach((slide) => {
        const n = /(\d+)\s*$/.exec(slide.getAttribute('aria-label') ?? '')?.[1];
        slide.setAttribute('role', 'group');
        if (n) slide.dataset.slideNumber = n;
        else slide.removeAttribute('aria-label');
      });
      // Again after a change of language: the number is kept apart from the words.
      root.querySelectorAll<HTMLElement>('.image-gallery-slide[role="group"]').forEach((slide) => {
        slide.setAttribute('aria-roledescription', t.slide);
        const n = slide.dataset.slideNumber;
        if (n && slide.getAttribute('aria-label') !== t.slideOf({ number: n, count })) slide.setAttribute('aria-label', t.slideOf({ number: n, count }));
      });
      root.querySelectorAll<HTMLElement>('.image-gallery-thumbnail').forEach((thumbnail, index) => {
        const label = t.goToSlide({ number: index + 1 });
        if (thumbnail.getAttribute('aria-label') !== label) thumbnail.setAttribute('aria-label', label);
      });
      const strip = root.querySelector('.image-gallery-thumbnails-container');
      if (strip && strip.getAttribute('aria-label') !== t.thumbnails) strip.setAttribute('aria-label', t.thumbnails);
    };
    fix();
    const observer = new MutationObserver(fix);
    observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['role'] });
    return () => observer.disconnect();
  }, [box, count, t]);
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
