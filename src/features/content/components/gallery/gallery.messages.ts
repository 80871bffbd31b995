import { defineMessages, params } from '../../../../shared/i18n/messages';

/** The instruction gallery: its page, top bar, step bar, controls and the pictures' alt texts. */
export const galleryMessages = defineMessages('contentGallery', {
  loadingInstructions: 'Loading the instructions',
  /** Completes the shared "We could not load …". */
  instructionsWhat: 'these instructions',
  noInstructions: 'No instructions here yet.',
  goBack: 'Go Back',
  parts: params('{title} parts'),
  titleAndPart: params('{title}, {part}'),
  /** A tab the content leaves unnamed. */
  untitledPart: params('Part {number}'),
  steps: params('{title}: steps'),
  stepOf: params('Step {step} of {steps}'),
  stepPicture: params('{title}, step {step} of {steps}'),
  stepThumbnail: params('Step {step}'),
  video: params('{title} video'),
  zoom: 'Zoom',
  zoomOut: 'Zoom out',
  zoomOutHint: 'Zoom out (−)',
  zoomIn: 'Zoom in',
  zoomInHint: 'Zoom in (+)',
  resetZoom: 'Reset zoom',
  resetZoomHint: 'Reset zoom (0)',
  openFullscreen: 'Open Fullscreen',
  exitFullscreen: 'Exit fullscreen',
  exit: 'Exit',
  playVideo: 'Play video',
  closeVideo: 'Close video',
  previousSlide: 'Previous Slide',
  nextSlide: 'Next Slide',
  playSlideshow: 'Play or Pause Slideshow',
  goToSlide: params('Go to Slide {number}'),
  thumbnails: 'Thumbnail Navigation',
  slide: 'slide',
  slideOf: params('{number} of {count}'),
});
