/**
 * Touch, pen and mouse on the step picture: pinch and double-tap (double-click) zoom, dragging to
 * pan while zoomed (zoomGestures.ts), and a gate in front of react-image-gallery's own swipe so that
 * it changes the step only for a clearly sideways gesture on a picture that is not zoomed
 * (swipeGate.ts). Everything else is the page's: a vertical gesture scrolls (the slides say
 * touch-action: pan-y until zoomed).
 *
 * The picture moves by a CSS transform written straight to the element (no React render per
 * pointer move); React hears only "zoomed or not" and the scale after each gesture, for the buttons.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { clampScale, currentPicture, keptInside, MAX_ZOOM, pointKept, pointOnPicture, pointOnScreen, UNZOOMED, unshiftedCentre, type Point, type View } from './stepZoomView';
import { listenForSwipeGate } from './swipeGate';
import { listenForZoomGestures } from './zoomGestures';

export { MAX_ZOOM } from './stepZoomView';
export { DOUBLE_TAP_ZOOM } from './zoomGestures';
/** Each press of Zoom in / Zoom out (or + / −) multiplies or divides the scale by this. */
const ZOOM_STEP = 1.5;

export interface StepGestures {
  zoomed: boolean;
  canZoomIn: boolean;
  canZoomOut: boolean;
  zoomIn: () => void;
  zoomOut: () => void;
  resetZoom: () => void;
}

/**
 * @param box the element around the gallery (listeners go there)
 * @param canZoom false on a video slide: it neither zooms nor pans
 * @param stepKey the step shown: a new step starts unzoomed
 */
export function useStepGestures(box: RefObject<HTMLElement | null>, canZoom: boolean, stepKey: string, reducedMotion: boolean): StepGestures {
  const [scale, setScale] = useState(1);
  const view = useRef<View>(UNZOOMED);
  const canZoomRef = useRef(canZoom);
  canZoomRef.current = canZoom;
  const { show, unzoomPictureLeft } = usePictureTransform(box, view, setScale, reducedMotion);

  /** The picture's point the user last tapped or clicked on this step (pointOnPicture), if any. */
  const aim = useRef<Point | null>(null);

  /**
   * The scale `to`, keeping the picture's point under `at` (screen coordinates) where it is; without
   * `at` (the buttons, + and −), the point last tapped or clicked, else what is in the box's middle.
   */
  const zoomTo = useCallback(
    (to: number, at?: Point, animate = true) => {
      const root = box.current;
      const img = root ? currentPicture(root) : null;
      if (!img || !canZoomRef.current) return;
      const now = view.current;
      const centre = unshiftedCentre(img, now);
      const point = at ?? (aim.current ? pointOnScreen(now, centre, aim.current) : centre);
      show(pointKept(now, centre, point, point, clampScale(to)), { animate, settle: true });
    },
    [box, show],
  );

  const aimAt = useCallback(
    (at: Point) => {
      const root = box.current;
      const img = root ? currentPicture(root) : null;
      if (img) aim.current = pointOnPicture(view.current, unshiftedCentre(img, view.current), at);
    },
    [box],
  );

  const resetZoom = useCallback(() => show(UNZOOMED, { animate: true, settle: true }), [show]);
  const zoomIn = useCallback(() => zoomTo(view.current.scale * ZOOM_STEP), [zoomTo]);
  const zoomOut = useCallback(() => zoomTo(view.current.scale / ZOOM_STEP), [zoomTo]);

  // A new step (or a video) starts unzoomed; the picture left behind gets its place back.
  useEffect(() => {
    unzoomPictureLeft();
    aim.current = null;
    setScale(1);
  }, [stepKey, canZoom, unzoomPictureLeft]);

  useEffect(() => {
    const root = box.current;
    if (!root) return undefined;
    const settle = () => setScale(view.current.scale);
    const stopZoomGestures = listenForZoomGestures(root, { view, canZoom: canZoomRef, show, zoomTo, aimAt, settle });
    const stopSwipeGate = listenForSwipeGate(root, view);
    return () => {
      stopZoomGestures();
      stopSwipeGate();
    };
  }, [box, show, zoomTo, aimAt]);

  return {
    zoomed: scale > 1,
    canZoomIn: canZoom && scale < MAX_ZOOM,
    canZoomOut: canZoom && scale > 1,
    zoomIn,
    zoomOut,
    resetZoom,
  };
}

/**
 * Writes views to the step picture shown, and keeps track of which picture it moved: a picture the
 * gallery left behind gets its place back.
 */
function usePictureTransform(box: RefObject<HTMLElement | null>, view: RefObject<View>, setScale: (scale: number) => void, reducedMotion: boolean) {
  const moved = useRef<HTMLImageElement | null>(null);
  const motion = useRef(!reducedMotion);
  motion.current = !reducedMotion;

  /** Writes the view (kept inside the picture's box) to the picture; `settle` also tells React. */
  const show = useCallback(
    (next: View, options: { animate?: boolean; settle?: boolean } = {}) => {
      const root = box.current;
      const img = root ? currentPicture(root) : null;
      if (!img) return;
      const shown = keptInside(next, img);
      view.current = shown;
      if (moved.current && moved.current !== img) moved.current.style.transform = '';
      moved.current = img;
      img.style.transition = options.animate && motion.current ? 'transform 150ms ease-out' : 'none';
      img.style.transform = shown.scale === 1 ? '' : `translate(${shown.x}px, ${shown.y}px) scale(${shown.scale})`;
      if (options.settle) setScale(shown.scale);
    },
    [box, view, setScale],
  );

  const unzoomPictureLeft = useCallback(() => {
    view.current = UNZOOMED;
    if (moved.current) moved.current.style.transform = '';
    moved.current = null;
  }, [view]);

  return { show, unzoomPictureLeft };
}
