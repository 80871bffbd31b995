import { createSelector } from '@reduxjs/toolkit';
import type { Lesson, Program } from '../../api/types';
import { CONTENT_IDS } from '../../../contract';
import { decideLessonAccess, selectLessonAccess, serverUnlockWord, type LessonAccess } from '../../entities/lessons/lessonAccess';
import { selectProgramLessonGroups } from '../../entities/lessons/lessonsSelectors';
import { isProgramVisibleTo, selectProgramById, selectProgramsInOrder } from '../../entities/programs/programsSelectors';
import { selectUnlockedLessonIds, selectUserRole } from '../../entities/session/sessionSelectors';
import { selectSliceState } from '../../shared/sliceState';
import type { StoreState } from '../../shared/storeHooks';
import { contentSlice, emptyUnlockUi, type LoadState, type UnlockUiState } from './contentSlice';
import { modelKey } from './model/modelNames';

export const selectContent = selectSliceState(contentSlice);

const idleLoad: LoadState = { status: 'idle', error: null };

export const selectProgramsLoad = (state: StoreState) => selectContent(state).programs;
export const selectLessonsLoad = (state: StoreState, programId: number): LoadState =>
  selectContent(state).lessons[programId] ?? idleLoad;
export const selectLessonDetailLoad = (state: StoreState, lessonId: number): LoadState =>
  selectContent(state).lessonDetails[lessonId] ?? idleLoad;
export const selectUnlockUi = (state: StoreState, lessonId: number): UnlockUiState =>
  selectContent(state).unlock[lessonId] ?? emptyUnlockUi;
export const selectLegacyGallery = (state: StoreState) => selectContent(state).legacyGallery;
/** The gallery step on screen (content/stepViewed), for what acts on it ("I'm stuck"). */
export const selectStepOnScreen = (state: StoreState) => selectContent(state).stepOnScreen;
export const selectSiteUrl = (state: StoreState) => state.config.siteUrl;

/** Programs this user may see, in metadata.order: hidden ones for administrators only. */
/** A student's own program comes first ("Your program"), the others in their order. */
export const selectVisiblePrograms = createSelector([selectProgramsInOrder, selectUserRole], (programs, role) =>
  programs.filter((program) => isProgramVisibleTo(role, program)).sort((a, b) => Number(b.enrolled) - Number(a.enrolled)),
);

export type ProgramAvailability = 'available' | 'unavailable' | 'unknown';

/**
 * Whether this user may open a program's pages: not a hidden one (non-administrators; the portal
 * backend does not even list it for them) nor one the loaded program list lacks. 'unknown' until
 * the programs have loaded, or when they could not be.
 */
export const selectProgramAvailability = (state: StoreState, programId: number): ProgramAvailability => {
  const program = selectProgramById(state, programId);
  if (program) return isProgramVisibleTo(selectUserRole(state), program) ? 'available' : 'unavailable';
  return selectContent(state).programs.status === 'succeeded' ? 'unavailable' : 'unknown';
};

/** Lesson-plan lists skip the Teacher Training program (7767). */
export const selectLessonPlanPrograms = createSelector([selectVisiblePrograms], (programs) =>
  programs.filter((program) => program.id !== CONTENT_IDS.teacherTraining),
);

/** The segment a program goes by in routes: metadata.program_name, else its title without spaces. */
export const programRouteName = (program: Program): string => program.programName || modelKey(program.title);

export interface ModelCardView {
  lesson: Lesson;
  /** Open: the 'Building instructions' link shows; locked: the code input shows. */
  access: Exclude<LessonAccess, 'pending'>;
  /** The code, for franchise owners and administrators (they give it to the students). */
  code: string | null;
}

/** A program's model cards, split into main and experimental models, each in metadata.order. */
export const selectModelCards = createSelector(
  [
    selectProgramLessonGroups,
    (state: StoreState, programId: number) => selectProgramById(state, programId),
    selectUserRole,
    selectUnlockedLessonIds,
    (state: StoreState) => state.config.capabilities.serverUnlock,
  ],
  (groups, program, role, unlockedLessonIds, serverReportsUnlocks) => {
    const toCard = (lesson: Lesson): ModelCardView => {
      const access = decideLessonAccess({
        role,
        // A card's lesson came from the server: whatever it said about the unlock is in it.
        server: serverUnlockWord(lesson, serverReportsUnlocks, 'succeeded'),
        storedFlag: unlockedLessonIds.includes(lesson.id),
        programHidden: program?.hidden === true,
      });
      return { lesson, access: access === 'open' ? 'open' : 'locked', code: role === 'administrator' || role === 'franchise_owner' ? lesson.unlockCode : null };
    };
    return { main: groups.main.map(toCard), experimental: groups.experimental.map(toCard) };
  },
);

/**
 * May the gallery of a lesson show (the id route)? With the portal backend it is pending until the
 * program's lessons have loaded, so an edited localStorage never shows a locked gallery, not even
 * for a moment; see entities/lessons/lessonAccess.ts for the rule.
 */
export const selectGalleryAccess = (state: StoreState, programId: number, lessonId: number): LessonAccess =>
  selectLessonAccess(state, programId, lessonId, selectLessonsLoad(state, programId).status);

/**
 * The older route, by model name: the same rule once the route has found its lesson (pending while
 * it looks, with the portal backend), with the model's stored flag counting as the local unlock.
 */
export const selectLegacyGalleryAccess = (state: StoreState, programName: string, modelName: string): LessonAccess => {
  const legacy = selectContent(state).legacyGallery;
  const found = legacy.key === `${programName}/${modelName}`;
  const programId = found ? legacy.programId : null;
  const lessonsLoad = programId === null ? 'idle' : selectLessonsLoad(state, programId).status;
  return selectLessonAccess(state, programId, found ? legacy.lessonId : null, lessonsLoad, modelName);
};

