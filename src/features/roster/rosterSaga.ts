/**
 * Roster side effects: loading users and students when a roster page opens or another feature
 * needs the lists (entities/roster), signing up students and franchise owners, and exporting a
 * table to a spreadsheet.
 */
import { isAnyOf } from '@reduxjs/toolkit';
import { all, call, fork, getContext, put, take, takeEvery, takeLatest, takeLeading } from 'typed-redux-saga';
import { toApiError } from '../../api/errors';
import type { ApiClient } from '../../api/types';
import { configActions, selectCapabilitiesKnown } from '../../entities/config/configSlice';
import { programsActions } from '../../entities/programs/programsSlice';
import { selectListLoad } from '../../entities/roster/rosterListsSelectors';
import { rosterListsActions } from '../../entities/roster/rosterListsSlice';
import { selectUserRole } from '../../entities/session/sessionSelectors';
import { sessionActions } from '../../entities/session/sessionSlice';
import { studentsActions } from '../../entities/students/studentsSlice';
import { usersActions } from '../../entities/users/usersSlice';
import { selectFromStore, type StoreState } from '../../shared/storeHooks';
import { takeLatestUnlessFresh } from '../../shared/takeLatestUnlessFresh';
import { loadExporter } from '../../shared/export/exportService';
import { getOwnerTotals, getProgressSummary } from './api';
import { selectSiteKeepsProgress } from './rosterSelectors';
import { rosterActions } from './rosterSlice';

/** The rows of an export (filters, sort) load with the export, not with the app's start. */
const loadExportPlan = () => import(/* webpackChunkName: "roster-export-plan" */ './export/exportPlan');

/** Students and users, both at once; the backend already limits them to what this user may see. */
export function* loadRoster() {
  const api = yield* getContext<ApiClient>('api');
  yield* put(rosterListsActions.loadStarted());
  yield* fork(loadProgressSummary);
  try {
    const { students, users } = yield* all({ students: call([api, api.getAllStudents]), users: call([api, api.getAllUsers]) });
    yield* put(usersActions.received(users));
    yield* put(studentsActions.received(students));
    yield* put(rosterListsActions.loadSucceeded({ loadedAt: yield* call(Date.now) }));
  } catch (err) {
    yield* put(rosterListsActions.loadFailed({ error: toApiError(err) }));
  }
}

/** The progress columns' figures (portal backend only), beside the lists: they never hold them back. */
function* loadProgressSummary() {
  // A list opened straight from its address asks before the site's capabilities are known.
  if (!(yield* selectFromStore(selectCapabilitiesKnown))) yield* take(configActions.capabilitiesDiscovered);
  const keepsProgress = yield* selectFromStore(selectSiteKeepsProgress);
  const role = yield* selectFromStore(selectUserRole);
  if (!keepsProgress || (role !== 'administrator' && role !== 'franchise_owner')) return;
  try {
    yield* put(rosterActions.progressSummaryReceived(yield* call(getProgressSummary)));
  } catch (err) {
    yield* put(rosterActions.progressSummaryFailed({ error: toApiError(err) }));
  }
}

/**
 * The owners list's figures and statuses (an administrator on the portal backend), asked again each
 * time the list opens: a deactivation or a hand-over on an owner's page shows when the office comes back.
 */
function* loadOwnerTotals() {
  if (!(yield* selectFromStore(selectCapabilitiesKnown))) yield* take(configActions.capabilitiesDiscovered);
  if (!(yield* selectFromStore(selectSiteKeepsProgress)) || (yield* selectFromStore(selectUserRole)) !== 'administrator') return;
  try {
    yield* put(rosterActions.ownerTotalsReceived(yield* call(getOwnerTotals)));
  } catch (err) {
    yield* put(rosterActions.ownerTotalsFailed({ error: toApiError(err) }));
  }
}

/** The programs that exist, for the program choices; without them the form offers the spec's list. */
function* loadProgramChoices() {
  const api = yield* getContext<ApiClient>('api');
  try {
    yield* put(programsActions.received(yield* call([api, api.getPrograms])));
  } catch {
    // the choices stay as they were
  }
}

