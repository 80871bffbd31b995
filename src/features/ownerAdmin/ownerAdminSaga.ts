/** The owner page's side effects: her record, each change sent to the server, and the lists told when students changed hands. */
import { all, call, put, takeEvery, takeLatest, takeLeading } from 'typed-redux-saga';
import { toApiError } from '../../api/errors';
import { rosterListsActions } from '../../entities/roster/rosterListsSlice';
import { usersActions } from '../../entities/users/usersSlice';
import { selectFromStore } from '../../shared/storeHooks';
import { deactivateOwner, editOwner, getOwner, getOwnerTotals, reactivateOwner } from './api';
import { selectOwnerView } from './ownerAdminSelectors';
import { ownerAdminActions, type OwnerChange } from './ownerAdminSlice';

function* loadOwner(action: ReturnType<typeof ownerAdminActions.ownerOpened>) {
  try {
    yield* put(ownerAdminActions.ownerLoaded(yield* call(getOwner, action.payload.id)));
  } catch (err) {
    yield* put(ownerAdminActions.ownerLoadFailed({ id: action.payload.id, error: toApiError(err) }));
  }
}

function* loadTotals() {
  try {
    yield* put(ownerAdminActions.totalsLoaded(yield* call(getOwnerTotals)));
  } catch (err) {
    yield* put(ownerAdminActions.totalsFailed(toApiError(err)));
  }
}

function* send(id: number, change: OwnerChange) {
  switch (change.kind) {
    case 'edit':
      return yield* call(editOwner, id, change.edit);
    case 'deactivate':
      return yield* call(deactivateOwner, id, change.body);
    case 'reactivate':
      return yield* call(reactivateOwner, id);
  }
}

function* changeOwner(action: ReturnType<typeof ownerAdminActions.changeRequested>) {
  const { id, change } = action.payload;
  // Her students as the page showed them: the answer counts none once they were handed over.
  const before = (yield* selectFromStore(selectOwnerView, id)).record;
  try {
    const record = yield* call(send, id, change);
    const handedOver = change.kind === 'deactivate' && change.body.students === 'hand_over' ? { students: before?.students ?? 0, toOwnerId: change.body.toOwnerId } : null;
    yield* put(ownerAdminActions.changeSucceeded({ kind: change.kind, record, handedOver }));
    if (change.kind === 'edit') {
      // The owners lists read the users entity: they show the new details at once.
      const { ownerId, firstName, lastName, email, country, state, territory } = record;
      yield* put(usersActions.added({ id: ownerId, role: 'franchise_owner', firstName, lastName, email, country, state, territory, teacherId: null }));
    }
    if (handedOver) {
      // Her students now belong to another owner: the lists load again, now for this page's names, and for every list after.
      yield* put(rosterListsActions.listsChanged());
      yield* put(rosterListsActions.listsNeeded());
      yield* call(loadTotals);
    }
  } catch (err) {
    yield* put(ownerAdminActions.changeFailed({ id, kind: change.kind, error: toApiError(err) }));
  }
}

export function* ownerAdminSaga() {
  yield* all([
    takeEvery(ownerAdminActions.ownerOpened, loadOwner),
    takeLatest(ownerAdminActions.totalsRequested, loadTotals),
    // takeLeading: a second click while a change is in flight must not send it twice.
    takeLeading(ownerAdminActions.changeRequested, changeOwner),
  ]);
}
