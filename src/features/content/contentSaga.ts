import type { StoreState } from '../../shared/storeHooks';
import { isAnyOf } from '@reduxjs/toolkit';
import { all, call, delay, fork, getContext, put, takeEvery, takeLatest } from 'typed-redux-saga';
import { toApiError } from '../../api/errors';
import type { ApiClient, Lesson, ResponsiveImage } from '../../api/types';
import { CONTENT_IDS } from '../../../contract';
import { capabilitiesWhenKnown } from '../../entities/config/awaitCapabilities';
import { selectLessonAccess } from '../../entities/lessons/lessonAccess';
import { lessonsActions } from '../../entities/lessons/lessonsSlice';
import { selectAllLessons, selectLessonById, selectLessonDetail } from '../../entities/lessons/lessonsSelectors';
import { programsActions } from '../../entities/programs/programsSlice';
import { selectAllPrograms } from '../../entities/programs/programsSelectors';
import { sessionActions } from '../../entities/session/sessionSlice';
import { MODEL_CODE_LENGTH, SHAKE_DURATION_MS } from '../../shared/constants';
import type { SagaServices } from '../../shared/sagaServices';
import { selectFromStore } from '../../shared/storeHooks';
import { takeLatestUnlessFresh } from '../../shared/takeLatestUnlessFresh';
import { selectContent, selectGalleryAccess, selectModelCards, selectUnlockUi, } from './contentSelectors';
import { contentActions } from './contentSlice';
import { firstPictureOf, firstPictureSizesOf } from './model/firstPicture';
import { modelKey, sameName } from './model/modelNames';
import { preloadImage } from '../../shared/preloadImage';

const unlockOf = (lesson: Lesson) => ({ lessonId: lesson.id, modelName: modelKey(lesson.title) });

// ---- loaders (each catches its own failure) ------------------------------------------------

export function* loadPrograms() {
  const api = yield* getContext<ApiClient>('api');
  yield* put(contentActions.programsLoadStarted());
  try {
    const programs = yield* call([api, api.getPrograms]);
    yield* put(programsActions.received(programs));
    yield* put(contentActions.programsLoadSucceeded());
    return true;
  } catch (error) {
    yield* put(contentActions.programsLoadFailed(toApiError(error)));
    return false;
  }
}

export function* loadLessons(programId: number) {
  const api = yield* getContext<ApiClient>('api');
  yield* put(contentActions.lessonsLoadStarted({ programId }));
  try {
    const lessons = yield* call([api, api.getLessons], programId);
    yield* put(lessonsActions.received({ programId, lessons }));
    // The portal backend says which lessons this student unlocked on any device.
    const unlocked = lessons.filter((lesson) => lesson.unlocked === true).map(unlockOf);
    if (unlocked.length > 0) yield* put(sessionActions.unlocksReceived(unlocked));
    yield* put(contentActions.lessonsLoadSucceeded({ programId, loadedAt: yield* call(Date.now) }));
    return true;
  } catch (error) {
    yield* put(contentActions.lessonsLoadFailed({ programId, error: toApiError(error) }));
    return false;
  }
}

export function* loadLessonDetail(lessonId: number) {
  const api = yield* getContext<ApiClient>('api');
  yield* put(contentActions.lessonDetailLoadStarted({ lessonId }));
  try {
    const detail = yield* call([api, api.getLesson], lessonId);
    yield* put(lessonsActions.detailReceived(detail));
    yield* put(contentActions.lessonDetailLoadSucceeded({ lessonId, loadedAt: yield* call(Date.now) }));
    return true;
  } catch (error) {
    yield* put(contentActions.lessonDetailLoadFailed({ lessonId, error: toApiError(error) }));
    return false;
  }
}

// ---- page flows ----------------------------------------------------------------------------

function* onProgramsPageOpened() {
  yield* call(loadPrograms);
}

function* onModelsPageOpened(action: ReturnType<typeof contentActions.modelsPageOpened>) {
  const { programId } = action.payload;
  // The program (its name, backgrounds) only when not known yet; the lessons always, so unlocks
  // made on another device and new models show up.
  const programs = yield* selectFromStore(selectAllPrograms);
  const needPrograms = !programs.some((program) => program.id === programId);
  yield* all([needPrograms ? call(loadPrograms) : call(noop), call(loadLessonsPreloadingFirstCard, programId)]);
}

