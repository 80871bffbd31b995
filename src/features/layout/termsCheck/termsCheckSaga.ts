/**
 * Asks again for the terms of use when they changed. A user with no acceptance on record agreed
 * when signing in (the login's terms checkbox): that is recorded at once, without asking twice.
 * A backend without the route (a plain WordPress site) asks nothing.
 */
import { call, put, select, takeLeading } from 'typed-redux-saga';
import type { TermsAcceptanceState } from '../../../../contract/privacy';
import { toApiError } from '../../../api/errors';
import { acceptTerms, getTermsState } from '../api';
import { selectTermsCheck, termsCheckActions } from './termsCheckSlice';

function* settle(state: TermsAcceptanceState) {
  if (state.currentVersion === null || state.acceptedVersion === state.currentVersion) yield* put(termsCheckActions.upToDate());
  else yield* put(termsCheckActions.acceptanceNeeded({ version: state.currentVersion }));
}

function* check() {
  try {
    let state = yield* call(getTermsState);
    const version = state.currentVersion;
    if (version !== null && state.acceptedVersion === null) state = yield* call(acceptTerms, version);
    yield* call(settle, state);
  } catch {
    // No route, no network: nothing to ask now (the next visit checks again).
    yield* put(termsCheckActions.upToDate());
  }
}

function* accept() {
  const { version } = yield* select(selectTermsCheck);
  if (version === null) return;
  try {
    yield* call(settle, yield* call(acceptTerms, version));
  } catch (err) {
    const error = toApiError(err);
    // Changed again while they read: ask for the newest version.
    if (error.code === 'terms_changed') {
      try {
        yield* call(settle, yield* call(getTermsState));
        return;
      } catch {
        // fall through to the calm message
      }
    }
    yield* put(termsCheckActions.acceptFailed({ error }));
  }
}

export function* termsCheckSaga() {
  yield* takeLeading(termsCheckActions.checkRequested, check);
  yield* takeLeading(termsCheckActions.acceptSubmitted, accept);
}
