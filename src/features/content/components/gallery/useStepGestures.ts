/**
 * Touch, pen and mouse on the step picture: pinch and double-tap (double-click) zoom, dragging to
 * pan while zoomed, and a gate in front of react-image-gallery's own swipe so that it changes the
 * step only for a clearly sideways gesture on a picture that is not zoomed. Everything else is the
 * page's: a vertical gesture scrolls (the slides say touch-action: pan-y until zoomed).
 *
 * The picture moves by a CSS transform written straight to the element (no React render per
 * pointer move); React hears only "zoomed or not" and the scale after each gesture, for the buttons.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

export const MAX_ZOOM = 4;
export const DOUBLE_TAP_ZOOM = 2.5;
/** Each press of Zoom in / Zoom out (or + / −) multiplies or divides the scale by this. */
const ZOOM_STEP = 1.5;
const DOUBLE_TAP_MS = 300;
/** A finger that moved less than this is still tapping. */
const TAP_SLOP_PX = 10;
const DOUBLE_TAP_DISTANCE_PX = 40;
/** The gesture is not judged until the finger has moved this far. */
const SWIPE_SLOP_PX = 10;
/** "Clearly horizontal": sideways at least twice as far as up or down (within about 27°). */
const HORIZONTAL_RATIO = 2;

interface View {
  scale: number;
  x: number;
  y: number;
}

const UNZOOMED: View = { scale: 1, x: 0, y: 0 };

interface Point {
  x: number;
  y: number;
}

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
const midpoint = (a: Point, b: Point): Point => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

/** The picture of the step shown. */
const currentPicture = (box: HTMLElement) => box.querySelector<HTMLImageElement>('.image-gallery-slide.image-gallery-center img.slide-image');

