import type { GalleryItem, LessonDetail, ResponsiveImage } from '../../../api/types';
import { MAX_LESSON_TABS } from '../../../shared/constants';

/**
 * The gallery item the gallery opens on (galleryItems.ts's first slide): the first item of the
 * first tab with content. None for a video without a picture of its own (its poster is inline).
 */
function firstItemOf(detail: LessonDetail): GalleryItem | undefined {
  for (const tab of detail.tabs.slice(0, MAX_LESSON_TABS)) {
    const first = tab.gallery[0];
    if (first) return first.original ? first : undefined;
    if (tab.videoUrl) return undefined;
  }
  return undefined;
}

/** The picture the gallery opens on. */
export const firstPictureOf = (detail: LessonDetail): string | undefined => firstItemOf(detail)?.original;

/** Its generated sizes, when the content studio made it. */
export const firstPictureSizesOf = (detail: LessonDetail): ResponsiveImage | undefined => firstItemOf(detail)?.responsive;
