/**
 * Saving a signed-in student's place as they move through a model, on the portal backend
 * only. Steps are debounced (the latest place per model goes, SAVE_DELAY_MS after the last step) and
 * sent at once when the page is hidden or closed (keepalive, so the request outlives the page). The
 * gallery never waits for any of it. A network failure keeps the places (progressOutbox.ts) for when
 * the connection returns or the next start; a refusal (400, 403, 404) drops the place for good.
 */
import { buffers, channel, eventChannel, type Channel, type EventChannel } from 'redux-saga';
import { call, delay, fork, put, select, take, takeLatest } from 'typed-redux-saga';
import type { ProgressBody } from '../../../../contract/progress';
import { toApiError } from '../../../api/errors';
import type { ApiError } from '../../../api/types';
import { configActions, selectCapabilitiesKnown } from '../../../entities/config/configSlice';
import { sessionActions } from '../../../entities/session/sessionSlice';
import { getMyPlaces, saveMyPlace } from '../api';
import { contentActions } from '../contentSlice';
import { ProgressOutbox } from './progressOutbox';
import { progressActions, selectModelPlace, selectProgressLoad, selectTrackedStudent } from './progressSlice';

/**
 * A child stepping quickly sends one save, not one per step; short enough that the teacher's live
 * view (which polls every 500 ms) shows a move within a second or so.
 */
export const SAVE_DELAY_MS = 400;


type Flush = { keepalive: boolean };

/** What sends the places now: the page being hidden or closed, or the connection coming back. */
function pageEvents(): EventChannel<Flush> {
  return eventChannel<Flush>((emit) => {
    const hidden = () => {
      if (document.visibilityState === 'hidden') emit({ keepalive: true });
    };
    const leaving = () => emit({ keepalive: true });
    const online = () => emit({ keepalive: false });
    document.addEventListener('visibilitychange', hidden);
    window.addEventListener('pagehide', leaving);
    window.addEventListener('online', online);
    return () => {
      document.removeEventListener('visibilitychange', hidden);
      window.removeEventListener('pagehide', leaving);
      window.removeEventListener('online', online);
    };
  });
}

/** Kept for later: the network, or a server that failed on its side. */
const worthRetrying = (error: ApiError) => error.kind === 'network' || error.kind === 'server';

function* sendAll(outbox: ProgressOutbox, { keepalive }: Flush) {
  for (const place of outbox.all()) {
    // Only the student whose places these are, still signed in.
    if ((yield* select(selectTrackedStudent)) !== outbox.userId) return;
    try {
      const saved = yield* call(saveMyPlace, place, keepalive);
      outbox.settle(place);
      yield* put(progressActions.placeSaved(saved));
    } catch (caught) {
      const error = toApiError(caught);
      if (error.kind === 'expired') return;
      if (worthRetrying(error)) {
        yield* put(progressActions.placeKept({ lessonId: place.lessonId }));
        return;
      }
      outbox.settle(place);
      yield* put(progressActions.placeDropped({ lessonId: place.lessonId, status: error.status, code: error.code }));
    }
  }
}

function* load(outbox: () => ProgressOutbox) {
  // A gallery opened straight from its address asks before the site's capabilities are known.
  if (!(yield* select(selectCapabilitiesKnown))) yield* take(configActions.capabilitiesDiscovered);
  if ((yield* select(selectTrackedStudent)) === null) return;
  yield* put(progressActions.loadStarted());
  try {
    const entries = yield* call(getMyPlaces);
    yield* put(progressActions.loaded({ entries, unsent: outbox().all() }));
  } catch (error) {
    yield* put(progressActions.loadFailed(toApiError(error)));
  }
}

function* sender(outbox: () => ProgressOutbox, flushes: Channel<Flush>) {
  while (true) {
    const flush = yield* take(flushes);
    if (outbox().size > 0) yield* call(sendAll, outbox(), flush);
  }
}

export function* progressSaga() {
  let outbox = new ProgressOutbox(yield* select(selectTrackedStudent));
  const current = () => outbox;
  const flushes = yield* call(channel<Flush>, buffers.sliding<Flush>(1));
  const events = yield* call(pageEvents);
  yield* fork(sender, current, flushes);
  yield* fork(function* relayPageEvents() {
    while (true) flushes.put(yield* take(events));
  });
  yield* takeLatest([contentActions.galleryOpened, contentActions.legacyGalleryOpened, contentActions.modelsPageOpened, progressActions.loadRequested], load, current);

  // Whatever the last visit could not send (the server's places load as its pages open).
  if (outbox.size > 0) flushes.put({ keepalive: false });

  // The latest step starts the wait again (takeLatest cancels the previous wait).
  yield* takeLatest(progressActions.placeQueued, function* debounced() {
    yield* delay(SAVE_DELAY_MS);
    flushes.put({ keepalive: false });
  });

  while (true) {
    const action = yield* take([contentActions.stepViewed, sessionActions.loginSucceeded, sessionActions.loggedOut, sessionActions.expired]);
    if (!contentActions.stepViewed.match(action)) {
      outbox = new ProgressOutbox(yield* select(selectTrackedStudent));
      yield* put(progressActions.cleared());
      if (outbox.size > 0) flushes.put({ keepalive: false });
      if (sessionActions.loginSucceeded.match(action)) yield* put(progressActions.loadRequested());
      continue;
    }
    const student = yield* select(selectTrackedStudent);
    if (student === null) continue;
    if (student !== outbox.userId) outbox = new ProgressOutbox(student);
    const { programId: _program, ...place } = action.payload;
    const opening = place.tabIndex === 0 && place.step === 1;
    // A gallery opens at its first step before the server's places may have come: that step must
    // not overwrite a place saved on another device. It counts only where the server has none.
    if (opening && (yield* select(selectProgressLoad)).status !== 'ready') yield* fork(queueIfFirst, current, place);
    else yield* call(queue, outbox, place);
  }
}

function* queue(outbox: ProgressOutbox, place: ProgressBody) {
  outbox.put(place);
  yield* put(progressActions.placeQueued(place));
}

function* queueIfFirst(outbox: () => ProgressOutbox, place: ProgressBody) {
  const outcome = yield* take([progressActions.loaded, progressActions.loadFailed, progressActions.cleared]);
  if (!progressActions.loaded.match(outcome)) return;
  if ((yield* select(selectModelPlace, place.lessonId)) === null) yield* call(queue, outbox(), place);
}

