import styled from 'styled-components';
import { media } from '../../../../shared/breakpoints';
import { THUMB_SIZE } from '../../model/galleryItems';

/** The look of react-image-gallery's slides, thumbnails, icons and its fullscreen overlay. */
export const GalleryBox = styled.div`
  border-radius: ${({ theme }) => theme.radii.md};
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.accent};
    outline-offset: 2px;
  }
  /* The page scrolls up and down over a step; sideways is the gallery's swipe, two fingers its
     zoom (useStepGestures). While zoomed, every gesture pans the picture. */
  .image-gallery-swipe,
  .image-gallery-slides {
    touch-action: pan-y;
  }
  &[data-zoomed] .image-gallery-swipe,
  &[data-zoomed] .image-gallery-slides {
    touch-action: none;
  }
  &[data-zoomed] .image-gallery-slide.image-gallery-center .slide-image {
    cursor: grab;
  }
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
  /* The library's own fullscreen (this page always uses it: iPhone Safari has no Fullscreen API)
     is a fixed layer at z-index 5, under the sticky site header. It covers the whole window, header
     included; the pictures fit the window's height. */
  .image-gallery.fullscreen-modal {
    z-index: ${({ theme }) => theme.zIndex.modal};
    overflow: auto;
    overscroll-behavior: contain;
  }
  .image-gallery.fullscreen-modal .image-gallery-content {
    /* Centred without the library's transform, which would pin the fixed exit button to this box. */
    top: 0;
    transform: none;
    box-sizing: border-box;
    min-height: 100%;
    display: flex;
    flex-direction: column;
    justify-content: center;
    padding-top: 60px;
  }
  .image-gallery.fullscreen-modal .image-gallery-slide .slide-image,
  .image-gallery.fullscreen-modal .image-gallery-slide .video-box {
    /* The Exit button's strip above, the step bar and the thumbnails below it. */
    max-height: calc(100vh - 210px);
    max-height: calc(100dvh - 210px);
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
