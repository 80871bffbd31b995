import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import ImageGallery, { type GalleryItem, type ImageGalleryRef } from 'react-image-gallery';
import type { SlideView } from '../../model/galleryItems';
import { FullscreenButton } from './FullscreenButton';
import { GalleryBox } from './GalleryBox';
import { useGalleryRtl } from './galleryDirection';
import { NavButton, PlayPauseButton } from './GalleryControls';
import { handleGalleryKey } from './galleryKeys';
import { galleryMessages } from './gallery.messages';
import { useMessages } from '../../../../shared/i18n/messages';
import { useFullscreenLayer, usePrefersReducedMotion, useSlidesAsGroups } from './slideHooks';
import { StepPicture, ThumbnailPicture, toSlideItems, useThumbnailsAfterFirstPicture, type SlideItem } from './slidePictures';
import { StepBar } from './StepBar';
import { useSlideVideo } from './useSlideVideo';
import { useStepGestures } from './useStepGestures';
import { VideoSlide } from './VideoSlide';
import { StillLoading } from '../../../../shared/pageLoad';

type GalleryTexts = ReturnType<typeof galleryMessages.get>;

/** The library's fixed choices: a gallery that stops at its ends, keys and fullscreen handled here. */
const GALLERY_OPTIONS = {
  disableKeyDown: true,
  infinite: false,
  lazyLoad: true,
  showThumbnails: true,
  showIndex: false,
  useBrowserFullscreen: false,
  useWindowKeyDown: false,
} as const;

const renderFullscreenButton = (onClick: () => void, open: boolean) => <FullscreenButton open={open} onClick={onClick} />;

/**
 * One non-looping gallery at step `step` (0-based; the gallery follows when it changes), telling
 * `onStepChange` where the child went. The video of a slide plays only while asked for.
 */
export function SlideGallery({ slides, title, step, onStepChange }: { slides: SlideView[]; title: string; step: number; onStepChange: (step: number) => void }) {
  const [fullscreen, setFullscreen] = useState(false);
  // The slide the gallery shows now: `step`, or where it went since.
  const current = useRef(step);
  current.current = step;
  const galleryRef = useRef<ImageGalleryRef>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const { thumbsShown, showThumbs } = useThumbnailsAfterFirstPicture();
  const reducedMotion = usePrefersReducedMotion();
  const exitFullscreen = useCallback(() => galleryRef.current?.exitFullScreen(), []);
  const t = useMessages(galleryMessages);
  const rtl = useGalleryRtl();
  useSlidesAsGroups(boxRef, slides.length, t);
  useFullscreenLayer(fullscreen, exitFullscreen);
  const canZoom = !!slides[step] && !slides[step]!.embedUrl;
  const zoom = useStepGestures(boxRef, canZoom, String(step), reducedMotion);
  const video = useSlideVideo(step, current);
  const { playing, play, close } = video;
  useSilencedGalleryBox(boxRef);

  const goTo = (index: number) => {
    if (index < 0 || index >= slides.length || index === current.current) return;
    galleryRef.current?.slideToIndex(index);
  };

  const items = useMemo(() => toSlideItems(slides, t), [slides, t]);
  const renderItem = useCallback(
    (galleryItem: GalleryItem) => {
      const item = galleryItem as SlideItem;
      const picture = <StepPicture item={item} step={step} onSettled={showThumbs} />;
      if (!item.embedUrl) return picture;
      return <VideoSlide embedUrl={item.embedUrl} title={title} poster={picture} playing={playing === item.slideIndex} onPlay={() => play(item.slideIndex)} onClose={close} />;
    },
    [playing, title, step, showThumbs, play, close],
  );
  const renderThumbInner = useCallback((galleryItem: GalleryItem) => <ThumbnailPicture item={galleryItem as SlideItem} shown={thumbsShown} />, [thumbsShown]);

  const isPlaying = playing !== null;
  return (
    <GalleryBox
      ref={boxRef}
      role="group"
      aria-label={t.steps({ title })}
      tabIndex={0}
      onKeyDown={(event) => handleGalleryKey(event, { rtl, canZoom, zoom, moveBy: (delta) => goTo(current.current + delta) })}
      data-zoomed={zoom.zoomed ? 'true' : undefined}
      data-testid="gallery-steps"
    >
      {/* The child waits for the step's picture: what can wait (offline support) starts after it. */}
      {!thumbsShown && <StillLoading />}
      <ImageGallery
        ref={galleryRef}
        items={items}
        startIndex={step}
        // Inside the library's box, above the slides: it stays with them in fullscreen.
        renderCustomControls={() => <StepBar step={step + 1} steps={slides.length} zoom={zoom} showZoom={canZoom} fullscreen={fullscreen} />}
        isRTL={rtl}
        renderItem={renderItem}
        renderThumbInner={renderThumbInner}
        renderFullscreenButton={renderFullscreenButton}
        {...navRenderers(rtl, t)}
        onScreenChange={setFullscreen}
        {...GALLERY_OPTIONS}
        showPlayButton={!isPlaying && items.length > 1}
        showFullscreenButton={!isPlaying}
        slideDuration={reducedMotion ? 0 : 350}
        // Changing slide stops and resets the player (the iframe unmounts).
        onBeforeSlide={video.leaving}
        onSlide={(index) => {
          current.current = index;
          onStepChange(index);
          video.arrived(index);
        }}
        onThumbnailClick={(_event, index) => {
          if (items[index]?.embedUrl) video.thumbnailPressed(index);
        }}
      />
    </GalleryBox>
  );
}

/**
 * The step counter is the gallery's one announcement; the library makes its whole box a live
 * region, which would read out every thumbnail and slide it mounts.
 */
function useSilencedGalleryBox(box: RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    box.current?.querySelector('.image-gallery')?.setAttribute('aria-live', 'off');
  }, [box]);
}

/** The arrows and the slideshow button. In a right-to-left language the left arrow is the next step's (isRTL): each is named for what it does. */
function navRenderers(rtl: boolean, t: GalleryTexts) {
  return {
    renderLeftNav: (onClick: () => void, disabled: boolean) => <NavButton side="left" label={rtl ? t.nextSlide : t.previousSlide} disabled={disabled} onClick={onClick} />,
    renderRightNav: (onClick: () => void, disabled: boolean) => <NavButton side="right" label={rtl ? t.previousSlide : t.nextSlide} disabled={disabled} onClick={onClick} />,
    renderPlayPauseButton: (onClick: () => void, isPlaying: boolean) => <PlayPauseButton label={t.playSlideshow} playing={isPlaying} onClick={onClick} />,
  };
}