/** The first model card's picture (the page's largest) starts downloading as soon as the lessons are known. */
function* loadLessonsPreloadingFirstCard(programId: number) {
  if (!(yield* call(loadLessons, programId))) return false;
  const cards = yield* selectFromStore(selectModelCards, programId);
  yield* call(preloadFirstPicture, (cards.main[0] ?? cards.experimental[0])?.lesson.smallImage);
  return true;
}

function* preloadFirstPicture(url: string | null | undefined, responsive?: ResponsiveImage) {
  if (!url) return;
  const preload = (yield* getContext<SagaServices['preloadImage']>('preloadImage')) ?? preloadImage;
  yield* call(preload, url, responsive);
}

function* noop() {
  // nothing to load
}

/** May this user see this lesson's instructions? The one rule of entities/lessons/lessonAccess.ts. */
function* hasLessonAccess(programId: number, lessonId: number) {
  return (yield* selectFromStore(selectGalleryAccess, programId, lessonId)) === 'open';
}

function* onGalleryOpened(action: ReturnType<typeof contentActions.galleryOpened>) {
  const { programId, lessonId } = action.payload;
  const programs = yield* selectFromStore(selectAllPrograms);
  const needPrograms = !programs.some((program) => program.id === programId);
  const [, , detailLoaded] = yield* all([
    needPrograms ? call(loadPrograms) : call(noop),
    call(loadLessons, programId),
    call(loadDetailPreloadingFirstSlide, programId, lessonId),
  ]);
  if (lessonId === CONTENT_IDS.kitContentsLesson && detailLoaded && (yield* call(hasLessonAccess, programId, lessonId))) {
    yield* call(markKitContentsSeen);
  }
}

/** The first slide starts downloading with the lesson, before the gallery renders, when this user may see it. */
function* loadDetailPreloadingFirstSlide(programId: number, lessonId: number) {
  if (!(yield* call(loadLessonDetail, lessonId))) return false;
  if (yield* call(hasLessonAccess, programId, lessonId)) {
    const detail = yield* selectFromStore(selectLessonDetail, lessonId);
    yield* call(preloadFirstPicture, detail && firstPictureOf(detail), detail ? firstPictureSizesOf(detail) : undefined);
  }
  return true;
}

/** Opening lesson 793 (Kit Contents) sets user meta kit_on_header_clicked = 1 (docs/spec/portal-spec.md section 4). */
function* markKitContentsSeen() {
  yield* put(sessionActions.kitContentsOpened());
  const capabilities = yield* call(capabilitiesWhenKnown);
  if (!capabilities.userMeta) return;
  const api = yield* getContext<ApiClient>('api');
  try {
    yield* call([api, api.markKitContentsOpened]);
  } catch (error) {
    yield* put(contentActions.userMetaSaveFailed(toApiError(error)));
  }
}

function* onLegacyGalleryOpened(action: ReturnType<typeof contentActions.legacyGalleryOpened>) {
  const { programName, modelName } = action.payload;
  const key = `${programName}/${modelName}`;
  const resolved = (status: 'ready' | 'notFound' | 'failed', programId: number | null = null, lessonId: number | null = null) =>
    contentActions.legacyGalleryResolved({ key, status, programId, lessonId });

  let programs = yield* selectFromStore(selectAllPrograms);
  if (programs.length === 0) {
    if (!(yield* call(loadPrograms))) return yield* put(resolved('failed'));
    programs = yield* selectFromStore(selectAllPrograms);
  }
  const program = programs.find(
    (p) => sameName(p.programName, programName) || sameName(p.title, programName) || sameName(p.displayTitle, programName),
  );
  if (!program) return yield* put(resolved('notFound'));

  if (!(yield* call(loadLessons, program.id))) return yield* put(resolved('failed', program.id));
  const lessons = yield* selectFromStore(selectAllLessons);
  const lesson = lessons.find((l) => l.programId === program.id && sameName(l.title, modelName));
  if (!lesson) return yield* put(resolved('notFound', program.id));

  // The server has now said whether this student unlocked the model: no instructions to fetch when locked.
  const access = yield* selectFromStore(selectLessonAccess, program.id, lesson.id, 'succeeded', modelName);
  if (access !== 'open') return yield* put(resolved('ready', program.id, lesson.id));

  if (!(yield* call(loadLessonDetail, lesson.id))) return yield* put(resolved('failed', program.id, lesson.id));
  yield* put(resolved('ready', program.id, lesson.id));
}

