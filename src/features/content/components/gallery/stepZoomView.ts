/**
 * Where the step picture sits while zoomed: its scale and its shift from the middle of its box, and
 * the arithmetic that keeps the point under a finger (or the mouse) in place as the scale changes.
 */

export const MAX_ZOOM = 4;

export interface View {
  scale: number;
  x: number;
  y: number;
}

export const UNZOOMED: View = { scale: 1, x: 0, y: 0 };

export interface Point {
  x: number;
  y: number;
}

export const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
export const midpoint = (a: Point, b: Point): Point => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
export const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);
export const clampScale = (scale: number) => clamp(scale, 1, MAX_ZOOM);

/** The picture of the step shown. */
export const currentPicture = (box: HTMLElement) => box.querySelector<HTMLImageElement>('.image-gallery-slide.image-gallery-center img.slide-image');

/** On the slides, not on a control drawn over them (a video's Play button, the player). */
export const onSlides = (target: EventTarget | null) =>
  target instanceof Element && !!target.closest('.image-gallery-slides') && !target.closest('button, a, iframe, input');

/** The drawn picture's size in its box: object-fit: contain leaves empty bands beside or above it. */
function drawnSize(picture: HTMLImageElement): { width: number; height: number } {
  const { offsetWidth: width, offsetHeight: height, naturalWidth, naturalHeight } = picture;
  if (!naturalWidth || !naturalHeight || !width || !height) return { width, height };
  const fit = Math.min(width / naturalWidth, height / naturalHeight);
  return { width: naturalWidth * fit, height: naturalHeight * fit };
}

/**
 * `next` at an allowed scale, shifted no further than keeps the drawing in view: larger than the
 * box, it covers the box (no empty band comes in); smaller, it stays whole inside it.
 */
export function keptInside(next: View, picture: HTMLImageElement): View {
  const s = clampScale(next.scale);
  if (s === 1) return UNZOOMED;
  const drawn = drawnSize(picture);
  const maxX = Math.abs(s * drawn.width - picture.offsetWidth) / 2;
  const maxY = Math.abs(s * drawn.height - picture.offsetHeight) / 2;
  return { scale: s, x: clamp(next.x, -maxX, maxX), y: clamp(next.y, -maxY, maxY) };
}

/** The picture's point under `at` (screen) in the view `now`, as a shift from its centre at scale 1. */
export function pointOnPicture(now: View, centre: Point, at: Point): Point {
  return { x: (at.x - centre.x - now.x) / now.scale, y: (at.y - centre.y - now.y) / now.scale };
}

/** Where the picture's point (from pointOnPicture) is on screen in the view `now`. */
export function pointOnScreen(now: View, centre: Point, point: Point): Point {
  return { x: centre.x + now.x + now.scale * point.x, y: centre.y + now.y + now.scale * point.y };
}

/** The picture's centre on screen as if it were not shifted: scaling about it leaves it where the shift put it. */
export function unshiftedCentre(picture: HTMLImageElement, now: View): Point {
  const rect = picture.getBoundingClientRect();
  return { x: rect.left + rect.width / 2 - now.x, y: rect.top + rect.height / 2 - now.y };
}

/**
 * The view at `scale` that brings the picture's point that was under `from` (in the view `start`)
 * to `to` (screen coordinates; `centre` is the unshifted centre).
 */
export function pointKept(start: View, centre: Point, from: Point, to: Point, scale: number): View {
  const local = { x: (from.x - centre.x - start.x) / start.scale, y: (from.y - centre.y - start.y) / start.scale };
  return { scale, x: to.x - centre.x - scale * local.x, y: to.y - centre.y - scale * local.y };
}
