import { eventChannel, type EventChannel } from 'redux-saga';
import { all, call, delay, put, race, take, takeEvery, takeLatest } from 'typed-redux-saga';
import type { Action } from '@reduxjs/toolkit';
import type { ApiError } from '../../api/types';
import { sessionActions, sessionEndedActionTypes } from '../../entities/session/sessionSlice';
import { storedSessionBack } from '../../entities/session/storedSession';
import { clearUserCaches, serverAnswers } from '../../shared/offlineCaches';
import { keepFirstPages } from './keepFirstPages';
import { offlineActions } from './offlineSlice';

/** Between two checks whether the server answers again, after a request failed for network reasons. */
export const PROBE_INTERVAL_MS = 5000;
/** Which user's lessons the caches hold: another user's sign-in empties them first. */
export const CACHE_OWNER_KEY = 'yo-offline-cache-user';

export const isApiError = (value: unknown): value is ApiError => typeof value === 'object' && value !== null && typeof (value as ApiError).kind === 'string';

/**
 * A failure action of any feature whose request did not reach the server: its payload is the
 * ApiError, or carries it as `error` (the project's two shapes of *Failed actions).
 */
export function isNetworkFailure(action: Action): boolean {
  const payload = (action as { payload?: unknown }).payload;
  const error = isApiError(payload) ? payload : (payload as { error?: unknown } | undefined)?.error;
  return isApiError(error) && error.kind === 'network';
}

function connectivityChannel(): EventChannel<boolean> {
  return eventChannel((emit) => {
    const online = () => emit(true);
    const offline = () => emit(false);
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  });
}

function* watchConnectivity() {
  yield* put(offlineActions.connectivityChanged({ online: navigator.onLine }));
  const channel = yield* call(connectivityChannel);
  try {
    for (;;) {
      const online = yield* take(channel);
      yield* put(offlineActions.connectivityChanged({ online }));
    }
  } finally {
    channel.close();
  }
}

/** After a network failure: the banner shows until the server answers again (checked every few seconds, and when the browser is back online). */
function* probeUntilReached() {
  yield* put(offlineActions.serverUnreachable());
  for (;;) {
    yield* race([delay(PROBE_INTERVAL_MS), take((a: Action) => offlineActions.connectivityChanged.match(a) && a.payload.online)]);
    if (yield* call(serverAnswers)) {
      yield* put(offlineActions.serverReached());
      return;
    }
  }
}

function readCacheOwner(): string | null {
  try {
    return localStorage.getItem(CACHE_OWNER_KEY);
  } catch {
    return null;
  }
}

function writeCacheOwner(userId: number | null): void {
  try {
    if (userId === null) localStorage.removeItem(CACHE_OWNER_KEY);
    else localStorage.setItem(CACHE_OWNER_KEY, String(userId));
  } catch {
    // Private mode without storage: the caches are emptied at every sign-in instead.
  }
}

/** Sign-out (or an ended session) forgets the user's cached lessons; so does another user's sign-in. */
export function* forgetUserCaches() {
  yield* call(clearUserCaches);
  yield* call(writeCacheOwner, null);
}

function* onSignedIn(action: ReturnType<typeof sessionActions.loginSucceeded>) {
  const userId = action.payload.userId;
  if ((yield* call(readCacheOwner)) !== String(userId)) yield* call(clearUserCaches);
  yield* call(writeCacheOwner, userId);
}

export function* offlineSaga() {
  const signedIn = yield* call(storedSessionBack);
  // Nobody signed in when the app starts (a sign-out may have happened before this chunk loaded).
  if (!signedIn) yield* call(forgetUserCaches);
  yield* all([
    call(watchConnectivity),
    call(keepFirstPages),
    takeLatest(isNetworkFailure, probeUntilReached),
    takeEvery(sessionEndedActionTypes as string[], forgetUserCaches),
    takeEvery(sessionActions.loginSucceeded.type, onSignedIn),
  ]);
}