// ---- unlock --------------------------------------------------------------------------------

function* onUnlockCodeChanged(action: ReturnType<typeof contentActions.unlockCodeChanged>) {
  const { lessonId, modelName } = action.payload;
  // The reducer already kept digits only and ignored typing while a check or a shake runs.
  const ui = yield* selectFromStore(selectUnlockUi, lessonId);
  if (ui.status !== 'locked' || ui.code.length !== MODEL_CODE_LENGTH) return;
  const code = ui.code;

  yield* put(contentActions.unlockCheckStarted({ lessonId }));
  const capabilities = yield* call(capabilitiesWhenKnown);
  const lesson = yield* selectFromStore(selectLessonById, lessonId);

  // A lesson that says whether she unlocked it came from the portal backend, which alone checks its
  // code: also when the site's index could not be read (an app started offline takes the site for
  // plain WordPress), so that offline a right code is not called wrong.
  if (capabilities.serverUnlock || typeof lesson?.unlocked === 'boolean') {
    const api = yield* getContext<ApiClient>('api');
    try {
      yield* call([api, api.unlockLesson], lessonId, code);
    } catch (caught) {
      const error = toApiError(caught);
      if (error.status === 429 || error.code === 'too_many_attempts') {
        const waitSeconds = Math.max(1, error.retryAfter ?? 60);
        const retryAt = new Date(Date.now() + waitSeconds * 1000).toISOString();
        yield* put(contentActions.unlockThrottled({ lessonId, retryAt }));
        yield* delay(waitSeconds * 1000);
        yield* put(contentActions.unlockThrottleEnded({ lessonId }));
        return;
      }
      if (error.code === 'wrong_code') {
        yield* call(shakeAndReset, lessonId);
        return;
      }
      yield* put(contentActions.unlockFailed({ lessonId, error }));
      return;
    }
    yield* put(lessonsActions.unlockConfirmed(lessonId));
  } else {
    // A plain WordPress site sends the code with the lesson (docs/spec/portal-spec.md section 4).
    if (!lesson || lesson.unlockCode === null || lesson.unlockCode.trim() !== code) {
      yield* call(shakeAndReset, lessonId);
      return;
    }
  }
  yield* put(sessionActions.modelUnlocked({ lessonId, modelName }));
  yield* put(contentActions.unlockSucceeded({ lessonId }));
}

/** The card shakes for SHAKE_DURATION_MS, then its input resets (the timer lives here, not in a component). */
function* shakeAndReset(lessonId: number) {
  yield* put(contentActions.unlockRejected({ lessonId }));
  yield* delay(SHAKE_DURATION_MS);
  yield* put(contentActions.unlockShakeEnded({ lessonId }));
}

const sessionEnded = isAnyOf(sessionActions.loggedOut, sessionActions.expired);

type ModelsPageOpened = ReturnType<typeof contentActions.modelsPageOpened>;
type GalleryOpened = ReturnType<typeof contentActions.galleryOpened>;
const modelsPageKey = (action: ModelsPageOpened) => `models:${action.payload.programId}`;
const galleryKey = (action: GalleryOpened) => `gallery:${action.payload.programId}:${action.payload.lessonId}`;
const modelsPageLoads = (state: StoreState, { payload }: ModelsPageOpened) => [selectContent(state).lessons[payload.programId]];
const galleryLoads = (state: StoreState, { payload }: GalleryOpened) => [
  selectContent(state).lessons[payload.programId],
  selectContent(state).lessonDetails[payload.lessonId],
];

export function* contentSaga() {
  yield* takeLatest(contentActions.programsPageOpened, onProgramsPageOpened);
  // A page opened again while its data loads, or soon after, asks nothing again (one request when
  // the start-up opened it early and the page then mounts).
  yield* fork(takeLatestUnlessFresh(contentActions.modelsPageOpened.match, modelsPageKey, modelsPageLoads, onModelsPageOpened, sessionEnded));
  yield* fork(takeLatestUnlessFresh(contentActions.galleryOpened.match, galleryKey, galleryLoads, onGalleryOpened, sessionEnded));
  yield* takeLatest(contentActions.legacyGalleryOpened, onLegacyGalleryOpened);
  yield* takeEvery(contentActions.unlockCodeChanged, onUnlockCodeChanged);
}
