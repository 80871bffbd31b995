import { call, getContext, put, select, takeLatest, takeLeading } from 'typed-redux-saga';
import { saveAs } from 'file-saver';
import type { FamilySession } from '../../../contract/family';
import { toApiError } from '../../api/errors';
import type { ApiError } from '../../api/types';
import { selectFamilySession, selectIsSignedIn } from '../../entities/session/sessionSelectors';
import { sessionActions, type FamilySessionState } from '../../entities/session/sessionSlice';
import { paths } from '../../shared/paths';
import type { Navigator } from '../../shared/sagaServices';
import { askForErasure, askForSignInLink, endFamilySession, getChildData, getFamilyOverview, openFamilySession, saveFamilySettings, unsubscribeFamily, writeToTeacher } from './api';
import { familyActions } from './familySlice';

const familySessionState = (session: FamilySession): FamilySessionState => ({
  token: session.token,
  email: session.email,
  parentName: session.name,
  language: session.language,
  expiresAt: session.expiresAt,
});

/** A refusal of the parent's token itself (ended, signed out elsewhere): not a refusal of what was asked. */
const sessionRefused = (error: ApiError) => error.status === 401 || (error.status === 403 && (error.code.startsWith('jwt_auth') || error.code === 'rest_forbidden'));

function* navigate(to: string) {
  const navigator = yield* getContext<Navigator>('navigator');
  yield* call([navigator, navigator.navigate], to, { replace: true });
}

/** The parent's token, or null after sending the parent to sign in again. */
function* familyToken() {
  const family = yield* select(selectFamilySession);
  if (family && Date.parse(family.expiresAt) > Date.now()) return family.token;
  yield* call(endSession);
  return null;
}

function* endSession() {
  yield* put(familyActions.sessionEnded());
  yield* put(sessionActions.familySignedOut());
  yield* call(navigate, paths.familySignIn.href());
}

/** A failure: the session ended (to sign in again), or the action's own failure. */
function* failed(error: unknown, action: (error: ApiError) => { type: string }) {
  const apiError = toApiError(error);
  if (sessionRefused(apiError)) yield* call(endSession);
  else yield* put(action(apiError));
}

function* onLinkRequested({ payload }: ReturnType<typeof familyActions.linkRequested>) {
  try {
    yield* call(askForSignInLink, payload.email, payload.language);
    yield* put(familyActions.linkSent());
  } catch (error) {
    yield* put(familyActions.linkFailed(toApiError(error)));
  }
}

/** The link signs in once: whoever was signed in on the device is signed out first, and the parent lands on the family page. */
function* onSignInOpened({ payload }: ReturnType<typeof familyActions.signInOpened>) {
  let session: FamilySession;
  try {
    session = yield* call(openFamilySession, payload.token);
  } catch (error) {
    yield* put(familyActions.signInFailed(toApiError(error)));
    return;
  }
  if (yield* select(selectIsSignedIn)) yield* put(sessionActions.loggedOut());
  yield* put(sessionActions.familySignedIn(familySessionState(session)));
  yield* call(navigate, paths.family.href());
}

function* onOverviewRequested() {
  const token = yield* familyToken();
  if (!token) return;
  try {
    yield* put(familyActions.overviewLoaded(yield* call(getFamilyOverview, token)));
  } catch (error) {
    yield* failed(error, familyActions.overviewFailed);
  }
}

function* onSignOut() {
  const family = yield* select(selectFamilySession);
  try {
    if (family) yield* call(endFamilySession, family.token);
  } catch {
    // Signed out on this device whatever the server says; an unended session ends by itself.
  }
  // The parents' way in, as the family page itself sends a parent without a session.
  yield* put(sessionActions.familySignedOut());
  yield* call(navigate, paths.familySignIn.href());
}

function* onMessageSent({ payload }: ReturnType<typeof familyActions.messageSent>) {
  const token = yield* familyToken();
  if (!token) return;
  try {
    yield* call(writeToTeacher, token, payload.studentId, payload.text);
    yield* put(familyActions.messageDelivered({ studentId: payload.studentId }));
  } catch (error) {
    yield* failed(error, (apiError) => familyActions.messageFailed({ studentId: payload.studentId, error: apiError }));
  }
}

export function saveChildData(data: unknown, fileName: string): void {
  saveAs(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }), fileName);
}

function* onDownloadRequested({ payload: { studentId } }: ReturnType<typeof familyActions.downloadRequested>) {
  const token = yield* familyToken();
  if (!token) return;
  try {
    const data = yield* call(getChildData, token, studentId);
    yield* call(saveChildData, data, `child-${studentId}-data.json`);
    yield* put(familyActions.downloadSaved({ studentId }));
  } catch (error) {
    yield* failed(error, (apiError) => familyActions.downloadFailed({ studentId, error: apiError }));
  }
}

function* onErasureConfirmed({ payload: { studentId } }: ReturnType<typeof familyActions.erasureConfirmed>) {
  const token = yield* familyToken();
  if (!token) return;
  try {
    yield* put(familyActions.erasureRecorded(yield* call(askForErasure, token, studentId)));
  } catch (error) {
    yield* failed(error, (apiError) => familyActions.erasureFailed({ studentId, error: apiError }));
  }
}

function* onSettingsChanged({ payload }: ReturnType<typeof familyActions.settingsChanged>) {
  const token = yield* familyToken();
  if (!token) return;
  try {
    yield* put(familyActions.settingsSaved(yield* call(saveFamilySettings, token, payload)));
  } catch (error) {
    yield* failed(error, familyActions.settingsFailed);
  }
}

function* onUnsubscribeOpened({ payload }: ReturnType<typeof familyActions.unsubscribeOpened>) {
  try {
    const answer = yield* call(unsubscribeFamily, payload.token);
    yield* put(familyActions.unsubscribed({ teacherName: answer.teacherName }));
  } catch (error) {
    yield* put(familyActions.unsubscribeFailed(toApiError(error)));
  }
}

export function* familySaga() {
  yield* takeLeading(familyActions.linkRequested, onLinkRequested);
  yield* takeLeading(familyActions.signInOpened, onSignInOpened);
  yield* takeLatest(familyActions.overviewRequested, onOverviewRequested);
  yield* takeLeading(familyActions.signOutRequested, onSignOut);
  yield* takeLeading(familyActions.messageSent, onMessageSent);
  yield* takeLeading(familyActions.downloadRequested, onDownloadRequested);
  yield* takeLeading(familyActions.erasureConfirmed, onErasureConfirmed);
  yield* takeLatest(familyActions.settingsChanged, onSettingsChanged);
  yield* takeLeading(familyActions.unsubscribeOpened, onUnsubscribeOpened);
}
