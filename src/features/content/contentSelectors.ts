import { createSelector } from '@reduxjs/toolkit';
import type { Lesson, LessonDetail, Program } from '../../api/types';
import { CONTENT_IDS } from '../../api/wire';
import type { PortalRuntimeConfig } from '../../api/wire';
import type { LessonsState } from '../../entities/lessons/lessonsSlice';
import { selectLessonById, selectProgramLessonGroups } from '../../entities/lessons/lessonsSelectors';
import type { ProgramsState } from '../../entities/programs/programsSlice';
import { selectProgramById, selectProgramsInOrder } from '../../entities/programs/programsSelectors';
import type { SessionState } from '../../entities/session/sessionSlice';
import {
  selectIsAdmin,
  selectIsPrivileged,
  selectUnlockedLessonIds,
  selectUnlockedModels,
} from '../../entities/session/sessionSelectors';
import { emptyUnlockUi, type ContentState, type LoadState, type UnlockUiState } from './contentSlice';
import { buildLegacyTabs, buildLessonTabs, type GalleryTabView } from './model/galleryItems';
import { modelKey } from './model/modelNames';

export interface ContentRootState {
  content: ContentState;
  programs: ProgramsState;
  lessons: LessonsState;
  session: SessionState;
  config: PortalRuntimeConfig;
}

const idleLoad: LoadState = { status: 'idle', error: null };

export const selectProgramsLoad = (state: Pick<ContentRootState, 'content'>) => state.content.programs;
export const selectLessonsLoad = (state: Pick<ContentRootState, 'content'>, programId: number): LoadState =>
  state.content.lessons[programId] ?? idleLoad;
export const selectLessonDetailLoad = (state: Pick<ContentRootState, 'content'>, lessonId: number): LoadState =>
  state.content.lessonDetails[lessonId] ?? idleLoad;
export const selectUnlockUi = (state: Pick<ContentRootState, 'content'>, lessonId: number): UnlockUiState =>
  state.content.unlock[lessonId] ?? emptyUnlockUi;
export const selectLegacyGallery = (state: Pick<ContentRootState, 'content'>) => state.content.legacyGallery;
export const selectSiteUrl = (state: Pick<ContentRootState, 'config'>) => state.config.siteUrl;

/** Programs this user may see, in metadata.order: hidden ones for administrators only. */
export const selectVisiblePrograms = createSelector([selectProgramsInOrder, selectIsAdmin], (programs, isAdmin) =>
  isAdmin ? programs : programs.filter((program) => !program.hidden),
);

/** Lesson-plan lists skip the Teacher Training program (7767). */
export const selectLessonPlanPrograms = createSelector([selectVisiblePrograms], (programs) =>
  programs.filter((program) => program.id !== CONTENT_IDS.teacherTraining),
);

/** The segment a program goes by in routes: metadata.program_name, else its title without spaces. */
export const programRouteName = (program: Program): string => program.programName || modelKey(program.title);

export type ModelAccess = 'open' | 'locked';

export interface ModelCardView {
  lesson: Lesson;
  /** Open: the 'Building instructions' link shows; locked: the code input shows. */
  access: ModelAccess;
  /** The code, for administrators only. */
  code: string | null;
}

/**
 * The backend's word wins: when it says whether a student unlocked a lesson (`unlocked`, portal
 * backend), the locally persisted flags (which anyone can edit in localStorage) count for nothing;
 * they decide only against a plain WordPress site, which does not say.
 */
const isLessonOpen = (lesson: Lesson, opened: number[], privileged: boolean) =>
  // The backend sends `unlocked` to students only: when it is there, the server sees a student,
  // whatever role the persisted session claims.
  typeof lesson.unlocked === 'boolean' ? lesson.unlocked : privileged || opened.includes(lesson.id);

/** A program's model cards, split into main and experimental models, each in metadata.order. */
export const selectModelCards = createSelector(
  [selectProgramLessonGroups, selectIsPrivileged, selectIsAdmin, selectUnlockedLessonIds],
  (groups, privileged, isAdmin, opened) => {
    const toCard = (lesson: Lesson): ModelCardView => ({
      lesson,
      access: isLessonOpen(lesson, opened, privileged) ? 'open' : 'locked',
      code: isAdmin ? lesson.unlockCode : null,
    });
    return { main: groups.main.map(toCard), experimental: groups.experimental.map(toCard) };
  },
);

