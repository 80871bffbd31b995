import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type RefObject } from 'react';
import ImageGallery, { type GalleryItem, type ImageGalleryRef } from 'react-image-gallery';
import { Link } from 'react-router';
import styled, { css } from 'styled-components';
import { media } from '../../../shared/breakpoints';
import { THUMB_SIZE, type GalleryTabView, type SlideView } from '../model/galleryItems';
import { Tabs } from '../../../shared/ui/Tabs';
import { VisuallyHidden } from '../../../shared/ui/VisuallyHidden';

/** react-image-gallery item plus what this page needs to render a video slide. */
type Item = GalleryItem & { slideIndex: number; embedUrl?: string };

const reducedMotionQuery = '(prefers-reduced-motion: reduce)';
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia?.(reducedMotionQuery);
      list?.addEventListener?.('change', onChange);
      return () => list?.removeEventListener?.('change', onChange);
    },
    () => window.matchMedia?.(reducedMotionQuery).matches ?? false,
    () => false,
  );
}

/** The embed page with autoplay=1 added (the player exists only while asked for). */
export const autoplayUrl = (embedUrl: string): string => {
  try {
    const url = new URL(embedUrl, window.location.href);
    url.searchParams.set('autoplay', '1');
    return url.toString();
  } catch {
    return `${embedUrl}${embedUrl.includes('?') ? '&' : '?'}autoplay=1`;
  }
};

const cssUrl = (url: string) => `url("${url.replace(/["\\\n]/g, (c) => `\\${c}`)}")`;

/**
 * The program's background fills the window below the header (64 px tall, 56 px on phones) and
 * the layout's padding, so it never stops halfway down a phone screen.
 */
const Frame = styled.div<{ $desktop: string | null; $mobile: string | null }>`
  min-height: calc(100vh - 96px);
  min-height: calc(100svh - 96px);
  border-radius: ${({ theme }) => theme.radii.lg};
  padding: ${({ theme }) => theme.space[4]}px ${({ theme }) => theme.space[4]}px ${({ theme }) => theme.space[7]}px;
  background-color: ${({ theme }) => theme.colors.page};
  background-size: cover;
  background-position: center top;
  background-attachment: scroll;
  ${media.headerDesktop} {
    ${({ $desktop }) => $desktop && css`background-image: ${cssUrl($desktop)};`}
  }
  ${media.headerMobile} {
    min-height: calc(100vh - 80px);
    min-height: calc(100svh - 80px);
    padding: ${({ theme }) => theme.space[3]}px ${({ theme }) => theme.space[2]}px ${({ theme }) => theme.space[6]}px;
    ${({ $mobile }) => $mobile && css`background-image: ${cssUrl($mobile)};`}
  }
`;

const Sheet = styled.div`
  max-width: 1100px;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space[4]}px;
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.raised};
  ${media.headerMobile} {
    padding: ${({ theme }) => theme.space[3]}px ${({ theme }) => theme.space[2]}px;
  }
`;

const TopBar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]}px;
  margin-bottom: ${({ theme }) => theme.space[3]}px;
  h1 {
    flex: 1;
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.xxl};
    text-align: center;
  }
  ${media.headerMobile} {
    h1 {
      font-size: ${({ theme }) => theme.fontSizes.xl};
    }
  }
`;

const GoBack = styled(Link)`
  display: inline-flex;
  align-items: center;
  min-height: ${({ theme }) => theme.touchTarget}px;
  padding: 0 ${({ theme }) => theme.space[4]}px;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.accent};
  color: ${({ theme }) => theme.colors.surface};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  text-decoration: none;
  &:hover {
    background: ${({ theme }) => theme.colors.accentDark};
  }
`;

/** Balances the Go Back link so the title stays centred on wide screens. */
const Spacer = styled.span`
  width: 110px;
  ${media.headerMobile} {
    display: none;
  }
