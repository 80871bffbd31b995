import { useCallback, useMemo, useRef, useState } from 'react';
import ImageGallery, { type GalleryItem, type ImageGalleryRef } from 'react-image-gallery';
import { THUMB_SIZE, type SlideView } from '../../model/galleryItems';
import { FullscreenButton } from './FullscreenButton';
import { GalleryBox } from './GalleryBox';
import { useFullscreenLayer, usePrefersReducedMotion, useSlidesAsGroups } from './slideHooks';
import { VideoSlide } from './VideoSlide';

/** react-image-gallery item plus what this page needs to render a video slide. */
type Item = GalleryItem & { slideIndex: number; embedUrl?: string };

function ThumbnailPicture({ item, shown }: { item: Item; shown: boolean }) {
  return (
    <span className="image-gallery-thumbnail-inner">
      {shown ? (
        <img
          className="image-gallery-thumbnail-image"
          src={item.thumbnail}
          alt={item.thumbnailAlt}
          width={THUMB_SIZE.width}
          height={THUMB_SIZE.height}
          loading="lazy"
          decoding="async"
        />
      ) : (
        <span className="image-gallery-thumbnail-image thumbnail-waiting" aria-hidden="true" />
      )}
    </span>
  );
}

/** One non-looping gallery; the video of a slide plays only while asked for. */
export function SlideGallery({ slides, title }: { slides: SlideView[]; title: string }) {
  const [playing, setPlaying] = useState<number | null>(null);
  const [currentIndex, setCurrentIndex] = useState(0);
  const [fullscreen, setFullscreen] = useState(false);
  const current = useRef(0);
  const playOnArrival = useRef<number | null>(null);
  const galleryRef = useRef<ImageGalleryRef>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  // The thumbnails' pictures wait until the first slide's has arrived (or failed): on a slow
  // classroom network the step the child looks at comes first, not the strip beneath it.
  const [thumbsShown, setThumbsShown] = useState(false);
  const showThumbs = useCallback(() => setThumbsShown(true), []);
  const reducedMotion = usePrefersReducedMotion();
  const exitFullscreen = useCallback(() => galleryRef.current?.exitFullScreen(), []);
  useSlidesAsGroups(boxRef, slides.length);
  useFullscreenLayer(fullscreen, exitFullscreen);

  const items = useMemo<Item[]>(
    () =>
      slides.map((slide, index) => ({
        original: slide.original,
        thumbnail: slide.thumbnail,
        originalAlt: slide.alt,
        thumbnailAlt: slide.thumbnailAlt,
        originalWidth: String(slide.width),
        originalHeight: String(slide.height),
        // lazyLoad mounts only the current slide and its neighbours; see renderItem for which load.
        loading: 'lazy',
        slideIndex: index,
        embedUrl: slide.embedUrl,
      })),
    [slides],
  );

  const renderItem = useCallback(
    (galleryItem: GalleryItem) => {
      const item = galleryItem as Item;
      // The current step and the next one load at once (the next is ready before it is needed);
      // the wrapped-around neighbour the gallery also mounts waits until it comes near.
      const near = item.slideIndex >= currentIndex - 1 && item.slideIndex <= currentIndex + 1;
      const picture = (
        <img
          className="slide-image"
          src={item.original}
          alt={item.originalAlt}
          width={item.originalWidth}
          height={item.originalHeight}
          loading={near ? 'eager' : 'lazy'}
          decoding="async"
          onLoad={showThumbs}
          onError={showThumbs}
        />
      );
      if (!item.embedUrl) return picture;
      return (
        <VideoSlide
          embedUrl={item.embedUrl}
          title={title}
          poster={picture}
          playing={playing === item.slideIndex}
          onPlay={() => setPlaying(item.slideIndex)}
          onClose={() => setPlaying(null)}
        />
      );
    },
    [playing, title, currentIndex, showThumbs],
  );

  const renderThumbInner = useCallback((galleryItem: GalleryItem) => <ThumbnailPicture item={galleryItem as Item} shown={thumbsShown} />, [thumbsShown]);
  const renderFullscreenButton = useCallback((onClick: () => void, open: boolean) => <FullscreenButton open={open} onClick={onClick} />, []);

  const isPlaying = playing !== null;
  return (
    <GalleryBox ref={boxRef}>
      <ImageGallery
        ref={galleryRef}
        items={items}
        renderItem={renderItem}
        renderThumbInner={renderThumbInner}
        renderFullscreenButton={renderFullscreenButton}
        onScreenChange={setFullscreen}
        infinite={false}
        lazyLoad
        showThumbnails
        showIndex={!isPlaying && items.length > 1}
        showPlayButton={!isPlaying && items.length > 1}
        showFullscreenButton={!isPlaying}
        useBrowserFullscreen={false}
        useWindowKeyDown={false}
        slideDuration={reducedMotion ? 0 : 350}
        onBeforeSlide={(next) => {
          // Changing slide stops and resets the player (the iframe unmounts).
          if (next !== playing) setPlaying(null);
        }}
        onSlide={(index) => {
          current.current = index;
          setCurrentIndex(index);
          if (playOnArrival.current === index) setPlaying(index);
          else setPlaying((now) => (now === index ? now : null));
          playOnArrival.current = null;
        }}
        onThumbnailClick={(_event, index) => {
          // A video's thumbnail opens its player (autoplaying).
          if (!items[index]?.embedUrl) return;
          if (current.current === index) setPlaying(index);
          else playOnArrival.current = index;
        }}
      />
    </GalleryBox>
  );
}
