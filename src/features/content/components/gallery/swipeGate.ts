/**
 * The swipe gate: react-image-gallery decides a swipe's direction on the first pixel moved and
 * handles it on the slides' own listeners. Capturing on the gallery's box, before them, it sees a
 * gesture only once it is clearly sideways, one finger, on a picture that is not zoomed; anything
 * else is the page's (a vertical gesture scrolls) or the zoom's.
 */
import type { Point, View } from './stepZoomView';

/** The gesture is not judged until the finger has moved this far. */
const SWIPE_SLOP_PX = 10;
/** "Clearly horizontal": sideways at least twice as far as up or down (within about 27°). */
const HORIZONTAL_RATIO = 2;

const inSwipe = (event: TouchEvent) => event.target instanceof Element && !!event.target.closest('.image-gallery-swipe');

/** Listens on `root` (the gallery's box); returns what stops listening. */
export function listenForSwipeGate(root: HTMLElement, view: { readonly current: View }): () => void {
  let swipe: 'undecided' | 'pass' | 'block' = 'undecided';
  let touchStart: Point = { x: 0, y: 0 };

  const onTouchStart = (event: TouchEvent) => {
    if (!inSwipe(event)) return;
    if (event.touches.length > 1) {
      if (swipe !== 'pass') swipe = 'block';
    } else {
      const touch = event.touches[0]!;
      touchStart = { x: touch.clientX, y: touch.clientY };
      swipe = view.current.scale > 1 ? 'block' : 'undecided';
    }
    if (swipe === 'block') event.stopPropagation();
  };
  const onTouchMove = (event: TouchEvent) => {
    if (!inSwipe(event) || swipe === 'pass') return;
    const touch = event.touches[0];
    if (swipe === 'undecided' && touch) {
      const dx = Math.abs(touch.clientX - touchStart.x);
      const dy = Math.abs(touch.clientY - touchStart.y);
      if (Math.max(dx, dy) >= SWIPE_SLOP_PX) swipe = dx > HORIZONTAL_RATIO * dy ? 'pass' : 'block';
      if (swipe === 'pass') return;
    }
    event.stopPropagation();
  };
  const onTouchEnd = (event: TouchEvent) => {
    if (!inSwipe(event)) return;
    if (swipe !== 'pass') event.stopPropagation();
    if (event.touches.length === 0) swipe = 'undecided';
  };

  const capture = { capture: true } as const;
  root.addEventListener('touchstart', onTouchStart, { capture: true, passive: true });
  root.addEventListener('touchmove', onTouchMove, { capture: true, passive: true });
  root.addEventListener('touchend', onTouchEnd, capture);
  root.addEventListener('touchcancel', onTouchEnd, capture);
  return () => {
    root.removeEventListener('touchstart', onTouchStart, capture);
    root.removeEventListener('touchmove', onTouchMove, capture);
    root.removeEventListener('touchend', onTouchEnd, capture);
    root.removeEventListener('touchcancel', onTouchEnd, capture);
  };
}
