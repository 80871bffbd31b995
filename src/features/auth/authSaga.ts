import { REHYDRATE } from 'redux-persist';
import type { UnknownAction } from '@reduxjs/toolkit';
import { all, call, getContext, put, takeEvery, takeLatest } from 'typed-redux-saga';
import { USER_LOCALES } from '../../../contract';
import { toApiError } from '../../api/errors';
import type { ApiClient, CurrentUser, LoginResult } from '../../api/types';
import { selectCapabilities, selectCapabilitiesKnown } from '../../entities/config/configSlice';
import { selectSession, selectToken } from '../../entities/session/sessionSelectors';
import { sessionActions } from '../../entities/session/sessionSlice';
import { paths } from '../../shared/paths';
import type { Navigator } from '../../shared/sagaServices';
import { authActions } from './authSlice';
import { landingPath } from '../../entities/session/landingPath';
import { selectFromStore } from '../../shared/storeHooks';
import { isLanguage } from '../../shared/i18n/i18n';

const getApi = () => getContext<ApiClient>('api');
const getNavigator = () => getContext<Navigator>('navigator');

/**
 * Sign in, then the role redirect (docs/spec/portal-spec.md section 2). Any failure of the login
 * call is 'Wrong username or password'. A user whose role no answer names is not sent to a guessed
 * page: they stay on the login page, signed out (authActions.loginLackedRole). A named role the
 * portal has no pages for is the spec's "anyone else" (building instructions).
 */
export function* login(action: ReturnType<typeof authActions.loginSubmitted>) {
  const api = yield* getApi();
  let landing: string;
  try {
    let result = yield* call([api, api.login], action.payload.username.trim(), action.payload.password);
    if (result.userId === 0 || result.role === 'none') result = yield* call(completeIdentity, api, result);
    if (result.role === 'none') {
      yield* put(authActions.loginLackedRole());
      return;
    }
    yield* call(applyRememberedLanguage, result.locale);
    yield* put(sessionActions.loginSucceeded(result));
    landing = action.payload.returnTo ?? landingPath(result.role, result.userName);
  } catch (error) {
    yield* put(authActions.loginFailed(toApiError(error)));
    return;
  }
  const navigator = yield* getNavigator();
  yield* call([navigator, navigator.navigate], landing, { replace: true });
}

/**
 * The public JWT plugin's login answer names neither the user id nor the roles; WordPress core's
 * users/me does, asked with the new token. The login answer's own values win where it has them.
 */
function* completeIdentity(api: ApiClient, result: LoginResult) {
  try {
    const me = yield* call([api, api.getCurrentUser], result.token);
    return { ...result, userId: result.userId || me.id, role: result.role === 'none' ? me.role : result.role, userName: result.userName || me.name, locale: result.locale ?? me.locale };
  } catch {
    return result;
  }
}

/**
 * On start, a stored token is trusted only after token/validate answers (docs/spec/portal-spec.md
 * section 4).
 * - 200: the session is valid.
 * - 401/403: the token is stale or tampered with: the session ends and the user goes to /. (The
 *   real ApiClient already reported it through onSessionExpired; expire only if it has not.)
 * - Network failure or a server fault: we could not check. A student on flaky classroom Wi-Fi must
 *   not be signed out by a blip, so we let them in; the backend still checks the token on every
 *   call, and the first 401/403 there ends the session anyway.
 * users/me is asked at the same time (one round trip on a slow classroom network, not two); its
 * answer counts only once token/validate has accepted the token.
 */
export function* validateStoredToken() {
  const token = yield* selectFromStore(selectToken);
  if (token === null) return;
  const { verdict, me } = yield* all({ verdict: call(checkToken), me: call(askWhoAmI) });
  if (verdict === 'rejected') {
    if ((yield* selectFromStore(selectToken)) === token) yield* put(sessionActions.expired());
    return;
  }
  // Only if the session is still the one we checked (the user may have logged out meanwhile).
  if ((yield* selectFromStore(selectToken)) !== token) return;
  if (me) yield* call(confirmIdentity, me);
  yield* call(applyRememberedLanguage, me?.locale);
  yield* put(sessionActions.tokenValidated());
}

