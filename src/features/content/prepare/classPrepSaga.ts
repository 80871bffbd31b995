import { all, call, getContext, put, race, take, takeLatest } from 'typed-redux-saga';
import type { ApiError, Lesson, LessonDetail } from '../../../api/types';
import { sessionEndedActionTypes } from '../../../entities/session/sessionSlice';
import { savePicture } from '../../../shared/offlineCaches';
import type { SagaServices } from '../../../shared/sagaServices';
import { classPrepActions } from './classPrepSlice';

/** Pictures downloaded at once while preparing for class (the classroom's Wi-Fi is shared). */
export const PREPARE_PARALLEL = 4;

const isApiError = (value: unknown): value is ApiError => typeof value === 'object' && value !== null && typeof (value as ApiError).kind === 'string';

/** The pictures a lesson shows (steps and thumbnails) and its card's: signed or public media URLs. */
export function picturesOf(lessons: readonly Lesson[], details: readonly LessonDetail[]): string[] {
  const urls = new Set<string>();
  const add = (url: string | null | undefined) => {
    if (url) urls.add(url);
  };
  for (const lesson of lessons) {
    add(lesson.smallImage);
    add(lesson.colorTitleImage);
  }
  for (const detail of details) {
    for (const tab of detail.tabs) {
      for (const item of tab.gallery) {
        if (item.embedUrl) continue; // a video's poster frame: the video itself needs the internet
        add(item.original);
        add(item.thumbnail);
      }
    }
  }
  return [...urls];
}

/**
 * "Prepare for class": every model's lesson answer of the program, then every picture, through the
 * service worker's caches; progress as n of N files. A lesson that cannot be loaded stops it
 * (failed); a picture that cannot be saved is counted as missed and the rest go on.
 */
export function* prepareForClass(programId: number) {
  const api = yield* getContext<SagaServices['api']>('api');
  let done = 0;
  let missed = 0;
  try {
    const lessons = yield* call([api, api.getLessons], programId);
    yield* put(classPrepActions.counted({ total: lessons.length }));
    const details: LessonDetail[] = [];
    for (const lesson of lessons) {
      details.push(yield* call([api, api.getLesson], lesson.id));
      done += 1;
      yield* put(classPrepActions.progressed({ done, missed }));
    }
    const pictures = picturesOf(lessons, details);
    yield* put(classPrepActions.counted({ total: lessons.length + pictures.length }));
    for (let start = 0; start < pictures.length; start += PREPARE_PARALLEL) {
      const batch = pictures.slice(start, start + PREPARE_PARALLEL);
      const saved = yield* all(batch.map((url) => call(saveQuietly, url)));
      done += batch.length;
      missed += saved.filter((ok) => !ok).length;
      yield* put(classPrepActions.progressed({ done, missed }));
    }
    yield* put(classPrepActions.finished());
  } catch (error) {
    yield* put(classPrepActions.failed({ error: isApiError(error) ? error : { kind: 'network', status: 0, code: 'prepare_failed', message: '' } }));
  }
}

function* saveQuietly(url: string) {
  try {
    yield* call(savePicture, url);
    return true;
  } catch {
    return false;
  }
}

function* onPrepareRequested(action: ReturnType<typeof classPrepActions.prepareRequested>) {
  // Canceled, or the user signed out: the downloads stop (what was saved stays until sign-out clears it).
  yield* race({
    prepared: call(prepareForClass, action.payload.programId),
    canceled: take(classPrepActions.canceled.type),
    signedOut: take(sessionEndedActionTypes as string[]),
  });
}

export function* classPrepSaga() {
  yield* takeLatest(classPrepActions.prepareRequested.type, onPrepareRequested);
}
