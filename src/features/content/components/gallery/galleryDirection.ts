import { useAtom } from '../../../../shared/i18n/useAtom';
import { isRightToLeft, locale } from '../../../../shared/i18n/i18n';

/**
 * Which way "next" is in the instruction gallery: the reading direction of the shown language. In
 * a right-to-left language the steps run from right to left (react-image-gallery's isRTL), so the
 * next step comes in from the left: the left arrow key, the left nav button and a swipe to the
 * right go forward. This is the one place that turns a key into a step forward or back.
 */
export function useGalleryRtl(): boolean {
  return isRightToLeft(useAtom(locale));
}

/** +1 (next step), -1 (previous step) or 0 for a key pressed in the gallery. */
export function stepDeltaForKey(key: string, rtl: boolean): -1 | 0 | 1 {
  const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
  const back = rtl ? 'ArrowRight' : 'ArrowLeft';
  if (key === forward) return 1;
  if (key === back) return -1;
  return 0;
}
