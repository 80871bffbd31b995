/**
 * Which way "next" is in the instruction gallery. Right-to-left languages are coming: this is the
 * one place that turns keys and the gallery's swipe into a step forward or back.
 */
export const GALLERY_RTL = false;

/** +1 (next step), -1 (previous step) or 0 for a key pressed in the gallery. */
export function stepDeltaForKey(key: string): -1 | 0 | 1 {
  const forward = GALLERY_RTL ? 'ArrowLeft' : 'ArrowRight';
  const back = GALLERY_RTL ? 'ArrowRight' : 'ArrowLeft';
  if (key === forward) return 1;
  if (key === back) return -1;
  return 0;
}