/** The sign-up form needs the programs, and the owners list only when an administrator chooses the owner. */
function* loadForSignUp() {
  const role = yield* selectFromStore(selectUserRole);
  yield* fork(loadProgramChoices);
  if (role === 'administrator') yield* call(loadRoster);
}

function* signUpStudent(action: ReturnType<typeof rosterActions.studentSignUpSubmitted>) {
  const api = yield* getContext<ApiClient>('api');
  try {
    const outcome = yield* call([api, api.createStudent], action.payload);
    if (outcome === 'already_exists') yield* put(rosterActions.studentSignUpRejected({ reason: 'already_exists' }));
    else yield* put(rosterActions.studentSignUpSucceeded());
  } catch (err) {
    yield* put(rosterActions.studentSignUpFailed({ error: toApiError(err) }));
  }
}

function* signUpFranchiseOwner(action: ReturnType<typeof rosterActions.franchiseOwnerSubmitted>) {
  const api = yield* getContext<ApiClient>('api');
  const input = action.payload;
  try {
    const created = yield* call([api, api.createFranchiseOwner], input);
    yield* put(
      usersActions.added({
        id: created.userId,
        role: 'franchise_owner',
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        country: input.country,
        state: input.state,
        territory: input.territory,
        teacherId: null,
      }),
    );
    yield* put(
      rosterActions.franchiseOwnerSucceeded({
        userId: created.userId,
        username: created.username,
        name: `${input.firstName} ${input.lastName}`,
        email: input.email,
      }),
    );
  } catch (err) {
    yield* put(rosterActions.franchiseOwnerFailed({ error: toApiError(err) }));
  }
}

function* exportTable(action: ReturnType<typeof rosterActions.exportRequested>) {
  const { table, userName, ownerId = null, query } = action.payload;
  try {
    const { exportPlan } = yield* call(loadExportPlan);
    const plan = yield* selectFromStore(exportPlan, table, userName, ownerId, query);
    const exporter = yield* call(loadExporter);
    const result = yield* call(exporter.exportToFile<never>, {
      rows: plan.rows as never[],
      columns: plan.columns,
      fileName: plan.fileName,
      sheetName: plan.sheetName,
    });
    yield* put(rosterActions.exportSucceeded({ table, ...result }));
  } catch (err) {
    yield* put(rosterActions.exportFailed({ table, error: toApiError(err, 'export_failed') }));
  }
}

/** A sign-up adds someone to the lists: they load again when next opened. */
function* listsChanged() {
  yield* put(rosterListsActions.listsChanged());
}

export function* rosterSaga() {
  // The three lists, and whoever else needs them, share one load: an open while it runs, or soon after, asks nothing again.
  const listOpened = isAnyOf(rosterActions.studentsListOpened, rosterActions.franchiseOwnersOpened, rosterActions.allStudentsOpened, rosterListsActions.listsNeeded);
  const sessionEnded = isAnyOf(sessionActions.loggedOut, sessionActions.expired);
  yield* fork(takeLatestUnlessFresh(listOpened, () => 'roster', (state: StoreState) => [selectListLoad(state)], loadRoster, sessionEnded));
  yield* takeEvery([rosterActions.studentSignUpSucceeded, rosterActions.franchiseOwnerSucceeded], listsChanged);
  yield* takeLatest(rosterActions.signUpStudentOpened, loadForSignUp);
  yield* takeLatest(rosterActions.franchiseOwnersOpened, loadOwnerTotals);
  // takeLeading, not takeLatest: a second click while a sign-up is in flight must not send it twice.
  yield* takeLeading(rosterActions.studentSignUpSubmitted, signUpStudent);
  yield* takeLeading(rosterActions.franchiseOwnerSubmitted, signUpFranchiseOwner);
  yield* takeLeading(rosterActions.exportRequested, exportTable);
}
