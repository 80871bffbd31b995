import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactElement } from 'react';
import ImageGallery, { type GalleryItem, type ImageGalleryRef } from 'react-image-gallery';
import type { ResponsiveImage } from '../../../../api/types';
import { THUMB_SIZE, type SlideCaption, type SlideView } from '../../model/galleryItems';
import { FullscreenButton } from './FullscreenButton';
import { GalleryBox } from './GalleryBox';
import { stepDeltaForKey, useGalleryRtl } from './galleryDirection';
import { NavButton, PlayPauseButton } from './GalleryControls';
import { galleryMessages } from './gallery.messages';
import { useMessages } from '../../../../shared/i18n/messages';
import { useFullscreenLayer, usePrefersReducedMotion, useSlidesAsGroups } from './slideHooks';
import { StepBar } from './StepBar';
import { useStepGestures } from './useStepGestures';
import { VideoSlide } from './VideoSlide';

/** react-image-gallery item plus what this page needs to render a video slide and a studio step's sizes. */
type Item = GalleryItem & { slideIndex: number; embedUrl?: string; authoredAlt: boolean; responsive?: ResponsiveImage };

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

function ThumbnailPicture({ item, shown }: { item: Item; shown: boolean }) {
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

/** Keys typed into a field are the field's, never the gallery's. */
const isTyping = (target: EventTarget) =>
  target instanceof HTMLElement && (target.isContentEditable || !!target.closest('input, textarea, select, [contenteditable="true"]'));

/**
 * One non-looping gallery at step `step` (0-based; the gallery follows when it changes), telling
 * `onStepChange` where the child went. The video of a slide plays only while asked for.
 */
export function SlideGallery({ slides, title, step, onStepChange }: { slides: SlideView[]; title: string; step: number; onStepChange: (step: number) => void }) {
  const [playing, setPlaying] = useState<number | null>(null);
  const [fullscreen, setFullscreen] = useState(false);
  const current = useRef(step);
  current.current = step;
  const playOnArrival = useRef<number | null>(null);
  const galleryRef = useRef<ImageGalleryRef>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  // The thumbnails' pictures wait until the first slide's has arrived (or failed): on a slow
  // classroom network the step the child looks at comes first, not the strip beneath it.
  const [thumbsShown, setThumbsShown] = useState(false);
  const showThumbs = useCallback(() => setThumbsShown(true), []);
  const reducedMotion = usePrefersReducedMotion();
  const exitFullscreen = useCallback(() => galleryRef.current?.exitFullScreen(), []);
  const t = useMessages(galleryMessages);
  const rtl = useGalleryRtl();
  useSlidesAsGroups(boxRef, slides.length, t);
  useFullscreenLayer(fullscreen, exitFullscreen);
  const canZoom = !!slides[step] && !slides[step]!.embedUrl;
  const zoom = useStepGestures(boxRef, canZoom, String(step), reducedMotion);

  // A step chosen from outside (the URL) stops a video playing elsewhere.
  useEffect(() => {
    setPlaying((now) => (now === step ? now : null));
  }, [step]);

  // The step counter is the gallery's one announcement; the library makes its whole box a live
  // region, which would read out every thumbnail and slide it mounts.
  useEffect(() => {
    boxRef.current?.querySelector('.image-gallery')?.setAttribute('aria-live', 'off');
  }, []);

  const goTo = (index: number) => {
    if (index < 0 || index >= slides.length || index === current.current) return;
    galleryRef.current?.slideToIndex(index);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
    const delta = stepDeltaForKey(event.key, rtl);
    if (delta !== 0) goTo(current.current + delta);
    else if ((event.key === '+' || event.key === '=') && canZoom) zoom.zoomIn();
    else if ((event.key === '-' || event.key === '_') && canZoom) zoom.zoomOut();
    else if (event.key === '0' && canZoom) zoom.resetZoom();
    else return;
    event.preventDefault();
  };

  const items = useMemo<Item[]>(
    () =>
      slides.map((slide, index) => {
        const { alt, thumbnailAlt } = altTexts(slide, t);
        return {
          original: slide.original,
          thumbnail: slide.thumbnail,
          originalAlt: alt,
          thumbnailAlt,
          authoredAlt: !!slide.description,
          originalWidth: String(slide.width),
          originalHeight: String(slide.height),
          // lazyLoad mounts only the current slide and its neighbours; see renderItem for which load.
          loading: 'lazy',
          slideIndex: index,
          embedUrl: slide.embedUrl,
          responsive: slide.responsive,
        };
      }),
    [slides, t],
  );

  const renderItem = useCallback(
    (galleryItem: GalleryItem) => {
      const item = galleryItem as Item;
      // The current step and the next one load at once (the next is ready before it is needed);
      // the wrapped-around neighbour the gallery also mounts waits until it comes near.
      const near = item.slideIndex >= step - 1 && item.slideIndex <= step + 1;
      const picture = (
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
            onLoad={showThumbs}
            onError={showThumbs}
          />
        </WebpPicture>
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
    [playing, title, step, showThumbs],
  );

  const renderThumbInner = useCallback((galleryItem: GalleryItem) => <ThumbnailPicture item={galleryItem as Item} shown={thumbsShown} />, [thumbsShown]);
  const renderFullscreenButton = useCallback((onClick: () => void, open: boolean) => <FullscreenButton open={open} onClick={onClick} />, []);

  const isPlaying = playing !== null;
  return (
    <GalleryBox
      ref={boxRef}
      role="group"
      aria-label={t.steps({ title })}
      tabIndex={0}
      onKeyDown={onKeyDown}
      data-zoomed={zoom.zoomed ? 'true' : undefined}
      data-testid="gallery-steps"
    >
      <ImageGallery
        ref={galleryRef}
        items={items}
        startIndex={step}
        // Inside the library's box, above the slides: it stays with them in fullscreen.
        renderCustomControls={() => <StepBar step={step + 1} steps={slides.length} zoom={zoom} showZoom={canZoom} fullscreen={fullscreen} />}
        isRTL={rtl}
        disableKeyDown
        renderItem={renderItem}
        renderThumbInner={renderThumbInner}
        renderFullscreenButton={renderFullscreenButton}
        // In a right-to-left language the left arrow is the next step's (isRTL): each is named for what it does.
        renderLeftNav={(onClick, disabled) => <NavButton side="left" label={rtl ? t.nextSlide : t.previousSlide} disabled={disabled} onClick={onClick} />}
        renderRightNav={(onClick, disabled) => <NavButton side="right" label={rtl ? t.previousSlide : t.nextSlide} disabled={disabled} onClick={onClick} />}
        renderPlayPauseButton={(onClick, isPlaying) => <PlayPauseButton label={t.playSlideshow} playing={isPlaying} onClick={onClick} />}
        onScreenChange={setFullscreen}
        infinite={false}
        lazyLoad
        showThumbnails
        showIndex={false}
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
          onStepChange(index);
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