export type GalleryAccess = 'allowed' | 'pending' | 'denied';

/**
 * Whether a lesson's gallery may show: privileged users always; a student when the backend says the
 * lesson is unlocked. Against a backend that says nothing of unlocks (plain WordPress), or when the
 * lessons could not be loaded, the locally stored unlocks decide. With the portal backend
 * (capabilities.serverUnlock) it is pending until the program's lessons have loaded, so an edited
 * localStorage never shows a locked gallery, not even for a moment.
 */
export const selectGalleryAccess = (state: ContentRootState, programId: number, lessonId: number): GalleryAccess => {
  const lesson = selectLessonById(state, lessonId);
  // `unlocked` comes to students only: it outranks a role edited into the persisted session.
  if (typeof lesson?.unlocked === 'boolean') return lesson.unlocked ? 'allowed' : 'denied';
  const load = selectLessonsLoad(state, programId).status;
  if (selectIsPrivileged(state)) {
    // Until the lessons say otherwise; with the portal backend, wait for them.
    return state.config.capabilities.serverUnlock && load !== 'succeeded' && load !== 'failed' ? 'pending' : 'allowed';
  }
  const serverDecides = state.config.capabilities.serverUnlock && load !== 'failed';
  if (!serverDecides && selectUnlockedLessonIds(state).includes(lessonId)) return 'allowed';
  return load === 'succeeded' || load === 'failed' ? 'denied' : 'pending';
};

/**
 * The older route: the model's flag (named after the model) or a privileged user; once the route
 * has resolved to a lesson the backend reports on, the backend's word instead.
 */
export const selectLegacyModelAllowed = (state: ContentRootState, modelName: string): boolean => {
  const legacy = state.content.legacyGallery;
  if (legacy.lessonId !== null && legacy.key !== null && legacy.key.endsWith(`/${modelName}`)) {
    const lesson = selectLessonById(state, legacy.lessonId);
    if (typeof lesson?.unlocked === 'boolean') return lesson.unlocked;
  }
  if (selectIsPrivileged(state)) return true;
  const flags = selectUnlockedModels(state);
  return flags[modelName] === true || flags[modelKey(modelName)] === true || flags[decodeURIComponent(modelName)] === true;
};

const selectDetail = (state: ContentRootState, lessonId: number): LessonDetail | undefined => state.lessons.details[lessonId];

export interface GalleryView {
  program: Program | undefined;
  lesson: Lesson | undefined;
  detail: LessonDetail | undefined;
  title: string;
  /** One entry without a title when the lesson shows a single gallery. */
  tabs: GalleryTabView[];
  tabbed: boolean;
}

/** What the instruction gallery shows for a lesson (new route). */
export const selectGalleryView = createSelector(
  [
    (state: ContentRootState, programId: number) => selectProgramById(state, programId),
    (state: ContentRootState, _programId: number, lessonId: number) => selectLessonById(state, lessonId),
    (state: ContentRootState, _programId: number, lessonId: number) => selectDetail(state, lessonId),
  ],
  (program, lesson, detail): GalleryView => {
    const title = detail?.title || lesson?.title || '';
    const built = detail ? buildLessonTabs(detail, title) : { tabs: [], tabbed: false };
    return { program, lesson, detail, title, ...built };
  },
);

/** What the older gallery route shows: numbered image files chosen by program, section and model. */
export const selectLegacyGalleryView = createSelector(
  [
    (state: ContentRootState) => state.content.legacyGallery,
    (state: ContentRootState) => state.programs,
    (state: ContentRootState) => state.lessons,
    selectSiteUrl,
  ],
  (legacy, programs, lessons, siteUrl): GalleryView | null => {
    if (legacy.status !== 'ready' || legacy.programId === null || legacy.lessonId === null) return null;
    const program = programs.entities[legacy.programId];
    const lesson = lessons.entities[legacy.lessonId];
    const detail = lessons.details[legacy.lessonId];
    if (!program || !lesson || !detail) return null;
    const title = detail.title || lesson.title;
    const built = buildLegacyTabs({ siteUrl, program, lesson, detail, title });
    return { program, lesson, detail, title, ...built };
  },
);
