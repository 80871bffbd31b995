/** Side effects of the student's page details and the audit log: each change goes to the server, and its answer to the lists. */
import { all, call, getContext, put, takeEvery, takeLatest, takeLeading } from 'typed-redux-saga';
import type { RosterStudent } from '../../../contract/rosterEdit';
import { toApiError } from '../../api/errors';
import { mapStudent } from '../../api/rosterMappers';
import { createRosterEditApi } from '../../api/rosterEditClient';
import type { ApiClient, RosterEditApi } from '../../api/types';
import { studentsActions } from '../../entities/students/studentsSlice';
import { selectFromStore } from '../../shared/storeHooks';
import { selectAudit } from './editSelectors';
import { editActions, type StudentChange } from './editSlice';

function* rosterEditApi() {
  const api = yield* getContext<ApiClient>('api');
  return createRosterEditApi((request) => api.request(request));
}

function* loadStudent(action: ReturnType<typeof editActions.studentOpened>) {
  try {
    const client = yield* rosterEditApi();
    yield* put(editActions.studentLoaded({ record: yield* call([client, client.getStudent], action.payload.id) }));
  } catch (err) {
    yield* put(editActions.studentLoadFailed({ id: action.payload.id, error: toApiError(err) }));
  }
}

function send(client: RosterEditApi, id: number, change: StudentChange): Promise<RosterStudent> {
  switch (change.kind) {
    case 'edit':
      return client.editStudent(id, change.edit);
    case 'end':
      return client.endStudent(id);
    case 'reactivate':
      return client.reactivateStudent(id, change.endDate);
    case 'move':
      return client.moveStudent(id, change.teacherId);
  }
}

function* changeStudent(action: ReturnType<typeof editActions.changeRequested>) {
  const { id, change } = action.payload;
  try {
    const client = yield* rosterEditApi();
    const record = yield* call(send, client, id, change);
    // The lists read the students entity: they show the change at once.
    yield* put(studentsActions.added(mapStudent(record)));
    yield* put(editActions.changeSucceeded({ kind: change.kind, record }));
  } catch (err) {
    yield* put(editActions.changeFailed({ id, kind: change.kind, error: toApiError(err) }));
  }
}

function* loadAudit(more: boolean) {
  const { query, nextBefore } = yield* selectFromStore(selectAudit);
  try {
    const client = yield* rosterEditApi();
    const page = yield* call([client, client.getAudit], more && nextBefore !== null ? { ...query, before: nextBefore } : query);
    yield* put(editActions.auditLoaded({ entries: page.entries, nextBefore: page.nextBefore, more }));
  } catch (err) {
    yield* put(editActions.auditFailed({ error: toApiError(err), more }));
  }
}

export function* rosterEditSaga() {
  yield* all([
    takeEvery(editActions.studentOpened, loadStudent),
    takeLeading(editActions.changeRequested, changeStudent),
    takeLatest(editActions.auditRequested, loadAudit, false),
    takeLeading(editActions.auditMoreRequested, loadAudit, true),
  ]);
}
