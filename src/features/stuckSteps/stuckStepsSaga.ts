/** Where children get stuck: the steps asked of the server each time the page opens or its owner filter changes, and the owners' names for the filter. */
import { call, getContext, put, takeLatest, takeLeading } from 'typed-redux-saga';
import { toApiError } from '../../api/errors';
import type { ApiClient } from '../../api/types';
import { selectFranchiseOwners } from '../../entities/users/usersSelectors';
import { usersActions } from '../../entities/users/usersSlice';
import { selectFromStore } from '../../shared/storeHooks';
import { getStuckSteps } from './api';
import { stuckStepsActions } from './stuckStepsSlice';

function* loadSteps({ payload: { ownerId } }: ReturnType<typeof stuckStepsActions.stepsRequested>) {
  try {
    yield* put(stuckStepsActions.stepsLoaded({ ownerId, answer: yield* call(getStuckSteps, ownerId) }));
  } catch (error) {
    yield* put(stuckStepsActions.stepsFailed({ ownerId, error: toApiError(error) }));
  }
}

/**
 * The users list, unless another page has already put it in the store. Not the roster's lists:
 * their every student is not needed for a filter.
 */
function* loadOwners() {
  if ((yield* selectFromStore(selectFranchiseOwners)).length > 0) return;
  const api = yield* getContext<ApiClient>('api');
  try {
    yield* put(usersActions.received(yield* call([api, api.getAllUsers])));
  } catch {
    // The filter then offers "All owners" only; the steps themselves do not need it.
  }
}

export function* stuckStepsSaga() {
  // takeLatest: the owner chosen last is the one shown.
  yield* takeLatest(stuckStepsActions.stepsRequested, loadSteps);
  yield* takeLeading(stuckStepsActions.ownersNeeded, loadOwners);
}
