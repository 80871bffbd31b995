/**
 * Reads the class-now stream (text/event-stream through the one transport, so with the session's
 * Bearer token: EventSource could not send it) and turns it into plain actions. A dropped or silent
 * connection is opened again after a growing pause; each new connection starts with a snapshot.
 */
import { eventChannel, type EventChannel } from 'redux-saga';
import { call, delay, getContext, put, race, take, takeEvery, takeLatest } from 'typed-redux-saga';
import type { ClassNowEvent } from '../../../contract/classNow';
import { toApiError } from '../../api/errors';
import type { ApiClient, ApiError } from '../../api/types';
import { classNowActions } from './classNowSlice';
import { markHelped, openClassStream } from './api';
import { splitSse } from './sseEvents';

/** Pauses before the next attempt after each failed one in a row (the last repeats). */
export const RECONNECT_DELAYS_MS = [1000, 2000, 4000, 8000, 15_000];
/** The server sends a heartbeat every 15 s: this long without a byte means the connection is dead. */
export const SILENCE_MS = 40_000;

type StreamMessage = { kind: 'event'; event: ClassNowEvent } | { kind: 'alive' } | { kind: 'ended'; error: ApiError | null };

function streamChannel(api: ApiClient, ownerId: number | null, classChoice: string | null): EventChannel<StreamMessage> {
  return eventChannel<StreamMessage>((emit) => {
    const abort = new AbortController();
    void (async () => {
      try {
        const reader = await openClassStream(api, ownerId, classChoice, abort.signal);
        const decoder = new TextDecoder();
        let buffer = '';
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          const { data, rest } = splitSse(buffer + (typeof value === 'string' ? value : decoder.decode(value, { stream: true })));
          buffer = rest;
          emit({ kind: 'alive' });
          for (const text of data) {
            try {
              emit({ kind: 'event', event: JSON.parse(text) as ClassNowEvent });
            } catch {
              // A line that is not JSON is skipped; the next snapshot puts things right.
            }
          }
        }
        if (!abort.signal.aborted) emit({ kind: 'ended', error: null });
      } catch (error) {
        if (!abort.signal.aborted) emit({ kind: 'ended', error: toApiError(error) });
      }
    })();
    return () => abort.abort();
  });
}

/** A refusal no retry mends: the page says so instead of reconnecting for ever. */
const isFinal = (error: ApiError): boolean => error.kind === 'expired' || (error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429);

function* watchClass(ownerId: number | null, classChoice: string | null) {
  const api = yield* getContext<ApiClient>('api');
  let failures = 0;
  for (;;) {
    const channel = yield* call(streamChannel, api, ownerId, classChoice);
    let error: ApiError | null = null;
    try {
      for (;;) {
        const { message } = yield* race({ message: take(channel), silent: delay(SILENCE_MS) });
        if (!message) break;
        if (message.kind === 'ended') {
          error = message.error;
          break;
        }
        if (message.kind !== 'event') continue;
        const event = message.event;
        if (event.type === 'snapshot') {
          failures = 0;
          const snapshot = { ownerId: event.ownerId, at: event.at, students: event.students, lockedOut: event.lockedOut ?? [], classId: event.classId ?? null, classes: event.classes ?? [] };
          yield* put(classNowActions.snapshotReceived({ snapshot, receivedAt: Date.now() }));
        } else if (event.type === 'student') {
          yield* put(classNowActions.studentReceived(event.student));
        } else if (event.type === 'left') {
          yield* put(classNowActions.studentLeft({ studentId: event.studentId }));
        } else if (event.type === 'lockouts') {
          yield* put(classNowActions.lockoutsReceived(event.lockedOut));
        }
      }
    } finally {
      channel.close();
    }
    if (error && isFinal(error)) {
      yield* put(classNowActions.connectionRefused(error));
      return;
    }
    const wait = RECONNECT_DELAYS_MS[Math.min(failures, RECONNECT_DELAYS_MS.length - 1)]!;
    failures += 1;
    yield* put(classNowActions.connectionLost({ retryAt: Date.now() + wait }));
    yield* delay(wait);
  }
}

function* watchWhileOpen({ payload }: ReturnType<typeof classNowActions.opened>) {
  // Leaving the page (or signing out, which leaves it) ends the stream: the channel's close aborts the
  // request. Another class chosen opens the page again: takeLatest ends this stream for the new one.
  yield* race({ watch: call(watchClass, payload.ownerId, payload.classChoice), closed: take(classNowActions.closed) });
}

function* onHelpRequested({ payload }: ReturnType<typeof classNowActions.helpRequested>) {
  try {
    const answer = yield* call(markHelped, payload.studentId);
    yield* put(classNowActions.helpSucceeded({ studentId: answer.studentId }));
  } catch {
    yield* put(classNowActions.helpFailed({ studentId: payload.studentId }));
  }
}

export function* classNowSaga() {
  yield* takeLatest(classNowActions.opened, watchWhileOpen);
  yield* takeEvery(classNowActions.helpRequested, onHelpRequested);
}

