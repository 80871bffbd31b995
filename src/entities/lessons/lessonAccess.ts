import { createSelector } from '@reduxjs/toolkit';
import type { Lesson, Role } from '../../api/types';
import type { StoreState } from '../../shared/storeHooks';
import { isProgramVisibleTo, selectProgramById } from '../programs/programsSelectors';
import { isPrivilegedRole } from '../session/sessionSelectors';
import { selectLessonById } from './lessonsSelectors';

/**
 * The one rule for who may open a lesson's instructions (docs/spec/portal-spec.md sections 4 and 6).
 * Selectors, sagas and the gallery pages all ask selectLessonAccess (or decideLessonAccess).
 */
export type LessonAccess = 'open' | 'locked' | 'pending';

/**
 * What the server says about this user and lesson:
 * - true / false: `unlocked` came with the lesson (the portal backend sends it to students only);
 * - 'awaited': the portal backend will say once the program's lessons have loaded;
 * - 'silent': the lessons came without a word on this one (the server does not see a student);
 * - 'unavailable': there is no word to be had (a plain WordPress site, or the lessons failed to load).
 */
export type ServerUnlockWord = boolean | 'awaited' | 'silent' | 'unavailable';

export interface LessonAccessFacts {
  role: Role | null;
  server: ServerUnlockWord;
  /** This device remembers an unlock: the lesson id in OpenedPrograms, or the model's flag. */
  storedFlag: boolean;
  /** The lesson's program is hidden (metadata.hide); false while the program is unknown. */
  programHidden: boolean;
}

/**
 * The server's answer always wins over a stored flag (which anyone can edit in localStorage): the
 * flag decides only when there is no answer to be had. The server sends `unlocked` to students
 * only, so its answer also outranks a role edited into the stored session; while the answer is
 * awaited nothing shows, not even to a privileged role. Hidden programs are for administrators.
 */
export function decideLessonAccess({ role, server, storedFlag, programHidden }: LessonAccessFacts): LessonAccess {
  if (programHidden && !isProgramVisibleTo(role, { hidden: true })) return 'locked';
  if (typeof server === 'boolean') return server ? 'open' : 'locked';
  if (server === 'awaited') return 'pending';
  if (isPrivilegedRole(role)) return 'open';
  return server === 'unavailable' && storedFlag ? 'open' : 'locked';
}

export type LessonsLoadStatus = 'idle' | 'loading' | 'succeeded' | 'failed';

/** The server's word on a lesson, from the lesson (if loaded), the backend's capability and the load of its program's lessons. */
export function serverUnlockWord(lesson: Lesson | undefined, serverReportsUnlocks: boolean, lessonsLoad: LessonsLoadStatus): ServerUnlockWord {
  if (typeof lesson?.unlocked === 'boolean') return lesson.unlocked;
  if (!serverReportsUnlocks || lessonsLoad === 'failed') return 'unavailable';
  return lessonsLoad === 'succeeded' ? 'silent' : 'awaited';
}

/** A model's flag, stored under its name with or without spaces ('Flying Chairs', 'FlyingChairs'). */
export const hasModelFlag = (flags: Record<string, boolean>, modelName: string): boolean =>
  flags[modelName] === true || flags[modelName.replace(/\s+/g, '')] === true;


/**
 * May this user open the lesson? `lessonId` is null while the older route has not yet found its
 * lesson; `lessonsLoad` is the load of the program's lessons; `modelName` (older route) also
 * counts the model's stored flag.
 */
export const selectLessonAccess = createSelector(
  [
    (state: StoreState, _programId: number | null, lessonId: number | null) =>
      lessonId === null ? undefined : selectLessonById(state, lessonId),
    (state: StoreState, programId: number | null) => (programId === null ? undefined : selectProgramById(state, programId)),
    (_state: StoreState, _programId: number | null, lessonId: number | null) => lessonId,
    (_state: StoreState, _programId: number | null, _lessonId: number | null, lessonsLoad: LessonsLoadStatus) => lessonsLoad,
    (_state: StoreState, _programId: number | null, _lessonId: number | null, _lessonsLoad: LessonsLoadStatus, modelName?: string) =>
      modelName,
    (state: StoreState) => state.session.userRole,
    (state: StoreState) => state.session.unlockedLessonIds,
    (state: StoreState) => state.session.unlockedModels,
    (state: StoreState) => state.config.capabilities.serverUnlock,
  ],
  (lesson, program, lessonId, lessonsLoad, modelName, role, unlockedLessonIds, unlockedModels, serverReportsUnlocks) =>
    decideLessonAccess({
      role,
      server: serverUnlockWord(lesson, serverReportsUnlocks, lessonsLoad),
      storedFlag:
        (lessonId !== null && unlockedLessonIds.includes(lessonId)) ||
        (modelName !== undefined && hasModelFlag(unlockedModels, modelName)),
      programHidden: program?.hidden === true,
    }),
);
