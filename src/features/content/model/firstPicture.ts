import type { LessonDetail } from '../../../api/types';
import { MAX_LESSON_TABS } from '../../../shared/constants';

/**
 * The picture the gallery opens on (galleryItems.ts's first slide): the first item of the first
 * tab with content. None for a video without a picture of its own (its poster is inline).
 */
export function firstPictureOf(detail: LessonDetail): string | undefined {
  for (const tab of detail.tabs.slice(0, MAX_LESSON_TABS)) {
    const first = tab.gallery[0];
    if (first) return first.original || undefined;
    if (tab.videoUrl) return undefined;
  }
  return undefined;
}
