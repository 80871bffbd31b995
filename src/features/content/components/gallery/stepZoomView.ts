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

/** `next` at an allowed scale, shifted no further than keeps the picture filling its own box. */
export function keptInside(next: View, picture: HTMLImageElement): View {
  const s = clampScale(next.scale);
  const maxX = ((s - 1) * picture.offsetWidth) / 2;
  const maxY = ((s - 1) * picture.offsetHeight) / 2;
  return s === 1 ? UNZOOMED : { scale: s, x: clamp(next.x, -maxX, maxX), y: clamp(next.y, -maxY, maxY) };
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
