import type { StoreState } from '../../shared/storeHooks';
/**
 * What the instruction gallery shows. Only the gallery page reads these (its own chunk): the
 * mapping of a lesson's media to slides stays out of the start-up bundle.
 */
import { createSelector } from '@reduxjs/toolkit';
import type { Lesson, LessonDetail, Program } from '../../api/types';
import { selectLessonById, selectLessonDetail, selectLessonsState } from '../../entities/lessons/lessonsSelectors';
import { selectProgramById, selectProgramsState } from '../../entities/programs/programsSelectors';
import { selectContent, selectSiteUrl, } from './contentSelectors';
import { buildLegacyTabs, buildLessonTabs, type GalleryTabView } from './model/galleryItems';

export interface GalleryView {
  program: Program | undefined;
  lesson: Lesson | undefined;
  detail: LessonDetail | undefined;
  title: string;
  /** One entry without a title when the lesson shows a single gallery. */
  tabs: GalleryTabView[];
  tabbed: boolean;
}

/** What the instruction gallery shows for a lesson (new route), its tab names and step texts in `language` where given. */
export const selectGalleryView = createSelector(
  [
    (state: StoreState, programId: number) => selectProgramById(state, programId),
    (state: StoreState, _programId: number, lessonId: number) => selectLessonById(state, lessonId),
    (state: StoreState, _programId: number, lessonId: number) => selectLessonDetail(state, lessonId),
    (_state: StoreState, _programId: number, _lessonId: number, language: string) => language,
  ],
  (program, lesson, detail, language): GalleryView => {
    const title = detail?.title || lesson?.title || '';
    const built = detail ? buildLessonTabs(detail, title, language) : { tabs: [], tabbed: false };
    return { program, lesson, detail, title, ...built };
  },
);

/** What the older gallery route shows: numbered image files chosen by program, section and model. */
export const selectLegacyGalleryView = createSelector(
  [
    (state: StoreState) => selectContent(state).legacyGallery,
    selectProgramsState,
    selectLessonsState,
    selectSiteUrl,
    (_state: StoreState, language: string) => language,
  ],
  (legacy, programs, lessons, siteUrl, language): GalleryView | null => {
    if (legacy.status !== 'ready' || legacy.programId === null || legacy.lessonId === null) return null;
    const program = programs.entities[legacy.programId];
    const lesson = lessons.entities[legacy.lessonId];
    const detail = lessons.details[legacy.lessonId];
    if (!program || !lesson || !detail) return null;
    const title = detail.title || lesson.title;
    const built = buildLegacyTabs({ siteUrl, program, lesson, detail, title, language });
    return { program, lesson, detail, title, ...built };
  },
);