/** 'rejected' on 401/403; 'unreachable' when the check itself failed (see above). */
function* checkToken() {
  const api = yield* getApi();
  try {
    yield* call([api, api.validateToken]);
    return 'valid' as const;
  } catch (caught) {
    const error = toApiError(caught);
    return error.kind === 'expired' ? ('rejected' as const) : ('unreachable' as const);
  }
}

/**
 * The backend's word on who the token belongs to, where it can say (users/me); null otherwise.
 * Asked at once while the site's REST index is still on its way (users/me is WordPress core, and
 * a site without it only costs a 404), so no screen waits for the index.
 */
function* askWhoAmI() {
  const { userMeta } = yield* selectFromStore(selectCapabilities);
  if (!userMeta && (yield* selectFromStore(selectCapabilitiesKnown))) return null;
  const api = yield* getApi();
  try {
    return yield* call([api, api.getCurrentUser]);
  } catch {
    // Could not ask: keep the stored identity (see confirmIdentity).
    return null;
  }
}

/**
 * The stored role, user id and name are only what localStorage says, and a student can edit them.
 * Where the backend can tell (users/me), its answer replaces them before any screen trusts them;
 * where it cannot (a plain WordPress site without that route, a network blip), the backend still
 * refuses every call the real user may not make.
 */
function* confirmIdentity(me: CurrentUser) {
  const stored = yield* selectFromStore(selectSession);
  if (me.id !== stored.userId || me.role !== stored.userRole || (me.name !== '' && me.name !== stored.userName)) {
    yield* put(sessionActions.identityConfirmed({ userId: me.id, role: me.role, userName: me.name }));
  }
}

/**
 * The user's remembered language (WordPress locale he_IL: he). Put before the session counts as
 * valid (signed in or checked), so saveLanguage does not send it back.
 */
function* applyRememberedLanguage(locale: string | undefined) {
  const language = locale?.slice(0, 2);
  if (isLanguage(language) && language !== (yield* selectFromStore(selectSession)).language) yield* put(sessionActions.languageChosen({ language }));
}

/** A language chosen while signed in follows the user to their other devices; not saved (offline), it stays on this one, quietly. */
function* saveLanguage(action: ReturnType<typeof sessionActions.languageChosen>) {
  const { token, valid } = yield* selectFromStore(selectSession);
  const locale = USER_LOCALES.find((code) => code.startsWith(action.payload.language));
  if (!token || !valid || !locale) return;
  const api = yield* getApi();
  try {
    yield* call([api, api.saveLocale], locale);
  } catch {
    // The choice is kept on this device; the next choice online saves it.
  }
}

/** Log out and expiry both end at the start page; the slices have already forgotten the user. */
export function* returnHome() {
  const navigator = yield* getNavigator();
  yield* call([navigator, navigator.navigate], paths.home.href(), { replace: true });
}

export function* resetPassword(action: ReturnType<typeof authActions.passwordResetSubmitted>) {
  const api = yield* getApi();
  try {
    const result = yield* call([api, api.resetPassword], action.payload.email.trim());
    yield* put(authActions.passwordResetSucceeded({ message: result.message }));
  } catch (error) {
    yield* put(authActions.passwordResetFailed(toApiError(error)));
  }
}

const isRehydrate = (action: unknown): boolean => (action as UnknownAction).type === REHYDRATE;

export function* authSaga() {
  // The session may already be back from storage when this saga starts.
  const session = (yield* selectFromStore(selectSession)) as { _persist?: { rehydrated?: boolean } };
  yield* all([
    takeLatest(authActions.loginSubmitted, login),
    takeLatest(authActions.passwordResetSubmitted, resetPassword),
    takeLatest(sessionActions.languageChosen, saveLanguage),
    takeEvery([sessionActions.loggedOut, sessionActions.expired], returnHome),
    takeLatest(isRehydrate, validateStoredToken),
    ...(session._persist?.rehydrated ? [call(validateStoredToken)] : []),
  ]);
}