/** On the slides, not on a control drawn over them (a video's Play button, the player). */
const onSlides = (target: EventTarget | null) =>
  target instanceof Element && !!target.closest('.image-gallery-slides') && !target.closest('button, a, iframe, input');

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
  const moved = useRef<HTMLImageElement | null>(null);
  const canZoomRef = useRef(canZoom);
  canZoomRef.current = canZoom;
  const motion = useRef(!reducedMotion);
  motion.current = !reducedMotion;

  /** Writes the view (kept inside the picture's box) to the picture; `settle` also tells React. */
  const show = useCallback((next: View, options: { animate?: boolean; settle?: boolean } = {}) => {
    const root = box.current;
    const img = root ? currentPicture(root) : null;
    if (!img) return;
    const s = clamp(next.scale, 1, MAX_ZOOM);
    const maxX = ((s - 1) * img.offsetWidth) / 2;
    const maxY = ((s - 1) * img.offsetHeight) / 2;
    const clamped = s === 1 ? UNZOOMED : { scale: s, x: clamp(next.x, -maxX, maxX), y: clamp(next.y, -maxY, maxY) };
    view.current = clamped;
    if (moved.current && moved.current !== img) moved.current.style.transform = '';
    moved.current = img;
    img.style.transition = options.animate && motion.current ? 'transform 150ms ease-out' : 'none';
    img.style.transform = clamped.scale === 1 ? '' : `translate(${clamped.x}px, ${clamped.y}px) scale(${clamped.scale})`;
    if (options.settle) setScale(clamped.scale);
  }, [box]);

  /** The scale `to`, keeping the picture's point under `at` (screen coordinates) where it is. */
  const zoomTo = useCallback(
    (to: number, at?: Point, animate = true) => {
      const root = box.current;
      const img = root ? currentPicture(root) : null;
      if (!img || !canZoomRef.current) return;
      const now = view.current;
      const rect = img.getBoundingClientRect();
      // The untransformed centre: scaling about the centre leaves it where the translation put it.
      const centre = { x: rect.left + rect.width / 2 - now.x, y: rect.top + rect.height / 2 - now.y };
      const point = at ?? { x: centre.x + now.x, y: centre.y + now.y };
      const s = clamp(to, 1, MAX_ZOOM);
      const local = { x: (point.x - centre.x - now.x) / now.scale, y: (point.y - centre.y - now.y) / now.scale };
      show({ scale: s, x: point.x - centre.x - s * local.x, y: point.y - centre.y - s * local.y }, { animate, settle: true });
    },
    [box, show],
  );

  const resetZoom = useCallback(() => show(UNZOOMED, { animate: true, settle: true }), [show]);
  const zoomIn = useCallback(() => zoomTo(view.current.scale * ZOOM_STEP), [zoomTo]);
  const zoomOut = useCallback(() => zoomTo(view.current.scale / ZOOM_STEP), [zoomTo]);

  // A new step (or a video) starts unzoomed; the picture left behind gets its place back.
  useEffect(() => {
    view.current = UNZOOMED;
    if (moved.current) moved.current.style.transform = '';
    moved.current = null;
    setScale(1);
  }, [stepKey, canZoom]);

  useEffect(() => {
    const root = box.current;
    if (!root) return undefined;
    const pointers = new Map<number, Point>();
    let gesture: { kind: 'pan'; from: Point; start: View } | { kind: 'pinch'; span: number; centre: Point; start: View } | null = null;
    let press: (Point & { at: number; moved: boolean }) | null = null;
    let lastTap: (Point & { at: number }) | null = null;
    let lastPointerType = '';

    const toggleAt = (point: Point) => {
      if (view.current.scale > 1) show(UNZOOMED, { animate: true, settle: true });
      else zoomTo(DOUBLE_TAP_ZOOM, point);
    };
    const startPan = (from: Point) => {
      // A copy: the pointer's own point moves on.
      gesture = view.current.scale > 1 ? { kind: 'pan', from: { ...from }, start: view.current } : null;
    };

    const onPointerDown = (event: PointerEvent) => {
      lastPointerType = event.pointerType;
      if (!canZoomRef.current || !onSlides(event.target)) return;
      if (event.pointerType === 'mouse' && event.button !== 0) return;
      const point = { x: event.clientX, y: event.clientY };
      pointers.set(event.pointerId, point);
      if (pointers.size === 1) {
        press = { ...point, at: event.timeStamp, moved: false };
        startPan(point);
        // A mouse drag pans the picture instead of selecting or dragging it away.
        if (gesture && event.pointerType === 'mouse') event.preventDefault();
      } else if (pointers.size === 2) {
        const [a, b] = [...pointers.values()] as [Point, Point];
        press = null;
        gesture = { kind: 'pinch', span: Math.max(distance(a, b), 1), centre: midpoint(a, b), start: view.current };
      }
      if (gesture) {
        try {
          root.setPointerCapture(event.pointerId);
        } catch {
          // A pointer the browser already released: nothing to hold on to.
        }
      }
    };

    const onPointerMove = (event: PointerEvent) => {
      const point = pointers.get(event.pointerId);
      if (!point) return;
      point.x = event.clientX;
      point.y = event.clientY;
      if (press && distance(press, point) > TAP_SLOP_PX) press.moved = true;
      if (!gesture) return;
      if (gesture.kind === 'pinch' && pointers.size >= 2) {
        const [a, b] = [...pointers.values()] as [Point, Point];
        const { start, span, centre } = gesture;
        const s = clamp((start.scale * distance(a, b)) / span, 1, MAX_ZOOM);
        const img = currentPicture(root);
        if (!img) return;
        const rect = img.getBoundingClientRect();
        const origin = { x: rect.left + rect.width / 2 - view.current.x, y: rect.top + rect.height / 2 - view.current.y };
        // The point that was under the fingers' centre stays under it as they move and spread.
        const local = { x: (centre.x - origin.x - start.x) / start.scale, y: (centre.y - origin.y - start.y) / start.scale };
        const mid = midpoint(a, b);
        show({ scale: s, x: mid.x - origin.x - s * local.x, y: mid.y - origin.y - s * local.y });
      } else if (gesture.kind === 'pan') {
        show({ ...gesture.start, x: gesture.start.x + point.x - gesture.from.x, y: gesture.start.y + point.y - gesture.from.y });
      }
    };

    const onPointerEnd = (event: PointerEvent) => {
      if (!pointers.delete(event.pointerId)) return;
      const wasPinch = gesture?.kind === 'pinch';
      if (gesture) {
        const rest = [...pointers.values()][0];
        if (wasPinch && rest) startPan(rest);
        else if (pointers.size === 0) gesture = null;
        setScale(view.current.scale);
      }
      const tap = event.type === 'pointerup' && event.pointerType !== 'mouse' && press && !press.moved && event.timeStamp - press.at < DOUBLE_TAP_MS;
      if (tap && press) {
        if (lastTap && event.timeStamp - lastTap.at < DOUBLE_TAP_MS && distance(lastTap, press) < DOUBLE_TAP_DISTANCE_PX) {
          toggleAt(press);
          lastTap = null;
        } else {
          lastTap = { x: press.x, y: press.y, at: event.timeStamp };
        }
      } else if (pointers.size === 0) {
        lastTap = null;
      }
      if (pointers.size === 0) press = null;
    };

    const onDoubleClick = (event: MouseEvent) => {
      // A finger's double tap is handled above; the browser may follow it with a dblclick too.
      // Where it happened, not its target: a pan's pointer capture makes the box the target.
      if (lastPointerType !== 'mouse' || !canZoomRef.current || !onSlides(document.elementFromPoint(event.clientX, event.clientY))) return;
      toggleAt({ x: event.clientX, y: event.clientY });
    };

    // The swipe gate: react-image-gallery decides a swipe's direction on the first pixel moved and
    // handles it on the slides' own listeners. Capturing here, before them, it sees a gesture only
    // once it is clearly sideways, one finger, on a picture that is not zoomed.
    let swipe: 'undecided' | 'pass' | 'block' = 'undecided';
    let touchStart: Point = { x: 0, y: 0 };
    const inSwipe = (event: TouchEvent) => event.target instanceof Element && !!event.target.closest('.image-gallery-swipe');
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
    root.addEventListener('pointerdown', onPointerDown);
    root.addEventListener('pointermove', onPointerMove);
    root.addEventListener('pointerup', onPointerEnd);
    root.addEventListener('pointercancel', onPointerEnd);
    root.addEventListener('dblclick', onDoubleClick);
    root.addEventListener('touchstart', onTouchStart, { capture: true, passive: true });
    root.addEventListener('touchmove', onTouchMove, { capture: true, passive: true });
    root.addEventListener('touchend', onTouchEnd, capture);
    root.addEventListener('touchcancel', onTouchEnd, capture);
    return () => {
      root.removeEventListener('pointerdown', onPointerDown);
      root.removeEventListener('pointermove', onPointerMove);
      root.removeEventListener('pointerup', onPointerEnd);
      root.removeEventListener('pointercancel', onPointerEnd);
      root.removeEventListener('dblclick', onDoubleClick);
      root.removeEventListener('touchstart', onTouchStart, capture);
      root.removeEventListener('touchmove', onTouchMove, capture);
      root.removeEventListener('touchend', onTouchEnd, capture);
      root.removeEventListener('touchcancel', onTouchEnd, capture);
    };
  }, [box, show, zoomTo]);

  return {
    zoomed: scale > 1,
    canZoomIn: canZoom && scale < MAX_ZOOM,
    canZoomOut: canZoom && scale > 1,
    zoomIn,
    zoomOut,
    resetZoom,
  };
}
