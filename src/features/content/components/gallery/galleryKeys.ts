import type { KeyboardEvent } from 'react';
import { stepDeltaForKey } from './galleryDirection';
import type { StepGestures } from './useStepGestures';

/** Keys typed into a field are the field's, never the gallery's. */
const isTyping = (target: EventTarget) =>
  target instanceof HTMLElement && (target.isContentEditable || !!target.closest('input, textarea, select, [contenteditable="true"]'));

/**
 * The gallery's keys while it has the focus: the arrows move between steps (in the reading
 * direction), + − 0 zoom the picture. With a modifier a key is the browser's (Alt+Left is Back).
 */
export function handleGalleryKey(
  event: KeyboardEvent<HTMLElement>,
  { rtl, canZoom, zoom, moveBy }: { rtl: boolean; canZoom: boolean; zoom: StepGestures; moveBy: (delta: -1 | 1) => void },
) {
  if (event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
  const delta = stepDeltaForKey(event.key, rtl);
  if (delta !== 0) moveBy(delta);
  else if ((event.key === '+' || event.key === '=') && canZoom) zoom.zoomIn();
  else if ((event.key === '-' || event.key === '_') && canZoom) zoom.zoomOut();
  else if (event.key === '0' && canZoom) zoom.resetZoom();
  else return;
  event.preventDefault();
}