`;

const GalleryBox = styled.div`
  .image-gallery-slide .slide-image,
  .image-gallery-slide .video-box {
    display: block;
    width: 100%;
    height: auto;
    max-height: calc(100vh - 360px);
    min-height: 200px;
    aspect-ratio: 4 / 3;
    object-fit: contain;
    margin: 0 auto;
    background: ${({ theme }) => theme.colors.surface};
  }
  .image-gallery-slide .video-box {
    position: relative;
    aspect-ratio: 16 / 9;
    background: #000;
  }
  .video-box iframe {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    border: 0;
  }
  .video-poster {
    position: relative;
    display: block;
  }
  .image-gallery-thumbnail {
    width: ${THUMB_SIZE.width + 8}px;
    border-radius: ${({ theme }) => theme.radii.sm};
  }
  .image-gallery-thumbnail .image-gallery-thumbnail-image {
    width: ${THUMB_SIZE.width}px;
    height: ${THUMB_SIZE.height}px;
    object-fit: contain;
    background: ${({ theme }) => theme.colors.surface};
  }
  .image-gallery-thumbnail .thumbnail-waiting {
    /* Holds the picture's place (an image is an inline box of this size): nothing moves when it comes. */
    display: inline-block;
  }
  .image-gallery-thumbnail.active,
  .image-gallery-thumbnail:focus-visible,
  .image-gallery-thumbnail:hover {
    border-color: ${({ theme }) => theme.colors.brand};
  }
  .image-gallery-icon:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.sun};
  }
  .image-gallery-icon {
    color: ${({ theme }) => theme.colors.accent};
    filter: drop-shadow(0 1px 2px rgba(255, 255, 255, 0.9));
  }
  .image-gallery-icon:hover {
    color: ${({ theme }) => theme.colors.brand};
  }
  .image-gallery-index {
    background: ${({ theme }) => theme.colors.overlay};
  }
  ${media.headerMobile} {
    /* The library's 50 px vertical padding made the arrows reach over the play and fullscreen
       buttons on a phone; a 44 px-wide, 72 px-tall target is still easy for a child's finger. */
    .image-gallery-left-nav,
    .image-gallery-right-nav {
      padding: 12px 4px;
    }
    .image-gallery-left-nav .image-gallery-svg,
    .image-gallery-right-nav .image-gallery-svg {
      height: 48px;
      width: 36px;
    }
  }
`;

const PlayVideo = styled.button`
  position: absolute;
  left: 50%;
  top: 50%;
  transform: translate(-50%, -50%);
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]}px;
  min-height: 56px;
  padding: 0 ${({ theme }) => theme.space[5]}px;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.brand};
  color: ${({ theme }) => theme.colors.surface};
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  box-shadow: ${({ theme }) => theme.shadows.raised};
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.colors.brandDark};
  }
`;

const CloseVideo = styled.button`
  position: absolute;
  top: ${({ theme }) => theme.space[2]}px;
  right: ${({ theme }) => theme.space[2]}px;
  z-index: 5;
  min-width: ${({ theme }) => theme.touchTarget}px;
  min-height: ${({ theme }) => theme.touchTarget}px;
  padding: 0 ${({ theme }) => theme.space[3]}px;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  cursor: pointer;
