/**
 * Starts downloading a picture a screen is about to show first, so it arrives with the page
 * instead of after the page has rendered; the <img> then finds it in the browser's memory cache.
 */
export function preloadImage(url: string): void {
  if (!url || url.startsWith('data:') || typeof Image === 'undefined') return;
  const image = new Image();
  image.fetchPriority = 'high';
  image.decoding = 'async';
  image.src = url;
}
