import { fireEvent } from '@testing-library/react';

/** What react-image-gallery renders, as the gallery tests read it. */
export const slideImages = () => Array.from(document.querySelectorAll<HTMLImageElement>('.image-gallery-slide img.slide-image'));
export const thumbImages = () => Array.from(document.querySelectorAll<HTMLImageElement>('.image-gallery-thumbnail img'));
export const thumbPlaces = () => document.querySelectorAll('.image-gallery-thumbnail .image-gallery-thumbnail-inner');

/** The current step's picture has arrived: the strip's pictures may load now. */
export const firstSlideArrives = () => fireEvent.load(slideImages()[0]!);
