/** The content's calls of the portal backend (progress, the class's unlocks and a student's own, "I'm stuck"). */
import { CLASS_NOW_PATHS, type ClassNow, type StuckBody } from '../../../contract/classNow';
import { CLASSROOM_PATHS, type ClassUnlockBody, type ClassUnlockResult, type MyUnlocks } from '../../../contract/classroom';
import { PROGRESS_PATHS, type ProgressBody, type ProgressEntry } from '../../../contract/progress';
import { expectRecord, ignoreAnswer, listOrNone, portalCall } from '../../api/portalCall';

/** A student's place in a model; `keepalive` when the page is being hidden or closed (the request outlives it). */
export const saveMyPlace = portalCall(
  (place: ProgressBody, keepalive: boolean) => ({ method: 'PUT', path: PROGRESS_PATHS.myProgress, body: place, ...(keepalive ? { keepalive } : {}) }),
  expectRecord<ProgressEntry>,
);

/** The signed-in student's places, one per model started. */
export const getMyPlaces = portalCall(() => ({ method: 'GET', path: PROGRESS_PATHS.myProgress }), listOrNone<ProgressEntry>);

/** An owner unlocks a model for the students in the room. */
export const unlockForClass = portalCall((body: ClassUnlockBody) => ({ method: 'POST', path: CLASSROOM_PATHS.classUnlocks, body }), expectRecord<ClassUnlockResult>);

/** The owner's classes (the one meeting now marked), for "unlock for the class": the class view of all her students says them. */
export const getClassChoices = portalCall(() => ({ method: 'GET', path: `${CLASS_NOW_PATHS.classNow}?class=all` }), expectRecord<ClassNow>);

/** "I'm stuck" on the model the student is building. */
export const sayStuck = portalCall((body: StuckBody) => ({ method: 'POST', path: CLASS_NOW_PATHS.myStuck, body }), ignoreAnswer);

/** The step the student is on, saved before "I'm stuck" is said on it. */
export const saveStuckPlace = portalCall((place: ProgressBody) => ({ method: 'PUT', path: PROGRESS_PATHS.myProgress, body: place }), ignoreAnswer);

/** The student's unlocked models and the models whose code she may not try now (too many wrong codes). */
export const getMyUnlocks = portalCall(() => ({ method: 'GET', path: CLASSROOM_PATHS.myUnlocks }), expectRecord<MyUnlocks>);