`;

/**
 * react-image-gallery wraps every slide in <div role="button" aria-label="Go to Slide N"> (tabIndex
 * -1, nothing to press). Around a video's Play button that is a control inside a control, and it
 * names each picture 'Go to Slide N' instead of its step: make each slide a labelled group
 * ('slide N of M', its picture keeps its own alt text). Slides the gallery mounts later are fixed too.
 */
function useSlidesAsGroups(box: RefObject<HTMLDivElement | null>, count: number) {
  useEffect(() => {
    const root = box.current;
    if (!root) return undefined;
    const fix = () => {
      root.querySelectorAll<HTMLElement>('.image-gallery-slide[role="button"]').forEach((slide) => {
        const n = /(\d+)\s*$/.exec(slide.getAttribute('aria-label') ?? '')?.[1];
        slide.setAttribute('role', 'group');
        slide.setAttribute('aria-roledescription', 'slide');
        if (n) slide.setAttribute('aria-label', `${n} of ${count}`);
        else slide.removeAttribute('aria-label');
      });
    };
    fix();
    const observer = new MutationObserver(fix);
    observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['role'] });
    return () => observer.disconnect();
  }, [box, count]);
}

/** One non-looping gallery; the video of a slide plays only while asked for. */
function SlideGallery({ slides, title }: { slides: SlideView[]; title: string }) {
  const [playing, setPlaying] = useState<number | null>(null);
  const [currentIndex, setCurrentIndex] = useState(0);
  const current = useRef(0);
  const playOnArrival = useRef<number | null>(null);
  const galleryRef = useRef<ImageGalleryRef>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  // The thumbnails' pictures wait until the first slide's has arrived (or failed): on a slow
  // classroom network the step the child looks at comes first, not the strip beneath it.
  const [thumbsShown, setThumbsShown] = useState(false);
  const showThumbs = useCallback(() => setThumbsShown(true), []);
  const reducedMotion = usePrefersReducedMotion();
  useSlidesAsGroups(boxRef, slides.length);

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
      if (playing === item.slideIndex) {
        return (
          <div className="video-box">
            <CloseVideo type="button" onClick={() => setPlaying(null)}>
              Close video
            </CloseVideo>
            <iframe
              src={autoplayUrl(item.embedUrl)}
              title={`${title} video`}
              allow="autoplay; fullscreen; encrypted-media; picture-in-picture"
              allowFullScreen
            />
          </div>
        );
      }
      return (
        <div className="video-poster">
          {picture}
          <PlayVideo type="button" onClick={() => setPlaying(item.slideIndex)}>
            <span aria-hidden="true">▶</span> Play video<VisuallyHidden>: {title}</VisuallyHidden>
          </PlayVideo>
        </div>
      );
    },
    [playing, title, currentIndex, showThumbs],
  );

  const renderThumbInner = useCallback(
    (galleryItem: GalleryItem) => {
      const item = galleryItem as Item;
      return (
        <span className="image-gallery-thumbnail-inner">
          {thumbsShown ? (
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
    },
    [thumbsShown],
  );

  const isPlaying = playing !== null;
  return (
    <GalleryBox ref={boxRef}>
      <ImageGallery
        ref={galleryRef}
        items={items}
        renderItem={renderItem}
        renderThumbInner={renderThumbInner}
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

/**
 * The instruction gallery screen: Go Back, the title, tabs (ARIA) when the lesson has them, and a
 * non-looping gallery with thumbnails over the program's desktop (801 px and up) or mobile background.
 */
export function InstructionGallery({
  title,
  tabs,
  tabbed,
  backTo,
  desktopBackground,
  mobileBackground,
}: {
  title: string;
  tabs: GalleryTabView[];
  tabbed: boolean;
  backTo: string;
  desktopBackground: string | null;
  mobileBackground: string | null;
}) {
  const [selected, setSelected] = useState<string | null>(null);
  const active = tabs.find((tab) => tab.id === selected) ?? tabs[0];
  const empty = !active || active.slides.length === 0;

  return (
    <Frame $desktop={desktopBackground} $mobile={mobileBackground} data-testid="gallery-frame">
      <Sheet>
        <TopBar>
          <GoBack to={backTo}>
            <span aria-hidden="true">←&nbsp;</span>Go Back
          </GoBack>
          <h1>{title}</h1>
          <Spacer />
        </TopBar>
        {empty ? (
          <p>No instructions here yet.</p>
        ) : tabbed ? (
          <Tabs idPrefix="lesson" label={`${title} parts`} tabs={tabs.map((t) => ({ id: t.id, label: t.title }))} selectedId={active.id} onSelect={setSelected}>
            <SlideGallery key={active.id} slides={active.slides} title={`${title}, ${active.title}`} />
          </Tabs>
        ) : (
          <SlideGallery key={active.id} slides={active.slides} title={title} />
        )}
      </Sheet>
    </Frame>
  );
}
