/**
 * Zooming the step picture by hand: two fingers pinch, one finger (or the mouse) drags a zoomed
 * picture about, and a double tap (or double click) zooms in at that point or back out.
 */
import { clampScale, currentPicture, distance, midpoint, onSlides, pointKept, UNZOOMED, unshiftedCentre, type Point, type View } from './stepZoomView';

export const DOUBLE_TAP_ZOOM = 2.5;
const DOUBLE_TAP_MS = 300;
/** A finger that moved less than this is still tapping. */
const TAP_SLOP_PX = 10;
const DOUBLE_TAP_DISTANCE_PX = 40;

/** The zoom the gestures drive (useStepGestures). */
export interface ZoomTarget {
  view: { readonly current: View };
  canZoom: { readonly current: boolean };
  /** Writes a view to the picture; `settle` also tells React the scale. */
  show: (next: View, options?: { animate?: boolean; settle?: boolean }) => void;
  /** The scale `to`, keeping the picture's point under `at` (screen coordinates) where it is. */
  zoomTo: (to: number, at?: Point) => void;
  /** A tap or click on the picture at `at`: Zoom in and − zoom about that point from now on. */
  aimAt: (at: Point) => void;
  /** Tells React the scale a gesture left. */
  settle: () => void;
}

/** Listens on `root` (the gallery's box) for the zoom gestures; returns what stops listening. */
export function listenForZoomGestures(root: HTMLElement, zoom: ZoomTarget): () => void {
  const pointers = new Map<number, Point>();
  const pinchAndPan = followPinchAndPan(root, zoom);
  const taps = watchForDoubleTap();
  let lastPointerType = '';

  const onPointerDown = (event: PointerEvent) => {
    lastPointerType = event.pointerType;
    if (!zoom.canZoom.current || !onSlides(event.target)) return;
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    const point = { x: event.clientX, y: event.clientY };
    pointers.set(event.pointerId, point);
    if (pointers.size === 1) taps.pressed(point, event.timeStamp);
    else if (pointers.size === 2) taps.cancel();
    const following = pinchAndPan.begin(pointers);
    // A mouse drag pans the picture instead of selecting or dragging it away.
    if (pointers.size === 1 && following && event.pointerType === 'mouse') event.preventDefault();
    if (following) capture(root, event.pointerId);
  };

  const onPointerMove = (event: PointerEvent) => {
    const point = pointers.get(event.pointerId);
    if (!point) return;
    point.x = event.clientX;
    point.y = event.clientY;
    taps.moved(point);
    pinchAndPan.follow(pointers, point);
  };

  const onPointerEnd = (event: PointerEvent) => {
    const point = pointers.get(event.pointerId);
    if (!point || !pointers.delete(event.pointerId)) return;
    pinchAndPan.end(pointers);
    if (event.type === 'pointerup' && pointers.size === 0 && taps.stayed(point)) zoom.aimAt(point);
    const doubleTapAt = taps.released(event, pointers.size === 0);
    if (doubleTapAt) toggleZoomAt(zoom, doubleTapAt);
  };

  const onDoubleClick = (event: MouseEvent) => {
    // A finger's double tap is handled above; the browser may follow it with a dblclick too.
    // Where it happened, not its target: a pan's pointer capture makes the box the target.
    if (lastPointerType !== 'mouse' || !zoom.canZoom.current || !onSlides(document.elementFromPoint(event.clientX, event.clientY))) return;
    toggleZoomAt(zoom, { x: event.clientX, y: event.clientY });
  };

  root.addEventListener('pointerdown', onPointerDown);
  root.addEventListener('pointermove', onPointerMove);
  root.addEventListener('pointerup', onPointerEnd);
  root.addEventListener('pointercancel', onPointerEnd);
  root.addEventListener('dblclick', onDoubleClick);
  return () => {
    root.removeEventListener('pointerdown', onPointerDown);
    root.removeEventListener('pointermove', onPointerMove);
    root.removeEventListener('pointerup', onPointerEnd);
    root.removeEventListener('pointercancel', onPointerEnd);
    root.removeEventListener('dblclick', onDoubleClick);
  };
}

