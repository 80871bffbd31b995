import type { ResponsiveImage } from '../api/types';

/**
 * Starts downloading a picture a screen is about to show first, so it arrives with the page
 * instead of after the page has rendered; the <img> then finds it in the browser's memory cache.
 * A picture with several sizes is chosen from as the gallery's <picture> chooses (WebP source,
 * JPEG srcset, the same sizes), so the preload is the very file the page shows, not the largest.
 */
export function preloadImage(url: string, responsive?: ResponsiveImage): void {
  if (!url || url.startsWith('data:') || typeof Image === 'undefined') return;
  const image = new Image();
  image.fetchPriority = 'high';
  image.decoding = 'async';
  if (responsive) {
    const picture = document.createElement('picture');
    if (responsive.webpSrcSet) {
      const source = document.createElement('source');
      source.type = 'image/webp';
      source.srcset = responsive.webpSrcSet;
      source.sizes = responsive.sizes;
      picture.append(source);
    }
    image.sizes = responsive.sizes;
    image.srcset = responsive.srcSet;
    picture.append(image);
  }
  image.src = url;
}
