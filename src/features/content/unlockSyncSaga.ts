/**
 * A student's open model list keeps up with the server: when it loads it learns which models are
 * held back by too many wrong codes (so a reload keeps "Too many tries" on that model's card), and
 * while it stays open it asks every UNLOCK_POLL_MS whether her owner unlocked a model for the class,
 * so the card opens without a reload.
 *
 * Asked, not pushed: a class is some 30 tablets, each asking once per UNLOCK_POLL_MS (three short,
 * indexed reads a second per class) only while the list is on screen and the tab visible; an open
 * stream per tablet would hold a connection each for the whole lesson, in the balancer's stream
 * backend sized for the owners' live class views.
 */
import { isAnyOf, type Action } from '@reduxjs/toolkit';
import { call, delay, put, race, spawn, take, takeLatest } from 'typed-redux-saga';
import { lessonsActions } from '../../entities/lessons/lessonsSlice';
import { selectAllLessons } from '../../entities/lessons/lessonsSelectors';
import { selectUserRole } from '../../entities/session/sessionSelectors';
import { sessionActions } from '../../entities/session/sessionSlice';
import { capabilitiesWhenKnown } from '../../entities/config/awaitCapabilities';
import { selectFromStore } from '../../shared/storeHooks';
import type { Lesson } from '../../api/types';
import type { MyUnlocks } from '../../../contract/classroom';
import { getMyUnlocks } from './api';
import { selectContent } from './contentSelectors';
import { contentActions } from './contentSlice';
import { modelKey } from './model/modelNames';

/** Between two reads while the list stays open (a little more or less, so that a class's tablets spread out). */
export const UNLOCK_POLL_MS = 10_000;

const pageLeft = isAnyOf(contentActions.modelsPageClosed, sessionActions.loggedOut, sessionActions.expired);

const visibleAndOnline = (): boolean =>
  (typeof document === 'undefined' || document.visibilityState !== 'hidden') && (typeof navigator === 'undefined' || navigator.onLine !== false);

/** Ends a lock-out learnt from the server at its time, as a refused code's own timer does. */
function* endThrottleAt(lessonId: number, retryAt: number) {
  yield* delay(Math.max(0, retryAt - Date.now()));
  const ui = (yield* selectFromStore(selectContent)).unlock[lessonId];
  if (ui?.status === 'throttled' && ui.retryAt !== null && Date.parse(ui.retryAt) <= Date.now()) yield* put(contentActions.unlockThrottleEnded({ lessonId }));
}

/** One read: unlocks made elsewhere open their cards; lock-outs show on theirs. A failed read changes nothing. */
export function* syncMyUnlocks() {
  let answer: MyUnlocks;
  try {
    answer = yield* call(getMyUnlocks);
  } catch {
    return;
  }
  const lessons = new Map<number, Lesson>((yield* selectFromStore(selectAllLessons)).map((lesson) => [lesson.id, lesson]));
  const opened = answer.unlocked.map((id) => lessons.get(id)).filter((lesson): lesson is Lesson => lesson !== undefined && lesson.unlocked !== true);
  for (const lesson of opened) yield* put(lessonsActions.unlockConfirmed(lesson.id));
  if (opened.length > 0) yield* put(sessionActions.unlocksReceived(opened.map((lesson) => ({ lessonId: lesson.id, modelName: modelKey(lesson.title) }))));
  const unlockUi = (yield* selectFromStore(selectContent)).unlock;
  for (const { lessonId, retryAfter } of answer.lockedOut) {
    const ui = unlockUi[lessonId];
    // A card checking a code, shaking or already held back is left to what it is doing.
    if (!lessons.has(lessonId) || (ui !== undefined && ui.status !== 'locked')) continue;
    const retryAt = Date.now() + retryAfter * 1000;
    yield* put(contentActions.unlockThrottled({ lessonId, retryAt: new Date(retryAt).toISOString() }));
    yield* spawn(endThrottleAt, lessonId, retryAt);
  }
}

/** Until the program's models are known (their cards are what a read updates), or could not be loaded. */
function* modelsKnown(programId: number) {
  if ((yield* selectFromStore(selectContent)).lessons[programId]?.status === 'succeeded') return;
  yield* take(
    (action: Action) =>
      (contentActions.lessonsLoadSucceeded.match(action) || contentActions.lessonsLoadFailed.match(action)) && action.payload.programId === programId,
  );
}

function* keepUp(programId: number) {
  const capabilities = yield* call(capabilitiesWhenKnown);
  if (!capabilities.serverUnlock || (yield* selectFromStore(selectUserRole)) !== 'student') return;
  yield* call(modelsKnown, programId);
  for (;;) {
    if (yield* call(visibleAndOnline)) yield* call(syncMyUnlocks);
    yield* delay(UNLOCK_POLL_MS * (0.8 + Math.random() * 0.4));
  }
}

function* keepUpWhileOpen({ payload }: ReturnType<typeof contentActions.modelsPageOpened>) {
  yield* race({ keep: call(keepUp, payload.programId), left: take(pageLeft) });
}

export function* unlockSyncSaga() {
  yield* takeLatest(contentActions.modelsPageOpened, keepUpWhileOpen);
}