function toggleZoomAt(zoom: ZoomTarget, point: Point) {
  if (zoom.view.current.scale > 1) zoom.show(UNZOOMED, { animate: true, settle: true });
  else zoom.zoomTo(DOUBLE_TAP_ZOOM, point);
}

/** The gesture's pointers stay with the box even when they leave it. */
function capture(root: HTMLElement, pointerId: number) {
  try {
    root.setPointerCapture(pointerId);
  } catch {
    // A pointer the browser already released: nothing to hold on to.
  }
}

type Gesture = { kind: 'pan'; from: Point; start: View } | { kind: 'pinch'; span: number; centre: Point; start: View };

/** Two fingers pinch (the point between them stays under them); one pointer on a zoomed picture pans it. */
function followPinchAndPan(root: HTMLElement, zoom: ZoomTarget) {
  let gesture: Gesture | null = null;
  const startPan = (from: Point) => {
    // A copy: the pointer's own point moves on.
    gesture = zoom.view.current.scale > 1 ? { kind: 'pan', from: { ...from }, start: zoom.view.current } : null;
  };

  return {
    /** A pointer went down (it is in `pointers`): is a gesture being followed now? */
    begin(pointers: Map<number, Point>): boolean {
      if (pointers.size === 1) {
        startPan([...pointers.values()][0]!);
      } else if (pointers.size === 2) {
        const [a, b] = [...pointers.values()] as [Point, Point];
        gesture = { kind: 'pinch', span: Math.max(distance(a, b), 1), centre: midpoint(a, b), start: zoom.view.current };
      }
      return gesture !== null;
    },

    /** `point`, one of `pointers`, moved. */
    follow(pointers: Map<number, Point>, point: Point) {
      if (!gesture) return;
      if (gesture.kind === 'pinch' && pointers.size >= 2) {
        const [a, b] = [...pointers.values()] as [Point, Point];
        const { start, span, centre } = gesture;
        const s = clampScale((start.scale * distance(a, b)) / span);
        const img = currentPicture(root);
        if (!img) return;
        zoom.show(pointKept(start, unshiftedCentre(img, zoom.view.current), centre, midpoint(a, b), s));
      } else if (gesture.kind === 'pan') {
        zoom.show({ ...gesture.start, x: gesture.start.x + point.x - gesture.from.x, y: gesture.start.y + point.y - gesture.from.y });
      }
    },

    /** A pointer left `pointers`: a pinch left with one finger pans on. */
    end(pointers: Map<number, Point>) {
      if (!gesture) return;
      const rest = [...pointers.values()][0];
      if (gesture.kind === 'pinch' && rest) startPan(rest);
      else if (pointers.size === 0) gesture = null;
      zoom.settle();
    },
  };
}

/** Two quick taps of a finger or pen close together, neither of which moved. */
function watchForDoubleTap() {
  let press: (Point & { at: number; moved: boolean }) | null = null;
  let lastTap: (Point & { at: number }) | null = null;

  return {
    /** The first pointer went down. */
    pressed(point: Point, at: number) {
      press = { ...point, at, moved: false };
    },
    /** A second pointer went down: this is no tap. */
    cancel() {
      press = null;
    },
    moved(point: Point) {
      if (press && distance(press, point) > TAP_SLOP_PX) press.moved = true;
    },
    /** The press ending at `point` was a tap or a click (of any pointer), not a drag. */
    stayed(point: Point): boolean {
      return press !== null && !press.moved && distance(press, point) <= TAP_SLOP_PX;
    },
    /** A pointer went up or was cancelled: where a double tap ended, or null. */
    released(event: PointerEvent, noneLeft: boolean): Point | null {
      let doubleTapAt: Point | null = null;
      const tap = event.type === 'pointerup' && event.pointerType !== 'mouse' && press && !press.moved && event.timeStamp - press.at < DOUBLE_TAP_MS;
      if (tap && press) {
        if (lastTap && event.timeStamp - lastTap.at < DOUBLE_TAP_MS && distance(lastTap, press) < DOUBLE_TAP_DISTANCE_PX) {
          doubleTapAt = press;
          lastTap = null;
        } else {
          lastTap = { x: press.x, y: press.y, at: event.timeStamp };
        }
      } else if (noneLeft) {
        lastTap = null;
      }
      if (noneLeft) press = null;
      return doubleTapAt;
    },
  };
}
