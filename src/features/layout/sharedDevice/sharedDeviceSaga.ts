/**
 * A shared tablet's session also ends on the server after the idle time without a request, and a
 * child who only reads or scrolls makes none: touches tell the server too, at most once a minute,
 * as a token check. A card voided meanwhile (or a session the server already ended) then signs the
 * tablet out at the next touch, as any refused token does.
 */
import { buffers } from 'redux-saga';
import { actionChannel, call, delay, getContext, take } from 'typed-redux-saga';
import type { ApiClient } from '../../../api/types';
import { sharedDeviceActive } from './sharedDeviceActions';

export const KEEP_ALIVE_EVERY_MS = 60_000;

function* tellServer() {
  const api = yield* getContext<ApiClient>('api');
  try {
    yield* call([api, api.validateToken]);
  } catch {
    // A refused token is reported by the client itself (the session ends); no network: the next touch tries again.
  }
  yield* delay(KEEP_ALIVE_EVERY_MS);
}

/** The last touch during a wait is kept, and told when the wait is over: the server never lags the tablet by more than the wait. */
export function* sharedDeviceSaga() {
  const touches = yield* actionChannel(sharedDeviceActive.type, buffers.sliding<ReturnType<typeof sharedDeviceActive>>(1));
  for (;;) {
    yield* take(touches);
    yield* call(tellServer);
  }
}
