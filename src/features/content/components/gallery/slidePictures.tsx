/** The gallery's items and pictures: each step's picture, its thumbnail, and their alt texts in the shown language. */
import { useCallback, useState, type ReactElement } from 'react';
import type { GalleryItem } from 'react-image-gallery';
import type { ResponsiveImage } from '../../../../api/types';
import { THUMB_SIZE, type SlideCaption, type SlideView } from '../../model/galleryItems';
import type { galleryMessages } from './gallery.messages';

/** react-image-gallery item plus what this page needs to render a video slide and a studio step's sizes. */
export type SlideItem = GalleryItem & { slideIndex: number; embedUrl?: string; authoredAlt: boolean; responsive?: ResponsiveImage };

type GalleryTexts = ReturnType<typeof galleryMessages.get>;

/** The picture's alt text and its thumbnail's, in the shown language (the CMS's own description as authored). */
function altTexts(slide: SlideView, t: GalleryTexts): { alt: string; thumbnailAlt: string } {
  const caption: SlideCaption = slide.caption;
  if ('video' in caption) {
    const video = t.video({ title: caption.title });
    return { alt: slide.description || video, thumbnailAlt: video };
  }
  const title = caption.part ? t.titleAndPart({ title: caption.title, part: caption.part }) : caption.title;
  return {
    alt: slide.description || t.stepPicture({ title, step: caption.step, steps: caption.steps }),
    thumbnailAlt: t.stepThumbnail({ step: caption.step }),
  };
}

export function toSlideItems(slides: SlideView[], t: GalleryTexts): SlideItem[] {
  return slides.map((slide, index) => {
    const { alt, thumbnailAlt } = altTexts(slide, t);
    return {
      original: slide.original,
      thumbnail: slide.thumbnail,
      originalAlt: alt,
      thumbnailAlt,
      authoredAlt: !!slide.description,
      originalWidth: String(slide.width),
      originalHeight: String(slide.height),
      // lazyLoad mounts only the current slide and its neighbours; StepPicture says which load.
      loading: 'lazy',
      slideIndex: index,
      embedUrl: slide.embedUrl,
      responsive: slide.responsive,
    };
  });
}

/**
 * A studio-made picture (its <img> carries the JPEG srcset) inside a <picture> whose source offers
 * the same sizes in WebP, for browsers that take it; any other picture is its <img> alone.
 */
function WebpPicture({ srcSet, sizes, children }: { srcSet?: string; sizes?: string; children: ReactElement }) {
  if (!srcSet) return children;
  return (
    <picture>
      <source type="image/webp" srcSet={srcSet} sizes={sizes} />
      {children}
    </picture>
  );
}

/**
 * A step's picture. The current step and the next one load at once (the next is ready before it is
 * needed); the wrapped-around neighbour the gallery also mounts waits until it comes near.
 * @param onSettled the picture arrived or failed
 */
export function StepPicture({ item, step, onSettled }: { item: SlideItem; step: number; onSettled: () => void }) {
  const near = item.slideIndex >= step - 1 && item.slideIndex <= step + 1;
  return (
    <WebpPicture srcSet={item.responsive?.webpSrcSet} sizes={item.responsive?.sizes}>
      <img
        className="slide-image"
        // A description from the CMS is shown as authored, in whatever language it was written.
        {...(item.authoredAlt ? { translate: 'no', dir: 'auto' } : {})}
        src={item.original}
        srcSet={item.responsive?.srcSet}
        sizes={item.responsive?.sizes}
        alt={item.originalAlt}
        width={item.originalWidth}
        height={item.originalHeight}
        loading={near ? 'eager' : 'lazy'}
        decoding="async"
        draggable={false}
        onLoad={onSettled}
        onError={onSettled}
      />
    </WebpPicture>
  );
}

/** @param shown false: a place kept for the picture, which waits until the current step's has arrived */
export function ThumbnailPicture({ item, shown }: { item: SlideItem; shown: boolean }) {
  return (
    <span className="image-gallery-thumbnail-inner">
      {shown ? (
        <WebpPicture srcSet={item.responsive?.thumbnailWebp}>
          <img
            className="image-gallery-thumbnail-image"
            src={item.thumbnail}
            alt={item.thumbnailAlt}
            width={THUMB_SIZE.width}
            height={THUMB_SIZE.height}
            loading="lazy"
            decoding="async"
          />
        </WebpPicture>
      ) : (
        <span className="image-gallery-thumbnail-image thumbnail-waiting" aria-hidden="true" />
      )}
    </span>
  );
}

/**
 * The thumbnails' pictures wait until the first slide's has arrived (or failed): on a slow
 * classroom network the step the child looks at comes first, not the strip beneath it.
 */
export function useThumbnailsAfterFirstPicture() {
  const [thumbsShown, setThumbsShown] = useState(false);
  const showThumbs = useCallback(() => setThumbsShown(true), []);
  return { thumbsShown, showThumbs };
}
