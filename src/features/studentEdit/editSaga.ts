/** Side effects of the student's page details and the audit log: each change goes to the server, and its answer to the lists. */
import { all, call, getContext, put, takeEvery, takeLatest, takeLeading } from 'typed-redux-saga';
import type { ApiClient } from '../../api/types';
import { programsActions } from '../../entities/programs/programsSlice';
import { toApiError } from '../../api/errors';
import { mapStudent } from '../../api/rosterMappers';
import { studentsActions } from '../../entities/students/studentsSlice';
import { selectFromStore } from '../../shared/storeHooks';
import { selectAudit } from './editSelectors';
import { editActions, type StudentChange } from './editSlice';
import { editStudent, endStudent, getAudit, getStudent, moveStudent, reactivateStudent } from './api';

function* loadStudent(action: ReturnType<typeof editActions.studentOpened>) {
  try {
    yield* put(editActions.studentLoaded({ record: yield* call(getStudent, action.payload.id) }));
  } catch (err) {
    yield* put(editActions.studentLoadFailed({ id: action.payload.id, error: toApiError(err) }));
  }
}

/** The programs that exist, for the form's program choices; without them the form offers the spec's list. */
function* loadProgramChoices() {
  const api = yield* getContext<ApiClient>('api');
  try {
    yield* put(programsActions.received(yield* call([api, api.getPrograms])));
  } catch {
    // the choices stay as they were
  }
}

function* send(id: number, change: StudentChange) {
  switch (change.kind) {
    case 'edit':
      return yield* call(editStudent, id, change.edit);
    case 'end':
      return yield* call(endStudent, id);
    case 'reactivate':
      return yield* call(reactivateStudent, id, change.endDate);
    case 'move':
      return yield* call(moveStudent, id, change.teacherId);
  }
}

function* changeStudent(action: ReturnType<typeof editActions.changeRequested>) {
  const { id, change } = action.payload;
  try {
    const record = yield* call(send, id, change);
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
    const page = yield* call(getAudit, more && nextBefore !== null ? { ...query, before: nextBefore } : query);
    yield* put(editActions.auditLoaded({ entries: page.entries, nextBefore: page.nextBefore, more }));
  } catch (err) {
    yield* put(editActions.auditFailed({ error: toApiError(err), more }));
  }
}

export function* rosterEditSaga() {
  yield* all([
    takeEvery(editActions.studentOpened, loadStudent),
    takeLatest(editActions.studentOpened, loadProgramChoices),
    takeLeading(editActions.changeRequested, changeStudent),
    takeLatest(editActions.auditRequested, loadAudit, false),
    takeLeading(editActions.auditMoreRequested, loadAudit, true),
  ]);
}
